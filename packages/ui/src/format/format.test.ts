import { describe, expect, it } from 'vitest';

import { formatBRL, formatDate, formatDateTime, pluralize } from '.';

const NBSP = '\u00a0';

describe('formatBRL', () => {
  it('shows centavos as reais with a thousands dot and a decimal comma', () => {
    expect(formatBRL(123456)).toBe(`R$${NBSP}1.234,56`);
  });

  it('keeps two decimals for whole and tiny amounts', () => {
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(5)).toBe(`R$${NBSP}0,05`);
    expect(formatBRL(1990)).toBe(`R$${NBSP}19,90`);
  });

  it('groups millions', () => {
    expect(formatBRL(123456789)).toBe(`R$${NBSP}1.234.567,89`);
  });

  it('rejects fractional centavos instead of rounding money silently', () => {
    expect(() => formatBRL(10.5)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('writes day/month/year in Brasília time', () => {
    expect(formatDate('2024-03-05T12:00:00Z')).toBe('05/03/2024');
    // 01:00 UTC is still the previous evening in Brasília.
    expect(formatDate('2024-03-05T01:00:00Z')).toBe('04/03/2024');
  });

  it('adds the 24-hour time for date-times', () => {
    expect(formatDateTime('2024-03-05T12:30:00Z')).toBe('05/03/2024, 09:30');
  });

  it('rejects a date it cannot read', () => {
    expect(() => formatDate('ontem')).toThrow(RangeError);
  });
});

describe('pluralize', () => {
  it('uses the singular only for one', () => {
    expect(pluralize(1, 'item', 'itens')).toBe('1 item');
    expect(pluralize(0, 'item', 'itens')).toBe('0 itens');
    expect(pluralize(2, 'item', 'itens')).toBe('2 itens');
  });

  it('formats large counts the Brazilian way', () => {
    expect(pluralize(1500, 'produto', 'produtos')).toBe('1.500 produtos');
  });
});
