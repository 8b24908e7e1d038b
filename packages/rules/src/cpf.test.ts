import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfWithCheckDigits, formatCpf, isValidCpf, normaliseCpf } from './cpf';

/** A string of exactly `length` decimal digits. */
function digits(length: number) {
  return fc.string({
    unit: fc.constantFrom(...'0123456789'),
    minLength: length,
    maxLength: length,
  });
}

describe('isValidCpf', () => {
  it('accepts a CPF with correct check digits, masked or as digits', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf(' 529.982.247-25 ')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });

  it('rejects a wrong first or second check digit', () => {
    expect(isValidCpf('123.456.789-19')).toBe(false);
    expect(isValidCpf('123.456.789-08')).toBe(false);
    expect(isValidCpf('52998224726')).toBe(false);
  });

  it('rejects CPFs made of one repeated digit even though they pass mod 11', () => {
    for (let d = 0; d <= 9; d += 1) {
      expect(isValidCpf(String(d).repeat(11))).toBe(false);
    }
  });

  it('rejects other shapes', () => {
    for (const bad of [
      '',
      '1234567890',
      '123456789012',
      '123.456.789/09',
      'abc.def.ghi-jk',
      '123 456 789 09',
    ]) {
      expect(isValidCpf(bad)).toBe(false);
    }
  });

  it('rejects a non-string without throwing', () => {
    expect(isValidCpf(12345678909 as unknown as string)).toBe(false);
  });

  it('recognises every CPF built with cpfWithCheckDigits and rejects every other last digit', () => {
    // Now checks all nine other last digits; the loop this replaces tried only last + 1.
    fc.assert(
      fc.property(digits(9), (base) => {
        const cpf = cpfWithCheckDigits(base);
        fc.pre(!/^(\d)\1{10}$/.test(cpf)); // one repeated digit: rejected on purpose, tested above
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(formatCpf(cpf))).toBe(true);
        for (let other = 0; other <= 9; other += 1) {
          if (String(other) === cpf[10]) continue;
          expect(isValidCpf(cpf.slice(0, 10) + String(other))).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('normaliseCpf and formatCpf', () => {
  it('reduces a masked CPF to digits and formats digits with the mask', () => {
    expect(normaliseCpf('123.456.789-09')).toBe('12345678909');
    expect(normaliseCpf('1234567890')).toBeNull();
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(() => formatCpf('123')).toThrow('CPF inválido');
  });

  it('round-trips any 11 digits through the mask', () => {
    fc.assert(
      fc.property(digits(11), (cpf) => {
        expect(normaliseCpf(formatCpf(cpf))).toBe(cpf);
        expect(normaliseCpf(` ${cpf} `)).toBe(cpf);
      }),
    );
  });
});
