// The store's Pix receiving account and legal identity as typed in its settings: the Pix key read
// as the BR Code carries it (CPF or CNPJ with their check digits, e-mail, +55 phone with DDD,
// random key), the receiver's texts as plain ASCII, and the CNPJ. Shared by the server's settings,
// the dashboard's settings form and the ui's mocks.
import { isValidCpf } from './cpf';
import { checkEmail } from './email';

export const PIX_KEY_ERROR_MESSAGE =
  'Chave Pix inválida: use um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.';

export const CNPJ_ERROR_MESSAGE = 'CNPJ inválido: confira os 14 dígitos, como 12.345.678/0001-95.';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** CNPJ check digits (weights 5..2,9..2 then 6..2,9..2); repeated digits are refused. */
export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (length: number): number => {
    const weights =
      length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, weight, i) => acc + Number(digits[i]) * weight, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13]);
}

/** '12.345.678/0001-95' or its digits -> the 14 digits, check digits verified; else null. */
export function normaliseCnpj(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  if (!/^[\d\s./-]+$/.test(value.trim())) return null;
  const digits = value.replace(/\D/g, '');
  return isValidCnpj(digits) ? digits : null;
}

/** '12345678000195' -> '12.345.678/0001-95' (the 14 digits normaliseCnpj gives). */
export function formatCnpj(digits: string): string {
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
}

export type PixKeyKind = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

export interface PixKeyReading {
  /** What the text looks like (null: nothing recognisable yet). */
  kind: PixKeyKind | null;
  /** The key as the BR Code carries it; null when the text is not a valid key. */
  key: string | null;
}

/**
 * Reads a Pix key as it is being typed (the dashboard's hint): its kind as far as it can be told,
 * and the key when it is valid.
 */
export function readPixKey(input: string): PixKeyReading {
  const text = input.trim();
  if (text === '' || text.length > 77) return { kind: null, key: null };
  if (UUID_PATTERN.test(text)) return { kind: 'EVP', key: text.toLowerCase() };
  if (/^[0-9a-f]{8}-/i.test(text)) return { kind: 'EVP', key: null };
  if (text.includes('@')) {
    const checked = checkEmail(text);
    return { kind: 'EMAIL', key: checked.ok ? checked.email.toLowerCase() : null };
  }
  if (text.startsWith('+')) {
    const digits = text.slice(1).replace(/[\s().-]/g, '');
    // +55, a DDD (11..99) and 8 or 9 digits.
    return { kind: 'PHONE', key: /^55[1-9]\d\d{8,9}$/.test(digits) ? `+${digits}` : null };
  }
  if (!/^[\d\s./-]+$/.test(text)) return { kind: null, key: null };
  const digits = text.replace(/\D/g, '');
  if (digits.length <= 11) {
    return { kind: 'CPF', key: digits.length === 11 && isValidCpf(digits) ? digits : null };
  }
  return { kind: 'CNPJ', key: digits.length === 14 && isValidCnpj(digits) ? digits : null };
}

/**
 * Normalises a Pix key to the form the BR Code carries: CPF/CNPJ as digits, e-mail in lower
 * case, phone as +55 with DDD and number, random key (EVP) as a lower-case UUID. Null when the
 * text is none of them.
 */
export function normalisePixKey(input: string): string | null {
  const text = input.trim();
  if (text === '' || text.length > 77) return null;
  if (UUID_PATTERN.test(text)) return text.toLowerCase();
  if (text.includes('@')) {
    const checked = checkEmail(text);
    return checked.ok ? checked.email.toLowerCase() : null;
  }
  if (text.startsWith('+')) {
    const digits = text.slice(1).replace(/[\s().-]/g, '');
    // +55, a DDD (11..99) and 8 or 9 digits.
    return /^55[1-9]\d\d{8,9}$/.test(digits) ? `+${digits}` : null;
  }
  if (!/^[\d\s./-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 11) return isValidCpf(digits) ? digits : null;
  if (digits.length === 14) return isValidCnpj(digits) ? digits : null;
  return null;
}

/** The text as the BR Code carries it: no accents, printable ASCII, single spaces, trimmed. */
export function brCodeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
