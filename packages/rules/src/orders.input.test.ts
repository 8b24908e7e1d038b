import { describe, expect, it } from 'vitest';

import {
  checkBulkOrderIds,
  checkOrderListFilter,
  checkOrderNote,
  checkOrderPage,
  checkOrderText,
  ORDER_INPUT_MESSAGES as M,
  parseIsoDay,
  trackingCorrectionRefusal,
} from './orders.input';

function issueOf(result: { ok: boolean; issue?: unknown; value?: unknown }) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.issue;
}

describe("a step's texts", () => {
  it('keeps a note trimmed, blank as none, and refuses one over 1000 characters', () => {
    expect(checkOrderNote('  Pago no balcão ')).toEqual({ ok: true, value: 'Pago no balcão' });
    expect(checkOrderNote('   ')).toEqual({ ok: true, value: null });
    expect(checkOrderNote(undefined)).toEqual({ ok: true, value: null });
    expect(checkOrderNote('n'.repeat(1000)).ok).toBe(true);
    expect(issueOf(checkOrderNote('n'.repeat(1001)))).toEqual({
      field: 'note',
      message: 'A observação pode ter no máximo 1000 caracteres.',
    });
  });

  it('names a required text with its article', () => {
    expect(issueOf(checkOrderText('  ', 'carrier', 'a transportadora', 60))).toEqual({
      field: 'carrier',
      message: 'Informe a transportadora.',
    });
    expect(issueOf(checkOrderText(null, 'reason', 'o motivo', 5))).toMatchObject({
      message: 'Informe o motivo.',
    });
    expect(issueOf(checkOrderText('x'.repeat(61), 'carrier', 'a transportadora', 60))).toEqual({
      field: 'carrier',
      message: 'A transportadora pode ter no máximo 60 caracteres.',
    });
  });
});

describe('trackingCorrectionRefusal', () => {
  it('refuses a pickup, then an order not shipped, then the same carrier and code', () => {
    expect(trackingCorrectionRefusal({ pickup: true, status: 'PAID' }, true)).toEqual({
      field: '',
      message: M.trackingPickup,
    });
    expect(trackingCorrectionRefusal({ pickup: false, status: 'DELIVERED' }, true)).toEqual({
      field: '',
      message: M.trackingNotShipped,
    });
    expect(trackingCorrectionRefusal({ pickup: false, status: 'SHIPPED' }, true)).toEqual({
      field: 'trackingCode',
      message: M.trackingUnchanged,
    });
    expect(trackingCorrectionRefusal({ pickup: false, status: 'SHIPPED' }, false)).toBeNull();
  });
});

describe("the orders list's page and filter", () => {
  it('reads a page: 20 from 0 by default, 1 to 100 rows, 0 to 10.000, offset or after', () => {
    expect(checkOrderPage({})).toEqual({ ok: true, value: { first: 20, offset: 0 } });
    expect(checkOrderPage({ first: 100, offset: 10_000 }).ok).toBe(true);
    expect(issueOf(checkOrderPage({ first: 0 }))).toEqual({ field: 'first', message: M.pageSize });
    expect(issueOf(checkOrderPage({ first: 2.5 }))).toMatchObject({ field: 'first' });
    expect(issueOf(checkOrderPage({ offset: 10_001 }))).toEqual({
      field: 'offset',
      message: 'A posição deve ser um número de 0 a 10.000.',
    });
    expect(issueOf(checkOrderPage({ offset: 0, after: 'x' }))).toEqual({
      field: 'offset',
      message: M.offsetAndAfter,
    });
    expect(checkOrderPage({ offset: null, after: 'x' }).ok).toBe(true);
  });

  it('takes real days of 2000 to 2100 only', () => {
    expect(parseIsoDay('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDay('2026-02-29')).toBeNull();
    expect(parseIsoDay('1999-12-31')).toBeNull();
    expect(parseIsoDay('2026-1-31')).toBeNull();
  });

  it('reads the filter: search trimmed, days, a deadline with its zone', () => {
    expect(
      checkOrderListFilter({
        search: '  VT-1 ',
        dateFrom: '2026-01-01',
        dateTo: '',
        expiresBefore: '2026-01-31T09:00-03:00',
      }),
    ).toEqual({
      ok: true,
      value: {
        search: 'VT-1',
        dateFrom: '2026-01-01',
        dateTo: null,
        expiresBefore: new Date('2026-01-31T12:00:00Z'),
      },
    });
    expect(checkOrderListFilter(null)).toMatchObject({ ok: true, value: { search: null } });
  });

  it('refuses, in order, a long search, a bad day, days reversed and a deadline without zone', () => {
    expect(issueOf(checkOrderListFilter({ search: 's'.repeat(101), dateFrom: 'x' }))).toEqual({
      field: 'search',
      message: M.search,
    });
    expect(issueOf(checkOrderListFilter({ dateTo: '2026-13-01' }))).toEqual({
      field: 'dateTo',
      message: M.day,
    });
    expect(issueOf(checkOrderListFilter({ dateFrom: '2026-02-01', dateTo: '2026-01-31' }))).toEqual(
      { field: 'dateFrom', message: M.dateOrder },
    );
    expect(issueOf(checkOrderListFilter({ expiresBefore: '2026-01-31T12:00' }))).toEqual({
      field: 'expiresBefore',
      message: M.instant,
    });
  });
});

describe("a bulk action's orders", () => {
  const ids = (count: number) => Array.from({ length: count }, (_, index) => `order-${index}`);

  it('takes 1 to 100 orders', () => {
    expect(checkBulkOrderIds(ids(1), 'ids')).toEqual({ ok: true, value: ids(1) });
    expect(checkBulkOrderIds(ids(100), 'items').ok).toBe(true);
  });

  it('refuses none and 101, on the field named', () => {
    expect(issueOf(checkBulkOrderIds([], 'items'))).toEqual({
      field: 'items',
      message: 'Escolha ao menos um pedido.',
    });
    expect(issueOf(checkBulkOrderIds(ids(101), 'ids'))).toEqual({
      field: 'ids',
      message: 'Escolha no máximo 100 pedidos de uma vez.',
    });
  });

  it('refuses an order twice, ids compared trimmed and without case', () => {
    expect(issueOf(checkBulkOrderIds(['order-a', ' ORDER-A '], 'ids'))).toEqual({
      field: 'ids',
      message: M.bulkDuplicate,
    });
  });
});
