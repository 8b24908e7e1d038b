// The Pix key as the store types it: its kind detected as the server reads it (CPF or CNPJ with
// their check digits, e-mail, +55 phone with DDD, random key) and the BR Code's text limits
// (receiver name 25 and city 15 characters once accents are stripped). Pure; the mock uses it too.
import { checkEmail, isValidCpf } from '@vitrine/rules';

export type PixKeyKind = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

export const PIX_KEY_KIND_LABEL: Record<PixKeyKind, string> = {
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  EMAIL: 'E-mail',
  PHONE: 'Celular',
  EVP: 'Chave aleatória',
};

export const PIX_KEY_ERROR_MESSAGE =
  'Chave Pix inválida: use um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.';

export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export interface PixKeyReading {
  /** What the text looks like (null: nothing recognisable yet). */
  kind: PixKeyKind | null;
  /** The key as the BR Code carries it; null when the text is not a valid key. */
  key: string | null;
}

/** Reads a typed Pix key: its kind, and the normalised key when it is valid. */
export function readPixKey(input: string): PixKeyReading {
  const text = input.trim();
  if (text === '' || text.length > 77) return { kind: null, key: null };
  if (UUID.test(text)) return { kind: 'EVP', key: text.toLowerCase() };
  if (/^[0-9a-f]{8}-/i.test(text)) return { kind: 'EVP', key: null };
  if (text.includes('@')) {
    // The store's one e-mail rule, the server's (@vitrine/rules checkEmail).
    const checked = checkEmail(text);
    return { kind: 'EMAIL', key: checked.ok ? checked.email.toLowerCase() : null };
  }
  if (text.startsWith('+')) {
    const digits = text.slice(1).replace(/[\s().-]/g, '');
    return { kind: 'PHONE', key: /^55[1-9]\d\d{8,9}$/.test(digits) ? `+${digits}` : null };
  }
  if (!/^[\d\s./-]+$/.test(text)) return { kind: null, key: null };
  const digits = text.replace(/\D/g, '');
  if (digits.length <= 11) {
    return { kind: 'CPF', key: digits.length === 11 && isValidCpf(digits) ? digits : null };
  }
  return { kind: 'CNPJ', key: digits.length === 14 && isValidCnpj(digits) ? digits : null };
}

/** The text as the BR Code carries it: no accents, printable ASCII, single spaces. */
export function brCodeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A key as people read it: CPF and CNPJ masked, the rest as stored. */
export function formatPixKey(key: string): string {
  if (/^\d{11}$/.test(key)) {
    return `${key.slice(0, 3)}.${key.slice(3, 6)}.${key.slice(6, 9)}-${key.slice(9)}`;
  }
  if (/^\d{14}$/.test(key)) {
    return `${key.slice(0, 2)}.${key.slice(2, 5)}.${key.slice(5, 8)}/${key.slice(8, 12)}-${key.slice(12)}`;
  }
  return key;
}
