import { describe, expect, it } from 'vitest';

import { formatBRL, formatDate, formatDateTime, moneyInputText, parseBRL, pluralize } from '.';

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

describe('parseBRL and moneyInputText (what staff type in a money field)', () => {
  it('reads pt-BR amounts with or without "R$", thousands dots and centavos', () => {
    expect(parseBRL('129,90')).toBe(12990);
    expect(parseBRL('1.299,9')).toBe(129990);
    expect(parseBRL('R$ 1.234,5')).toBe(123450);
    expect(parseBRL('R$ 129')).toBe(12900);
    expect(parseBRL('1.000')).toBe(100000);
    expect(parseBRL(' 80 ')).toBe(8000);
  });

  it('refuses what is not an amount instead of guessing', () => {
    // A dot groups thousands in pt-BR: '129.90' is a typo, not R$ 129,90.
    expect(parseBRL('129.90')).toBeNull();
    expect(parseBRL('12,345')).toBeNull();
    expect(parseBRL('-10')).toBeNull();
    expect(parseBRL('abc')).toBeNull();
    expect(parseBRL('')).toBeNull();
    expect(parseBRL('99999999999999999999')).toBeNull();
  });

  it('writes an amount back as its field shows it', () => {
    expect(moneyInputText(129990)).toBe('1.299,90');
    expect(moneyInputText(5)).toBe('0,05');
    expect(moneyInputText(null)).toBe('');
    expect(parseBRL(moneyInputText(123456789))).toBe(123456789);
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
