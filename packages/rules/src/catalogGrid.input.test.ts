import { describe, expect, it } from 'vitest';

import {
  bulkEmptyRefusal,
  bulkPriceBoundsRefusal,
  CATALOG_GRID_MESSAGES as M,
  checkBulkChange,
  checkBulkSelection,
  checkPriceChange,
  checkStockChange,
  checkVariantPriceSet,
  gridCompareAt,
  someNames,
  stockAfterChange,
  type CheckedStockChange,
} from './catalogGrid.input';

const anyId = (id: string) => id !== '';
const uuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);
const ID = '00000000-0000-4000-8000-000000000001';
const issueOf = (result: { ok: boolean; issue?: unknown }) => (result.ok ? null : result.issue);

describe('the grid price', () => {
  it('keeps the stored "de" price when none is sent, while the price stays below it', () => {
    const alone = checkVariantPriceSet({ priceCents: 24990 });
    expect(alone).toEqual({
      ok: true,
      value: { priceCents: 24990, compareAtPriceCents: undefined },
    });
    if (!alone.ok) return;
    expect(gridCompareAt(alone.value, 29990)).toEqual({ ok: true, value: 29990 });
    expect(gridCompareAt(alone.value, null)).toEqual({ ok: true, value: null });
    expect(issueOf(gridCompareAt(alone.value, 24990))).toEqual({
      field: 'priceCents',
      message:
        'O preço deve ser menor que o preço "de" (R$ 249,90): mude o preço "de" no editor do produto.',
    });
  });

  it('takes a sent "de" price (null clears it) over the stored one', () => {
    const cleared = checkVariantPriceSet({ priceCents: 100, compareAtPriceCents: null });
    expect(cleared).toMatchObject({ ok: true, value: { compareAtPriceCents: null } });
    if (cleared.ok) expect(gridCompareAt(cleared.value, 50)).toEqual({ ok: true, value: null });
    const given = checkVariantPriceSet({ priceCents: 100, compareAtPriceCents: 200 });
    if (given.ok) expect(gridCompareAt(given.value, 50)).toEqual({ ok: true, value: 200 });
  });

  it("refuses what the variant's price rules refuse", () => {
    expect(issueOf(checkVariantPriceSet({ priceCents: 0 }))).toEqual({
      field: 'priceCents',
      message: 'O preço deve ser maior que zero.',
    });
    expect(
      issueOf(checkVariantPriceSet({ priceCents: 25990, compareAtPriceCents: 19990 })),
    ).toEqual({
      field: 'compareAtPriceCents',
      message: 'O preço "de" deve ser maior que o preço de venda.',
    });
  });
});

describe('checkStockChange', () => {
  it('takes a known reason, a quantity in range and a trimmed note', () => {
    expect(checkStockChange({ reason: 'RECEIVED', quantity: 1, note: '  nota  ' })).toEqual({
      ok: true,
      value: { reason: 'RECEIVED', quantity: 1, note: 'nota' },
    });
    expect(checkStockChange({ reason: 'STOCK_COUNT', quantity: 0, note: '   ' })).toEqual({
      ok: true,
      value: { reason: 'STOCK_COUNT', quantity: 0, note: null },
    });
    expect(checkStockChange({ reason: 'DAMAGED', quantity: 1_000_000 })).toMatchObject({
      ok: true,
    });
    expect(
      checkStockChange({ reason: 'MANUAL_SALE', quantity: 2, note: 'n'.repeat(500) }),
    ).toMatchObject({ ok: true });
  });

  it('refuses, in order, the reason, the quantity, the note', () => {
    expect(issueOf(checkStockChange({ reason: 'LOST', quantity: -1 }))).toEqual({
      field: 'reason',
      message: 'Motivo inválido.',
    });
    const quantity = { field: 'quantity', message: M.quantity };
    expect(M.quantity).toBe('Informe uma quantidade de 1 a 1.000.000 unidades.');
    expect(issueOf(checkStockChange({ reason: 'RECEIVED', quantity: 0 }))).toEqual(quantity);
    expect(issueOf(checkStockChange({ reason: 'RECEIVED', quantity: 1_000_001 }))).toEqual(
      quantity,
    );
    expect(issueOf(checkStockChange({ reason: 'DAMAGED', quantity: 1.5 }))).toEqual(quantity);
    const counted = {
      field: 'quantity',
      message: 'Informe a quantidade contada: de 0 a 1.000.000 unidades.',
    };
    expect(issueOf(checkStockChange({ reason: 'STOCK_COUNT', quantity: -1 }))).toEqual(counted);
    expect(
      issueOf(
        checkStockChange({ reason: 'STOCK_COUNT', quantity: 1_000_001, note: 'x'.repeat(501) }),
      ),
    ).toEqual(counted);
    expect(
      issueOf(checkStockChange({ reason: 'STOCK_COUNT', quantity: 3, note: 'x'.repeat(501) })),
    ).toEqual({ field: 'note', message: 'Observação deve ter no máximo 500 caracteres.' });
    expect(M.noteTooLong).toBe('Observação deve ter no máximo 500 caracteres.');
  });
});

describe('stockAfterChange', () => {
  const change = (reason: CheckedStockChange['reason'], quantity: number) => ({
    reason,
    quantity,
    note: null,
  });

  it('adds what was received, sets what was counted, takes what was sold or lost', () => {
    expect(stockAfterChange(5, change('RECEIVED', 3))).toEqual({ ok: true, value: 8 });
    expect(stockAfterChange(5, change('STOCK_COUNT', 0))).toEqual({ ok: true, value: 0 });
    expect(stockAfterChange(5, change('MANUAL_SALE', 5))).toEqual({ ok: true, value: 0 });
    expect(stockAfterChange(5, change('DAMAGED', 2))).toEqual({ ok: true, value: 3 });
    expect(stockAfterChange(0, change('RECEIVED', 1_000_000))).toEqual({
      ok: true,
      value: 1_000_000,
    });
  });

  it('refuses a stock below zero or above 1.000.000', () => {
    expect(issueOf(stockAfterChange(1, change('DAMAGED', 2)))).toEqual({
      field: 'quantity',
      message: 'Estoque insuficiente: há 1 unidade.',
    });
    expect(issueOf(stockAfterChange(27, change('MANUAL_SALE', 28)))).toEqual({
      field: 'quantity',
      message: 'Estoque insuficiente: há 27 unidades.',
    });
    expect(issueOf(stockAfterChange(1, change('RECEIVED', 1_000_000)))).toEqual({
      field: 'quantity',
      message: 'O estoque deve ser de no máximo 1.000.000 unidades.',
    });
  });
});

describe('checkBulkSelection', () => {
  it('takes the ids without repeats, or the filter', () => {
    expect(checkBulkSelection({ action: 'PUBLISH', ids: [ID, ID] }, uuid)).toEqual({
      ok: true,
      value: { action: 'PUBLISH', ids: [ID], hasFilter: false },
    });
    expect(checkBulkSelection({ action: 'DELETE', filter: {} }, uuid)).toEqual({
      ok: true,
      value: { action: 'DELETE', ids: null, hasFilter: true },
    });
    const thousand = Array.from({ length: 1000 }, (_, n) => `p-${n}`);
    expect(checkBulkSelection({ action: 'FEATURE', ids: thousand }, anyId)).toMatchObject({
      ok: true,
    });
  });

  it('refuses, in order, the action, ids and filter together or neither, their count, an id', () => {
    expect(issueOf(checkBulkSelection({ action: 'PAINT' }, uuid))).toEqual({
      field: 'input.action',
      message: 'Ação em massa desconhecida.',
    });
    const oneOf = 'Escolha os produtos pela lista ou pelo filtro (um dos dois).';
    expect(issueOf(checkBulkSelection({ action: 'PUBLISH' }, uuid))).toEqual({
      field: 'input.ids',
      message: oneOf,
    });
    expect(issueOf(checkBulkSelection({ action: 'PUBLISH', ids: [ID], filter: {} }, uuid))).toEqual(
      { field: 'input.filter', message: oneOf },
    );
    const count = {
      field: 'input.ids',
      message: 'Escolha de 1 a 1000 produtos pela lista (ou use o filtro).',
    };
    expect(issueOf(checkBulkSelection({ action: 'PUBLISH', ids: [] }, uuid))).toEqual(count);
    const many = Array.from({ length: 1001 }, (_, n) => `p-${n}`);
    expect(issueOf(checkBulkSelection({ action: 'PUBLISH', ids: many }, anyId))).toEqual(count);
    expect(issueOf(checkBulkSelection({ action: 'PUBLISH', ids: [ID, 'x'] }, uuid))).toEqual({
      field: 'input.ids',
      message: 'Produto inválido na seleção.',
    });
  });
});

describe('checkPriceChange', () => {
  it('fills the rounding in, and accepts the bounds', () => {
    expect(checkPriceChange({ percent: -10 })).toEqual({
      ok: true,
      value: { percent: -10, amountCents: null, roundTo90: false, roundDirection: 'NEAREST' },
    });
    expect(checkPriceChange({ percent: 1000 })).toMatchObject({ ok: true });
    expect(checkPriceChange({ percent: -99.99 })).toMatchObject({ ok: true });
    expect(checkPriceChange({ percent: 0, roundTo90: true })).toMatchObject({ ok: true });
    expect(checkPriceChange({ amountCents: -100_000_000, roundDirection: 'UP' })).toEqual({
      ok: true,
      value: { percent: null, amountCents: -100_000_000, roundTo90: false, roundDirection: 'UP' },
    });
  });

  it('refuses each broken rule in its words, on its field', () => {
    const at = (field: string, message: string) => ({
      field: `input.priceChange${field}`,
      message,
    });
    expect(issueOf(checkPriceChange(null))).toEqual(at('', 'Informe a mudança de preço.'));
    const oneOf = at('.percent', 'Informe a mudança em porcentagem ou em reais (uma das duas).');
    expect(issueOf(checkPriceChange({}))).toEqual(oneOf);
    expect(issueOf(checkPriceChange({ percent: 5, amountCents: 100 }))).toEqual(oneOf);
    const bounds = at('.percent', 'A porcentagem deve ser maior que -100 % e de no máximo 1000 %.');
    expect(issueOf(checkPriceChange({ percent: -100 }))).toEqual(bounds);
    expect(issueOf(checkPriceChange({ percent: 1000.01 }))).toEqual(bounds);
    expect(issueOf(checkPriceChange({ percent: Number.NaN }))).toEqual(bounds);
    expect(issueOf(checkPriceChange({ percent: 0 }))).toEqual(
      at('.percent', 'Informe uma porcentagem diferente de zero.'),
    );
    const amount = at('.amountCents', 'Valor inválido para a mudança de preço.');
    expect(issueOf(checkPriceChange({ amountCents: 1.5 }))).toEqual(amount);
    expect(issueOf(checkPriceChange({ amountCents: 100_000_001 }))).toEqual(amount);
    expect(issueOf(checkPriceChange({ amountCents: 0 }))).toEqual(
      at('.amountCents', 'Informe um valor diferente de zero.'),
    );
    expect(issueOf(checkPriceChange({ percent: 5, roundDirection: 'SIDEWAYS' as 'UP' }))).toEqual(
      at('.roundDirection', 'Arredondamento inválido.'),
    );
  });
});

describe('checkBulkChange', () => {
  it('takes the count, the category of a move and the change of prices', () => {
    expect(checkBulkChange({ action: 'PUBLISH', expectedCount: 0 }, uuid)).toEqual({
      ok: true,
      value: { expectedCount: 0, categoryId: null, priceChange: null },
    });
    expect(
      checkBulkChange({ action: 'MOVE_TO_CATEGORY', categoryId: ID, expectedCount: 2 }, uuid),
    ).toMatchObject({ ok: true, value: { categoryId: ID } });
    expect(
      checkBulkChange(
        { action: 'CHANGE_PRICES', priceChange: { percent: 5 }, expectedCount: 1 },
        uuid,
      ),
    ).toMatchObject({ ok: true, value: { priceChange: { percent: 5 } } });
  });

  it('refuses, in order, the count, the category, the change', () => {
    expect(
      issueOf(checkBulkChange({ action: 'MOVE_TO_CATEGORY', expectedCount: -1 }, uuid)),
    ).toEqual({ field: 'input.expectedCount', message: 'Número de produtos esperado inválido.' });
    expect(issueOf(checkBulkChange({ action: 'PUBLISH', expectedCount: 1.5 }, uuid))).toEqual({
      field: 'input.expectedCount',
      message: M.bulkExpectedCount,
    });
    expect(
      issueOf(checkBulkChange({ action: 'MOVE_TO_CATEGORY', expectedCount: 1 }, uuid)),
    ).toEqual({ field: 'input.categoryId', message: 'Escolha a categoria de destino.' });
    expect(
      issueOf(
        checkBulkChange({ action: 'MOVE_TO_CATEGORY', categoryId: 'x', expectedCount: 1 }, uuid),
      ),
    ).toEqual({ field: 'input.categoryId', message: 'Categoria não encontrada.' });
    expect(issueOf(checkBulkChange({ action: 'CHANGE_PRICES', expectedCount: 1 }, uuid))).toEqual({
      field: 'input.priceChange',
      message: 'Informe a mudança de preço.',
    });
  });
});

describe('the selection and its prices', () => {
  it('names an empty selection on the ids or on the filter', () => {
    expect(bulkEmptyRefusal(true)).toEqual({
      field: 'input.ids',
      message: 'Nenhum produto na seleção: nada a alterar.',
    });
    expect(bulkEmptyRefusal(false)).toMatchObject({ field: 'input.filter' });
  });

  it('names a few products', () => {
    expect(someNames([])).toBe('');
    expect(someNames(['A'])).toBe('“A”');
    expect(someNames(['A', 'B', 'C'])).toBe('“A”, “B” e “C”');
    expect(someNames(['A', 'B', 'C', 'D', 'E'])).toBe('“A”, “B”, “C” e mais 2');
  });

  it('refuses prices below R$ 0,01 first, then above R$ 1.000.000,00', () => {
    expect(bulkPriceBoundsRefusal([], [])).toBeNull();
    expect(bulkPriceBoundsRefusal(['Meia'], ['Casaco'])).toEqual({
      field: 'input.priceChange',
      message:
        'A mudança deixaria o preço de 1 produto abaixo de R$ 0,01: “Meia”. Nada foi alterado.',
    });
    expect(bulkPriceBoundsRefusal([], ['Casaco', 'Bota'])).toEqual({
      field: 'input.priceChange',
      message:
        'A mudança deixaria o preço de 2 produtos acima de R$ 1.000.000,00: “Casaco” e “Bota”. Nada foi alterado.',
    });
  });
});
