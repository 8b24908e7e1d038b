import { describe, expect, it } from 'vitest';

import {
  checkCatalogHistoryPage,
  checkCursorSort,
  checkProductsPageSize,
  checkStaffProductsPage,
  invalidCursor,
  PAGING_MESSAGES as M,
} from './paging.input';
import { checkWholeNumber } from './rule';

const issueOf = (result: { ok: boolean; issue?: unknown }) => (result.ok ? null : result.issue);

describe('checkStaffProductsPage', () => {
  it('takes 25 rows from the start by default, and 0 to 100 rows from 0 to 10.000', () => {
    expect(checkStaffProductsPage({})).toEqual({ ok: true, value: { first: 25, offset: 0 } });
    expect(checkStaffProductsPage({ first: null, offset: null })).toEqual({
      ok: true,
      value: { first: 25, offset: 0 },
    });
    expect(checkStaffProductsPage({ first: 0, offset: 10_000 })).toEqual({
      ok: true,
      value: { first: 0, offset: 10_000 },
    });
    expect(checkStaffProductsPage({ first: 100 })).toMatchObject({ value: { first: 100 } });
  });

  it('refuses a size out of 0 to 100, then an offset out of 0 to 10.000', () => {
    const first = { field: 'first', message: 'Informe first entre 0 e 100.' };
    expect(issueOf(checkStaffProductsPage({ first: -1 }))).toEqual(first);
    expect(issueOf(checkStaffProductsPage({ first: 101, offset: -1 }))).toEqual(first);
    expect(issueOf(checkStaffProductsPage({ first: 1.5 }))).toEqual(first);
    const offset = {
      field: 'offset',
      message: 'Informe offset entre 0 e 10.000; refine os filtros para ver produtos além disso.',
    };
    expect(issueOf(checkStaffProductsPage({ offset: -1 }))).toEqual(offset);
    expect(issueOf(checkStaffProductsPage({ offset: 10_001 }))).toEqual(offset);
    expect(M.staffProductsOffset).toBe(offset.message);
  });
});

describe('checkCatalogHistoryPage', () => {
  it('takes 20 entries by default, 0 to 100 from 0 to 10000', () => {
    expect(checkCatalogHistoryPage({})).toEqual({ ok: true, value: { first: 20, offset: 0 } });
    expect(checkCatalogHistoryPage({ first: 0, offset: 10_000 })).toMatchObject({ ok: true });
    expect(issueOf(checkCatalogHistoryPage({ first: 101 }))).toEqual({
      field: 'first',
      message: 'Peça de 0 a 100 registros por vez.',
    });
    expect(issueOf(checkCatalogHistoryPage({ first: -1 }))).toEqual({
      field: 'first',
      message: M.historyFirst,
    });
    expect(issueOf(checkCatalogHistoryPage({ offset: 10_001 }))).toEqual({
      field: 'offset',
      message: 'O deslocamento vai de 0 a 10000.',
    });
    expect(issueOf(checkCatalogHistoryPage({ offset: -1 }))).toMatchObject({ field: 'offset' });
  });
});

describe('checkProductsPageSize', () => {
  it('takes 20 by default and 0 to 100', () => {
    expect(checkProductsPageSize(undefined)).toEqual({ ok: true, value: 20 });
    expect(checkProductsPageSize(null)).toEqual({ ok: true, value: 20 });
    expect(checkProductsPageSize(0)).toEqual({ ok: true, value: 0 });
    expect(checkProductsPageSize(100)).toEqual({ ok: true, value: 100 });
  });

  it('refuses a negative size and one above 100, each in its words', () => {
    expect(issueOf(checkProductsPageSize(-1))).toEqual({
      field: 'first',
      message: 'first não pode ser negativo.',
    });
    expect(issueOf(checkProductsPageSize(101))).toEqual({
      field: 'first',
      message: 'first aceita no máximo 100 itens por página.',
    });
  });
});

describe('checkWholeNumber (rule.ts)', () => {
  it('checks a whole number within the bounds, on the field named', () => {
    const bounds = { fallback: 5, min: 1, max: 10, message: 'Fora.', field: 'size' };
    expect(checkWholeNumber(undefined, bounds)).toEqual({ ok: true, value: 5 });
    expect(checkWholeNumber(1, bounds)).toEqual({ ok: true, value: 1 });
    expect(checkWholeNumber(10, bounds)).toEqual({ ok: true, value: 10 });
    expect(issueOf(checkWholeNumber(0, bounds))).toEqual({ field: 'size', message: 'Fora.' });
    expect(issueOf(checkWholeNumber(11, bounds))).toEqual({ field: 'size', message: 'Fora.' });
    expect(issueOf(checkWholeNumber(Number.NaN, bounds))).toMatchObject({ field: 'size' });
  });
});

describe('cursors', () => {
  it("accepts a cursor of the listing's sort and refuses one of another", () => {
    expect(checkCursorSort('NAME', 'NAME')).toEqual({ ok: true, value: 'NAME' });
    expect(issueOf(checkCursorSort('PRICE_ASC', 'NAME'))).toEqual({
      field: 'after',
      message: 'Este cursor pertence a outra ordenação; recomece a listagem.',
    });
    expect(issueOf(checkCursorSort(undefined, 'NAME'))).toMatchObject({ field: 'after' });
  });

  it('refuses a cursor that cannot be read', () => {
    expect(invalidCursor().issue).toEqual({
      field: 'after',
      message: 'Cursor inválido: use o endCursor da página anterior.',
    });
    expect(M.cursorInvalid).toBe(invalidCursor().issue.message);
  });
});
