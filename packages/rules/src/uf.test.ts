import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UFS, isUf, normaliseUf, ufName } from './uf';

describe('UFs', () => {
  it('lists the 27 federative units', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS).size).toBe(27);
    expect(UFS).toContain('DF');
    expect(ufName('SP')).toBe('São Paulo');
    expect(ufName('AP')).toBe('Amapá');
  });

  it('recognises only the exact codes, and normalises case and spaces', () => {
    expect(isUf('RJ')).toBe(true);
    expect(isUf('rj')).toBe(false);
    expect(isUf('XX')).toBe(false);
    expect(isUf('toString')).toBe(false);
    expect(normaliseUf(' rj ')).toBe('RJ');
    expect(normaliseUf('BR')).toBeNull();
  });

  it('normalises every UF however it is cased and padded, and nothing else (property)', () => {
    const padding = fc.string({ unit: fc.constantFrom(' ', '\t'), maxLength: 3 });
    fc.assert(
      fc.property(
        fc.mixedCase(fc.constantFrom(...UFS)),
        padding,
        padding,
        (written, before, after) => {
          expect(normaliseUf(`${before}${written}${after}`)).toBe(written.toUpperCase());
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 4 }),
          fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype)),
        ),
        (text) => {
          fc.pre(!(UFS as readonly string[]).includes(text.trim().toUpperCase()));
          expect(isUf(text)).toBe(false);
          expect(normaliseUf(text)).toBeNull();
        },
      ),
    );
  });
});
