// Brazilian individual taxpayer number (CPF): format and check digits.

const CPF_PATTERN = /^(\d{3})\.?(\d{3})\.?(\d{3})-?(\d{2})$/;

export const CPF_ERROR_MESSAGE = 'CPF inválido: confira os 11 dígitos.';

/** The check digit for the given leading digits, per the Receita Federal mod-11 rule. */
function checkDigit(digits: readonly number[]): number {
  let sum = 0;
  const firstWeight = digits.length + 1;
  digits.forEach((d, i) => {
    sum += d * (firstWeight - i);
  });
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * Returns the 11 digits of a CPF written as '123.456.789-09' or '12345678909'
 * (surrounding spaces ignored), or null when the shape is anything else.
 * Does not check the check digits: use isValidCpf for that.
 */
export function normaliseCpf(input: string): string | null {
  const match = CPF_PATTERN.exec(input.trim());
  if (!match) return null;
  return match.slice(1).join('');
}

/** True when the input is a well-formed CPF with correct check digits and not all one digit. */
export function isValidCpf(input: string): boolean {
  if (typeof input !== 'string') return false;
  const digitsText = normaliseCpf(input);
  if (digitsText === null) return false;
  // 000.000.000-00, 111.111.111-11, ... pass the mod-11 rule but are not real CPFs.
  if (/^(\d)\1{10}$/.test(digitsText)) return false;
  const digits = [...digitsText].map(Number);
  const first = checkDigit(digits.slice(0, 9));
  if (first !== digits[9]) return false;
  return checkDigit(digits.slice(0, 10)) === digits[10];
}

/** '12345678909' -> '123.456.789-09'. Throws on input that is not a CPF shape. */
export function formatCpf(input: string): string {
  const digits = normaliseCpf(input);
  if (digits === null) throw new RangeError(CPF_ERROR_MESSAGE);
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** Completes 9 base digits with their two check digits (used to generate test and demo data). */
export function cpfWithCheckDigits(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new RangeError('Expected exactly 9 digits');
  const digits = [...nineDigits].map(Number);
  const first = checkDigit(digits);
  const second = checkDigit([...digits, first]);
  return `${nineDigits}${first}${second}`;
}
