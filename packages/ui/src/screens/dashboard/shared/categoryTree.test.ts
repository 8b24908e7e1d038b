import { describe, expect, it } from 'vitest';

import { categoryTreeFromFlat } from './categoryTree';

describe('categoryTreeFromFlat', () => {
  it('nests children under their parents, siblings by position', () => {
    const tree = categoryTreeFromFlat([
      { id: 'b', name: 'Calçados', parentId: null, position: 1 },
      { id: 'a', name: 'Roupas', parentId: null, position: 0 },
      { id: 'a2', name: 'Vestidos', parentId: 'a', position: 1 },
      { id: 'a1', name: 'Camisetas', parentId: 'a', position: 0 },
      { id: 'a1x', name: 'Regatas', parentId: 'a1', position: 0 },
    ]);
    expect(tree.map((node) => node.name)).toEqual(['Roupas', 'Calçados']);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['Camisetas', 'Vestidos']);
    expect(tree[0]!.children[0]!.children.map((node) => node.name)).toEqual(['Regatas']);
    expect(tree[1]!.children).toEqual([]);
  });

  it('keeps a category whose parent is missing at the top', () => {
    const tree = categoryTreeFromFlat([{ id: 'x', name: 'Órfã', parentId: 'gone', position: 0 }]);
    expect(tree.map((node) => node.name)).toEqual(['Órfã']);
  });
});
