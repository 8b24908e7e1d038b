import { describe, expect, it } from 'vitest';

import {
  checkInvoiceCancelReason,
  checkInvoiceCorrection,
  checkInvoiceFilter,
  checkInvoicePage,
  INVOICE_MESSAGES as M,
  invoiceText,
} from './invoices.input';

function issueOf(result: { ok: boolean; issue?: unknown; value?: unknown }) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.issue;
}

describe('the words', () => {
  it('are the server’s', () => {
    expect(M.pageSize).toBe('Peça de 1 a 100 notas por página.');
    expect(M.cancelReason).toBe('A justificativa do cancelamento deve ter de 15 a 255 caracteres.');
    expect(M.correction).toBe('A carta de correção deve ter de 15 a 1.000 caracteres.');
    expect(M.tooManyCorrections).toBe('Esta nota já tem 20 cartas de correção, o limite da SEFAZ.');
  });
});

describe('checkInvoicePage', () => {
  it('takes 50 from 0 by default, 1 and 100, any offset from 0', () => {
    expect(checkInvoicePage(null, undefined)).toEqual({
      ok: true,
      value: { first: 50, offset: 0 },
    });
    expect(checkInvoicePage(1, 0).ok).toBe(true);
    expect(checkInvoicePage(100, 1_000_000)).toEqual({
      ok: true,
      value: { first: 100, offset: 1_000_000 },
    });
  });

  it.each([0, 101, 2.5])('refuses first %s, before the offset', (first) => {
    expect(issueOf(checkInvoicePage(first, -1))).toEqual({ field: 'first', message: M.pageSize });
  });

  it.each([-1, 0.5])('refuses offset %s', (offset) => {
    expect(issueOf(checkInvoicePage(10, offset))).toEqual({ field: 'offset', message: M.offset });
  });
});

describe('checkInvoiceFilter', () => {
  it('takes none, a status and a kind', () => {
    expect(checkInvoiceFilter(null)).toEqual({ ok: true, value: { status: null, kind: null } });
    expect(checkInvoiceFilter({ status: 'CANCELED', kind: 'RETURN' })).toEqual({
      ok: true,
      value: { status: 'CANCELED', kind: 'RETURN' },
    });
  });

  it('refuses an unknown status, then an unknown kind', () => {
    expect(issueOf(checkInvoiceFilter({ status: 'DRAFT', kind: 'X' }))).toEqual({
      field: 'filter.status',
      message: M.status,
    });
    expect(issueOf(checkInvoiceFilter({ kind: 'X' }))).toEqual({
      field: 'filter.kind',
      message: M.kind,
    });
  });
});

describe('invoiceText', () => {
  it('trims and collapses spaces and line breaks', () => {
    expect(invoiceText('  Erro   na\n\nvenda ')).toBe('Erro na venda');
    expect(invoiceText(null)).toBe('');
  });
});

describe('checkInvoiceCancelReason', () => {
  it('takes 15 to 255 characters, collapsed', () => {
    expect(checkInvoiceCancelReason(`  ${'a'.repeat(15)}  `)).toEqual({
      ok: true,
      value: 'a'.repeat(15),
    });
    expect(checkInvoiceCancelReason('a'.repeat(255)).ok).toBe(true);
  });

  it.each([
    ['14 characters', 'a'.repeat(14)],
    ['256 characters', 'a'.repeat(256)],
    ['15 only with repeated spaces', 'aaaaaaa    aaaaaa'],
    ['none', null],
  ])('refuses %s on reason', (_name, reason) => {
    expect(issueOf(checkInvoiceCancelReason(reason))).toEqual({
      field: 'reason',
      message: M.cancelReason,
    });
  });
});

describe('checkInvoiceCorrection', () => {
  it('takes 15 to 1.000 characters, collapsed', () => {
    expect(checkInvoiceCorrection(' Endereço   corrigido ')).toEqual({
      ok: true,
      value: 'Endereço corrigido',
    });
    expect(checkInvoiceCorrection('a'.repeat(1000)).ok).toBe(true);
  });

  it.each([
    ['14 characters', 'a'.repeat(14)],
    ['1.001 characters', 'a'.repeat(1001)],
    ['15 only with repeated spaces', 'aaaaaaa\n\n\naaaaaa'],
  ])('refuses %s on text', (_name, text) => {
    expect(issueOf(checkInvoiceCorrection(text))).toEqual({ field: 'text', message: M.correction });
  });
});
