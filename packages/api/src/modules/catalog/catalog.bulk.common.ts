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

/** 'A, B e C' or 'A, B, C e mais 4' (@vitrine/rules: the mocks name products alike). */
export { someNames } from '@vitrine/rules';
