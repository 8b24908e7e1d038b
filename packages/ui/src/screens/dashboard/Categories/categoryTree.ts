// The category tree's moves, pure: where a keyboard move or a drop puts a category (the arguments
// of categoryMove) and the tree after it (shown at once, before the server answers).

export interface CategoryNode {
  id: string;
  slug: string;
  name: string;
  productCount: number;
  children: CategoryNode[];
}

/** categoryMove's arguments: the new parent (null: the top) and the position among its children. */
export interface CategoryMove {
  id: string;
  parentId: string | null;
  position: number;
}

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent';

export interface NodePlace {
  node: CategoryNode;
  parent: CategoryNode | null;
  siblings: CategoryNode[];
  index: number;
  /** From the top: 1 for a top-level category. */
  level: number;
}

/** Every category in display order (depth first), with where it sits. */
export function flattenTree(
  tree: CategoryNode[],
  parent: CategoryNode | null = null,
  level = 1,
): NodePlace[] {
  return tree.flatMap((node, index) => [
    { node, parent, siblings: tree, index, level },
    ...flattenTree(node.children, node, level + 1),
  ]);
}

export function findPlace(tree: CategoryNode[], id: string): NodePlace | null {
  return flattenTree(tree).find((place) => place.node.id === id) ?? null;
}

/**
 * Where Alt+↑/↓ (among its siblings), Alt+→ (last child of the previous sibling) and Alt+← (out
 * of its parent, right after it) take a category; null when it cannot go that way.
 */
export function keyboardMove(
  tree: CategoryNode[],
  id: string,
  move: KeyboardMove,
): CategoryMove | null {
  const place = findPlace(tree, id);
  if (!place) return null;
  const parentId = place.parent?.id ?? null;
  switch (move) {
    case 'up':
      return place.index > 0 ? { id, parentId, position: place.index - 1 } : null;
    case 'down':
      return place.index < place.siblings.length - 1
        ? { id, parentId, position: place.index + 1 }
        : null;
    case 'indent': {
      const previous = place.siblings[place.index - 1];
      return previous ? { id, parentId: previous.id, position: previous.children.length } : null;
    }
    case 'outdent': {
      if (!place.parent) return null;
      const parentPlace = findPlace(tree, place.parent.id);
      if (!parentPlace) return null;
      return { id, parentId: parentPlace.parent?.id ?? null, position: parentPlace.index + 1 };
    }
  }
}

/** Whether `id` is `ancestorId` or inside it. */
export function isWithin(tree: CategoryNode[], id: string, ancestorId: string): boolean {
  const ancestor = findPlace(tree, ancestorId);
  if (!ancestor) return false;
  return flattenTree([ancestor.node]).some((place) => place.node.id === id);
}

export type DropZone = 'before' | 'inside' | 'after';

/** Where dropping `id` on `targetId` puts it; null when it would go under itself. */
export function dropMove(
  tree: CategoryNode[],
  id: string,
  targetId: string,
  zone: DropZone,
): CategoryMove | null {
  if (isWithin(tree, targetId, id)) return null;
  const target = findPlace(tree, targetId);
  const moving = findPlace(tree, id);
  if (!target || !moving) return null;
  if (zone === 'inside') {
    const already = target.node.children.some((child) => child.id === id);
    return {
      id,
      parentId: targetId,
      position: target.node.children.length - (already ? 1 : 0),
    };
  }
  const parentId = target.parent?.id ?? null;
  // Positions count the siblings without the moving category.
  const sameList = (moving.parent?.id ?? null) === parentId;
  let position = target.index + (zone === 'after' ? 1 : 0);
  if (sameList && moving.index < target.index) position -= 1;
  if (sameList && position === moving.index) return null;
  return { id, parentId, position };
}

/** The tree after a move (a new tree; the nodes moved are copies). */
export function applyMove(tree: CategoryNode[], move: CategoryMove): CategoryNode[] {
  const place = findPlace(tree, move.id);
  if (!place) return tree;
  const remove = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes
      .filter((node) => node.id !== move.id)
      .map((node) => ({ ...node, children: remove(node.children) }));
  const insert = (nodes: CategoryNode[], parentId: string | null): CategoryNode[] => {
    const children =
      parentId === move.parentId
        ? [...nodes.slice(0, move.position), place.node, ...nodes.slice(move.position)]
        : nodes;
    return children.map((node) =>
      node.id === move.id ? node : { ...node, children: insert(node.children, node.id) },
    );
  };
  return insert(remove(tree), null);
}

/** 'Camisetas: posição 2 de 3 em Roupas' — what the live region says after a move. */
export function describePlace(tree: CategoryNode[], id: string): string {
  const place = findPlace(tree, id);
  if (!place) return '';
  const where = place.parent ? `em ${place.parent.name}` : 'no primeiro nível';
  return `${place.node.name}: posição ${place.index + 1} de ${place.siblings.length} ${where}`;
}
