import { describe, expect, it } from 'vitest';

import {
  applyPriceChange,
  roundTo90,
  roundUpTo90,
  isValidGtin,
  normalizeGtin,
  roundDownTo90,
  slugifyName,
  suggestSku,
} from './catalog';

describe('slugifyName', () => {
  it('drops accents, lower-cases and joins words with hyphens', () => {
    expect(slugifyName('  Tênis Corrida Leve — Edição 2  ')).toBe('tenis-corrida-leve-edicao-2');
    expect(slugifyName('Çalça & Saia')).toBe('calca-saia');
  });
  it('keeps at most 80 characters without a trailing hyphen', () => {
    const slug = slugifyName(`${'a'.repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('suggestSku', () => {
  it('joins the slug and the options in capitals', () => {
    expect(suggestSku('camiseta-basica', 'M', 'Azul Marinho')).toBe(
      'CAMISETA-BASICA-M-AZUL-MARINHO',
    );
    expect(suggestSku('bolsa', null, undefined)).toBe('BOLSA');
  });
});

describe('isValidGtin', () => {
  it('accepts real EAN-13, EAN-8, UPC-A and GTIN-14 codes', () => {
    expect(isValidGtin('7891000315507')).toBe(true); // EAN-13
    expect(isValidGtin('96385074')).toBe(true); // EAN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('17891000315504')).toBe(true); // GTIN-14
    expect(isValidGtin('789 1000-315507')).toBe(true);
  });
  it('refuses a wrong check digit, letters and other lengths', () => {
    expect(isValidGtin('7891000315508')).toBe(false);
    expect(isValidGtin('789100031550A')).toBe(false);
    expect(isValidGtin('1234567890')).toBe(false);
    expect(isValidGtin('')).toBe(false);
  });
  it('normalizes spaces and hyphens away', () => {
    expect(normalizeGtin('789 1000-315507')).toBe('7891000315507');
  });
});

describe('price changes', () => {
  it('rounds down to ,90', () => {
    expect(roundDownTo90(12999)).toBe(12990);
    expect(roundDownTo90(12990)).toBe(12990);
    expect(roundDownTo90(13005)).toBe(12990);
    expect(roundDownTo90(50)).toBe(90);
  });
  it('applies a percentage half up to the centavo', () => {
    expect(applyPriceChange(12990, { percent: -10 })).toBe(11691);
    expect(applyPriceChange(999, { percent: 5.5 })).toBe(1054);
  });
  it('adds an amount, then rounds to ,90 when asked', () => {
    expect(applyPriceChange(12990, { amountCents: -500 })).toBe(12490);
    expect(applyPriceChange(12990, { percent: -10, roundTo90: true })).toBe(11690);
  });
  it('rounds to the nearest ,90 by default: +10 % on R$ 79,90 is R$ 87,90, not R$ 86,90', () => {
    expect(applyPriceChange(7990, { percent: 10 })).toBe(8789);
    expect(applyPriceChange(7990, { percent: 10, roundTo90: true })).toBe(8790);
    expect(applyPriceChange(7990, { percent: 10, roundTo90: true, roundDirection: 'DOWN' })).toBe(
      8690,
    );
    expect(applyPriceChange(7990, { percent: 10, roundTo90: true, roundDirection: 'UP' })).toBe(
      8790,
    );
    // -5 % on R$ 99,90 is R$ 94,905 -> R$ 94,91: the nearest ,90 is R$ 94,90 (down).
    expect(applyPriceChange(9990, { percent: -5, roundTo90: true })).toBe(9490);
    expect(applyPriceChange(9990, { percent: -5, roundTo90: true, roundDirection: 'UP' })).toBe(
      9590,
    );
  });
  it('rounds to ,90: nearest (halfway up), up, down; an exact ,90 stays; never below R$ 0,90', () => {
    expect(roundTo90(8739)).toBe(8690);
    expect(roundTo90(8740)).toBe(8790);
    expect(roundTo90(8741)).toBe(8790);
    expect(roundTo90(8690)).toBe(8690);
    expect(roundTo90(8691, 'UP')).toBe(8790);
    expect(roundTo90(8691, 'DOWN')).toBe(8690);
    expect(roundTo90(8690, 'UP')).toBe(8690);
    expect(roundTo90(8690, 'DOWN')).toBe(8690);
    expect(roundTo90(20)).toBe(90);
    expect(roundTo90(20, 'DOWN')).toBe(90);
    expect(roundUpTo90(1)).toBe(90);
  });
  it('lets a change go to zero or below for the caller to refuse', () => {
    expect(applyPriceChange(500, { amountCents: -600 })).toBe(-100);
  });
});
