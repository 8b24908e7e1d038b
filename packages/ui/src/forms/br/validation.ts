// Check-digit and shape validation of Brazilian documents, for immediate feedback in forms.
// The server validates again; these rules mirror packages/rules (the server uses those).
import { onlyDigits } from './masks';

function cpfCheckDigit(digits: readonly number[]): number {
  let sum = 0;
  const firstWeight = digits.length + 1;
  digits.forEach((digit, index) => {
    sum += digit * (firstWeight - index);
  });
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True for a CPF with 11 digits, correct mod-11 check digits and not all one digit. */
export function isValidCpf(input: string): boolean {
  const text = onlyDigits(input);
  if (text.length !== 11 || /^(\d)\1{10}$/.test(text)) return false;
  if (!/^[\d.\-\s]+$/.test(input.trim())) return false;
  const digits = [...text].map(Number);
  if (cpfCheckDigit(digits.slice(0, 9)) !== digits[9]) return false;
  return cpfCheckDigit(digits.slice(0, 10)) === digits[10];
}

/** Completes 9 digits with their two check digits (demo data and tests). */
export function cpfWithCheckDigits(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new RangeError('Expected exactly 9 digits');
  const digits = [...nineDigits].map(Number);
  const first = cpfCheckDigit(digits);
  return `${nineDigits}${first}${cpfCheckDigit([...digits, first])}`;
}

/** True for 8 digits (with or without the hyphen) that are not all zeros. */
export function isValidCep(input: string): boolean {
  if (!/^\s*\d{5}-?\d{3}\s*$/.test(input)) return false;
  return onlyDigits(input) !== '00000000';
}

// Area codes in use, per Anatel's national numbering plan.
const DDDS: ReadonlySet<string> = new Set(
  [
    11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
    79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
  ].map(String),
);

/** A mobile ((DDD) 9xxxx-xxxx) or landline ((DDD) 2..5xxx-xxxx) number with a real DDD. */
export function isValidPhone(input: string): boolean {
  if (!/^[\d\s()+.-]+$/.test(input.trim())) return false;
  let digits = onlyDigits(input);
  if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
  if (!/^\d{10,11}$/.test(digits) || !DDDS.has(digits.slice(0, 2))) return false;
  const first = digits[2] ?? '';
  return digits.length === 11 ? first === '9' : first >= '2' && first <= '5';
}

export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

export type Uf = (typeof UFS)[number];

export function isUf(value: string): value is Uf {
  return (UFS as readonly string[]).includes(value);
}
