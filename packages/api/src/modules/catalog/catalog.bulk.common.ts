// What the bulk changes of the products grid share (catalog.bulk.ts and its actions in their own
// files): the locked selection's rows, an action's outcome and the words of its summary. Their SQL
// is in catalog.bulk.repository.ts.

/** A selected product, locked (catalog.bulk.ts: lockSelection). */
export interface Selected {
  id: string;
  name: string;
  brand_id: string;
  category_id: string;
}

/** What an action did: the history's summary and its compact before and after. */
export interface Applied {
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** '1 produto', '3 produtos'. */
export function products(n: number): string {
  return `${n} ${n === 1 ? 'produto' : 'produtos'}`;
}

/** 'A, B e C' or 'A, B, C e mais 4'. */
export function someNames(names: string[], shown = 3): string {
  const head = names.slice(0, shown).map((name) => `“${name}”`);
  const rest = names.length - head.length;
  if (rest > 0) return `${head.join(', ')} e mais ${rest}`;
  if (head.length <= 1) return head.join('');
  return `${head.slice(0, -1).join(', ')} e ${head.at(-1)}`;
}
