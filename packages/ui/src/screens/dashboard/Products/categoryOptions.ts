// The category tree as the selects list it: depth-first, each with its depth for indenting.

export interface CategoryTreeNode {
  id: string;
  name: string;
  children?: CategoryTreeNode[] | null;
}

export interface CategoryOption {
  id: string;
  name: string;
  depth: number;
  /** 'Roupas › Camisetas'. */
  path: string;
}

export function categoryOptions(
  tree: readonly CategoryTreeNode[],
  depth = 0,
  parents: string[] = [],
): CategoryOption[] {
  return tree.flatMap((node) => {
    const path = [...parents, node.name];
    return [
      { id: node.id, name: node.name, depth, path: path.join(' › ') },
      ...categoryOptions(node.children ?? [], depth + 1, path),
    ];
  });
}
