// Brazilian phone numbers: area code (DDD) plus 8 digits (landline) or 9 digits (mobile).

// Area codes in use, per Anatel's national numbering plan.
const DDDS: ReadonlySet<string> = new Set(
  [
    11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
    79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
  ].map(String),
);

export const PHONE_ERROR_MESSAGE =
  'Telefone inválido: informe o DDD e o número, como (11) 98765-4321.';

export function isValidDdd(ddd: string): boolean {
  return DDDS.has(ddd);
}

/**
 * Returns the 10 (landline) or 11 (mobile) digits of a Brazilian phone number, or null.
 * Accepts the usual ways people type it: '(11) 98765-4321', '11 3456-7890', '+55 11 98765 4321',
 * '011987654321' (trunk prefix). Mobiles must start with 9, landlines with 2 to 5.
 */
export function normalisePhone(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  if (!/^[\d\s()+.-]+$/.test(input.trim())) return null;
  let digits = input.replace(/\D/g, '');
  const international = input.trim().startsWith('+');
  if (international) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
    digits = digits.slice(2); // country code typed without the '+'
  } else if ((digits.length === 11 || digits.length === 12) && digits.startsWith('0')) {
    digits = digits.slice(1); // trunk prefix: 0 + DDD + number
  }
  return isMobileOrLandline(digits) ? digits : null;
}

function isMobileOrLandline(digits: string): boolean {
  if (!/^\d{10,11}$/.test(digits)) return false;
  if (!isValidDdd(digits.slice(0, 2))) return false;
  const first = digits[2];
  if (digits.length === 11) return first === '9';
  return first !== undefined && first >= '2' && first <= '5';
}

export function isValidPhone(input: string): boolean {
  return normalisePhone(input) !== null;
}

export function isMobilePhone(input: string): boolean {
  return normalisePhone(input)?.length === 11;
}

/** '11987654321' -> '(11) 98765-4321'; '1134567890' -> '(11) 3456-7890'. Throws on invalid. */
export function formatPhone(input: string): string {
  const digits = normalisePhone(input);
  if (digits === null) throw new RangeError(PHONE_ERROR_MESSAGE);
  const split = digits.length - 4;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, split)}-${digits.slice(split)}`;
}
