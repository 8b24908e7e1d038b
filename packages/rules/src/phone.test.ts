import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, isMobilePhone, isValidDdd, isValidPhone, normalisePhone } from './phone';

describe('normalisePhone', () => {
  it.each([
    ['(11) 98765-4321', '11987654321'],
    ['11987654321', '11987654321'],
    ['+55 11 98765-4321', '11987654321'],
    ['5511987654321', '11987654321'],
    ['011 98765-4321', '11987654321'],
    ['(21) 3456-7890', '2134567890'],
    ['+55 (21) 3456-7890', '2134567890'],
    ['552134567890', '2134567890'],
    ['0 21 3456 7890', '2134567890'],
  ])('reads %s as %s', (input, digits) => {
    expect(normalisePhone(input)).toBe(digits);
  });

  it.each([
    '',
    '98765-4321', // no area code
    '(10) 98765-4321', // 10 is not an area code
    '(20) 3456-7890',
    '(11) 88765-4321', // 11 digits must be a mobile starting with 9
    '(11) 9876-5432', // 10 digits must be a landline starting with 2 to 5
    '+1 415 555 0100',
    '11 98765-4321 ramal 2',
    '119876543210',
    '1'.repeat(100),
  ])('rejects %s', (input) => {
    expect(normalisePhone(input)).toBeNull();
    expect(isValidPhone(input)).toBe(false);
  });
});

describe('formatPhone', () => {
  it('formats mobiles and landlines the Brazilian way', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('+55 21 3456 7890')).toBe('(21) 3456-7890');
    expect(isMobilePhone('(11) 98765-4321')).toBe(true);
    expect(isMobilePhone('(21) 3456-7890')).toBe(false);
  });

  it('reads every valid number back from each usual way of writing it (property)', () => {
    const digits = (length: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    const ddd = fc.integer({ min: 11, max: 99 }).map(String).filter(isValidDdd);
    const mobile = fc.tuple(ddd, digits(8)).map(([area, rest]) => `${area}9${rest}`);
    const landline = fc
      .tuple(ddd, fc.constantFrom('2', '3', '4', '5'), digits(7))
      .map(([area, first, rest]) => `${area}${first}${rest}`);
    fc.assert(
      fc.property(fc.oneof(mobile, landline), (number) => {
        const formatted = formatPhone(number);
        for (const written of [
          number,
          formatted,
          `+55 ${formatted}`,
          `55${number}`,
          `0${number}`,
        ]) {
          expect(normalisePhone(written)).toBe(number);
        }
        expect(isMobilePhone(formatted)).toBe(number.length === 11);
      }),
    );
  });

  it('throws a Portuguese message for an invalid number', () => {
    expect(() => formatPhone('123')).toThrow('Telefone inválido');
  });
});
