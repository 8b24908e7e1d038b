// The Pix key as the store types it: its kind detected as the server reads it (CPF or CNPJ with
// their check digits, e-mail, +55 phone with DDD, random key) and the BR Code's text limits
// (receiver name 25 and city 15 characters once accents are stripped), all the server's rules
// (@vitrine/rules settings.pix.ts); the kind's label and the key as people read it. Pure.
import { formatCnpj, SETTINGS_LIMITS, type PixKeyKind } from '@vitrine/rules';

export {
  brCodeText,
  PIX_KEY_ERROR_MESSAGE,
  readPixKey,
  type PixKeyKind,
  type PixKeyReading,
} from '@vitrine/rules';

export const MERCHANT_NAME_MAX = SETTINGS_LIMITS.merchantNameMax;
export const MERCHANT_CITY_MAX = SETTINGS_LIMITS.merchantCityMax;

export const PIX_KEY_KIND_LABEL: Record<PixKeyKind, string> = {
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  EMAIL: 'E-mail',
  PHONE: 'Celular',
  EVP: 'Chave aleatória',
};

/** A key as people read it: CPF and CNPJ masked, the rest as stored. */
export function formatPixKey(key: string): string {
  if (/^\d{11}$/.test(key)) {
    return `${key.slice(0, 3)}.${key.slice(3, 6)}.${key.slice(6, 9)}-${key.slice(9)}`;
  }
  if (/^\d{14}$/.test(key)) return formatCnpj(key);
  return key;
}
