// The category tree rebuilt from `staffCategories` (one flat list in tree order, parentId and
// position): the dashboard never nests `children` in a query (each level multiplies its cost).

export interface FlatCategory {
  id: string;
  name: string;
  parentId: string | null;
  position: number;
}

export type CategoryTreeOf<T extends FlatCategory> = T & { children: CategoryTreeOf<T>[] };

/**
 * The top-level categories with their children, siblings by position. A category whose parent is
 * missing from the list is shown at the top rather than lost.
 */
export function categoryTreeFromFlat<T extends FlatCategory>(
  flat: readonly T[],
): CategoryTreeOf<T>[] {
  const nodes = new Map<string, CategoryTreeOf<T>>(
    flat.map((category) => [category.id, { ...category, children: [] }]),
  );
  const roots: CategoryTreeOf<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const byPosition = (a: CategoryTreeOf<T>, b: CategoryTreeOf<T>) => a.position - b.position;
  const sortAll = (list: CategoryTreeOf<T>[]) => {
    list.sort(byPosition);
    for (const node of list) sortAll(node.children);
  };
  sortAll(roots);
  return roots;
}
