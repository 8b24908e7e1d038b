// The catalog's pages, once for the server and the ui's mocks: how many rows a page asks for
// (`first`) and from where (`offset`), for the dashboard's products grid (staffProducts), its
// change history (catalogHistory) and the storefront's listing (products), and the refusals of a
// storefront cursor. Each refusal is the server's Portuguese message on its field. How a cursor is
// written and read is each side's own (the server's keyset, the mock's index); a cursor that cannot
// be read is refused with PAGING_MESSAGES.cursorInvalid, one of another sort with cursorOtherSort.
import type { RuleResult } from './variant';
import { checkWholeNumber, ruleRefusal as refuse, type WholeNumberBounds } from './rule';

export const PAGING_LIMITS = {
  staffProductsDefault: 25,
  staffProductsPage: 100,
  staffProductsOffset: 10_000,
  historyDefault: 20,
  historyPage: 100,
  historyOffset: 10_000,
  productsDefault: 20,
  productsPage: 100,
} as const;

const L = PAGING_LIMITS;

export const PAGING_MESSAGES = {
  staffProductsFirst: `Informe first entre 0 e ${L.staffProductsPage}.`,
  staffProductsOffset:
    'Informe offset entre 0 e 10.000; refine os filtros para ver produtos além disso.',
  historyFirst: `Peça de 0 a ${L.historyPage} registros por vez.`,
  historyOffset: `O deslocamento vai de 0 a ${L.historyOffset}.`,
  productsFirstNegative: 'first não pode ser negativo.',
  productsFirstTooMany: `first aceita no máximo ${L.productsPage} itens por página.`,
  cursorInvalid: 'Cursor inválido: use o endCursor da página anterior.',
  cursorOtherSort: 'Este cursor pertence a outra ordenação; recomece a listagem.',
} as const;

const M = PAGING_MESSAGES;

export interface OffsetPageInput {
  first?: number | null;
  offset?: number | null;
}

function checkOffsetPage(
  page: OffsetPageInput,
  first: Omit<WholeNumberBounds, 'field' | 'min'>,
  offset: Omit<WholeNumberBounds, 'field' | 'min' | 'fallback'>,
): RuleResult<{ first: number; offset: number }> {
  const size = checkWholeNumber(page.first, { ...first, min: 0, field: 'first' });
  if (!size.ok) return size;
  const from = checkWholeNumber(page.offset, { ...offset, fallback: 0, min: 0, field: 'offset' });
  if (!from.ok) return from;
  return { ok: true, value: { first: size.value, offset: from.value } };
}

/** The products grid's page (staffProducts): 0 to 100 rows (25 by default), from 0 to 10.000. */
export function checkStaffProductsPage(
  page: OffsetPageInput,
): RuleResult<{ first: number; offset: number }> {
  return checkOffsetPage(
    page,
    { fallback: L.staffProductsDefault, max: L.staffProductsPage, message: M.staffProductsFirst },
    { max: L.staffProductsOffset, message: M.staffProductsOffset },
  );
}

/** The catalog history's page (catalogHistory): 0 to 100 entries (20 by default), from 0 to 10.000. */
export function checkCatalogHistoryPage(
  page: OffsetPageInput,
): RuleResult<{ first: number; offset: number }> {
  return checkOffsetPage(
    page,
    { fallback: L.historyDefault, max: L.historyPage, message: M.historyFirst },
    { max: L.historyOffset, message: M.historyOffset },
  );
}

/** The storefront listing's page size (products): 0 to 100 (20 by default). */
export function checkProductsPageSize(first: number | null | undefined): RuleResult<number> {
  if (first === null || first === undefined) return { ok: true, value: L.productsDefault };
  if (first < 0) return refuse('first', M.productsFirstNegative);
  if (first > L.productsPage) return refuse('first', M.productsFirstTooMany);
  return { ok: true, value: first };
}

/**
 * A storefront cursor's sort against the listing's: the same one, or the refusal on 'after' (start
 * the listing again). A cursor that could not be read at all is each side's own to refuse with
 * PAGING_MESSAGES.cursorInvalid, before this.
 */
export function checkCursorSort<S extends string>(cursorSort: unknown, sort: S): RuleResult<S> {
  return cursorSort === sort ? { ok: true, value: sort } : refuse('after', M.cursorOtherSort);
}

/** The refusal of a cursor that cannot be read (or names no row of the listing), on 'after'. */
export function invalidCursor(): { ok: false; issue: { field: string; message: string } } {
  return refuse('after', M.cursorInvalid);
}
