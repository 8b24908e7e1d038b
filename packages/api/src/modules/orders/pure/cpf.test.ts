import { describe, expect, it } from 'vitest';
import { cpfWithCheckDigits, formatCpf, isValidCpf, normaliseCpf } from './cpf';

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
    for (let i = 0; i < 300; i += 1) {
      const base = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
      const cpf = cpfWithCheckDigits(base);
      if (/^(\d)\1{10}$/.test(cpf)) continue;
      expect(isValidCpf(cpf)).toBe(true);
      const last = Number(cpf[10]);
      expect(isValidCpf(cpf.slice(0, 10) + String((last + 1) % 10))).toBe(false);
    }
  });
});

describe('normaliseCpf and formatCpf', () => {
  it('reduces a masked CPF to digits and formats digits with the mask', () => {
    expect(normaliseCpf('123.456.789-09')).toBe('12345678909');
    expect(normaliseCpf('1234567890')).toBeNull();
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(() => formatCpf('123')).toThrow('CPF inválido');
  });
});
