// Validation of settingsUpdate: every field optional (absent = unchanged), a nullable one cleared
// with null; a bad value is a SettingsInputError naming the field, in Portuguese.
import { UUID_PATTERN } from '../../lib/ids';
import { checkEmail, isValidCpf, normalisePhone, parsePercentSetting } from '@vitrine/rules';
import { normaliseBrCodeText } from '../../lib/pix';
import {
  FISCAL_SETTINGS_FIELDS,
  validateFiscalPatch,
  type FiscalSettingsPatch,
} from './settings.fiscal';

export class SettingsInputError extends Error {
  override name = 'SettingsInputError';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Limits of the settings a store may choose (also in the SDL and docs/api). */
export const SETTINGS_LIMITS = {
  storeNameMax: 80,
  merchantNameMax: 25,
  merchantCityMax: 15,
  /** The Pix hold: 10 minutes to 24 hours (the deprecated pixExpiryHours input: 1 to 24). */
  pixExpiryMinutes: { min: 10, max: 1440 },
  guestMaxUnitsPerLine: { min: 1, max: 50 },
  guestMaxUnitsPerOrder: { min: 1, max: 500 },
  pixDiscountPercent: { min: 0, max: 50 },
  maxInstallments: { min: 1, max: 12 },
  minInstallmentCents: { min: 100, max: 1_000_000 },
  freeShippingThresholdCentsMax: 100_000_000,
  heroTitleMax: 120,
  heroSubtitleMax: 240,
  legalNameMax: 120,
  legalAddressMax: 200,
  contactEmailMax: 254,
  /** Installments carrying no interest: 1 to maxInstallments (at most 12). */
  interestFreeInstallments: { min: 1, max: 12 },
  /** Monthly interest past the interest-free instalments, in percent (0: none offered). */
  installmentInterestPercent: { min: 0, max: 9.99 },
  /** The institutional pages' texts (Trocas e devoluções, Privacidade, Contato). */
  pageTextMax: 20_000,
} as const;

/** The institutional pages' texts settingsUpdate takes (formatted text; null: built-in). */
export const PAGE_TEXT_FIELDS = [
  'exchangesPolicyText',
  'privacyPolicyText',
  'contactPageText',
] as const;
export type PageTextField = (typeof PAGE_TEXT_FIELDS)[number];

const PAGE_TEXT_LABELS: Record<PageTextField, string> = {
  exchangesPolicyText: 'O texto de trocas e devoluções',
  privacyPolicyText: 'O texto da política de privacidade',
  contactPageText: 'O texto da página de contato',
};

export interface SettingsPatch extends FiscalSettingsPatch {
  storeName?: string;
  pixKey?: string | null;
  pixMerchantName?: string;
  pixMerchantCity?: string;
  pixExpiryMinutes?: number;
  pixUniqueCents?: boolean;
  pixDiscountPercent?: number;
  maxInstallments?: number;
  minInstallmentCents?: number;
  freeShippingThresholdCents?: number | null;
  analyticsMeasurementId?: string | null;
  heroTitle?: string;
  heroSubtitle?: string;
  /** The legal identity (footer, privacy policy); null clears. cnpj and contactPhone as digits. */
  legalName?: string | null;
  cnpj?: string | null;
  legalAddress?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  guestMaxUnitsPerLine?: number;
  guestMaxUnitsPerOrder?: number;
  /** 1 to maxInstallments (checked against the stored maxInstallments by the service). */
  interestFreeInstallments?: number;
  /** 0 to 9.99, two decimals at most. */
  installmentInterestPercent?: number;
  requireTwoFactor?: boolean;
  exchangesPolicyText?: string | null;
  privacyPolicyText?: string | null;
  contactPageText?: string | null;
}

const MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

function fail(field: string, message: string): never {
  throw new SettingsInputError(message, field);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

export const PIX_KEY_ERROR_MESSAGE =
  'Chave Pix inválida: use um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.';

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

/**
 * A one-line text (store name, hero texts, legal identity): trimmed, runs of spaces made one; a
 * control character (a line break included) is refused rather than silently changed. Empty only
 * when `allowEmpty`.
 */
function lineText(
  value: unknown,
  field: string,
  label: string,
  max: number,
  allowEmpty: boolean,
): string {
  if (typeof value !== 'string') fail(field, `Informe ${label}.`);
  const trimmed = value.trim();
  if (CONTROL_CHARS.test(trimmed)) fail(field, `${capitalise(label)} tem caracteres inválidos.`);
  const clean = trimmed.replace(/\s+/g, ' ');
  if (clean === '' && !allowEmpty) fail(field, `Informe ${label}.`);
  if (clean.length > max) fail(field, `${capitalise(label)} pode ter no máximo ${max} caracteres.`);
  return clean;
}

/** Name and city go into the BR Code as plain ASCII: what is left after that must fit. */
function brCodeText(value: unknown, field: string, label: string, max: number): string {
  if (typeof value !== 'string' || value.length > 200) fail(field, `Informe ${label}.`);
  const raw = value.trim().replace(/\s+/g, ' ');
  const ascii = normaliseBrCodeText(raw, 1000);
  if (ascii === '') fail(field, `Informe ${label} (letras sem acento também servem).`);
  if (ascii.length > max) {
    fail(field, `${capitalise(label)} pode ter no máximo ${max} caracteres (limite do Pix).`);
  }
  return raw;
}

function integer(value: unknown, field: string, message: string, min: number, max: number) {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(field, message);
  }
  return value;
}

function capitalise(label: string): string {
  const plain = label.replace(/^(o|a|os|as) /, '');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

const FIELDS = new Set<string>([
  'storeName',
  'pixKey',
  'pixMerchantName',
  'pixMerchantCity',
  'pixExpiryMinutes',
  'pixExpiryHours',
  'pixUniqueCents',
  'pixDiscountPercent',
  'maxInstallments',
  'minInstallmentCents',
  'freeShippingThresholdCents',
  'analyticsMeasurementId',
  'heroTitle',
  'heroSubtitle',
  'legalName',
  'cnpj',
  'legalAddress',
  'contactEmail',
  'contactPhone',
  'guestMaxUnitsPerLine',
  'guestMaxUnitsPerOrder',
  'interestFreeInstallments',
  'installmentInterestPercent',
  'requireTwoFactor',
  ...PAGE_TEXT_FIELDS,
  ...FISCAL_SETTINGS_FIELDS,
]);

/** null or an empty text clears an optional field; otherwise `parse` validates it. */
function optional<T>(value: unknown, parse: (value: unknown) => T): T | null {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  return parse(value);
}

export const CNPJ_ERROR_MESSAGE = 'CNPJ inválido: confira os 14 dígitos, como 12.345.678/0001-95.';

/** '12.345.678/0001-95' or its digits -> the 14 digits, check digits verified; else null. */
export function normaliseCnpj(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  if (!/^[\d\s./-]+$/.test(value.trim())) return null;
  const digits = value.replace(/\D/g, '');
  return isValidCnpj(digits) ? digits : null;
}

/** Validates a settingsUpdate input; only the fields present come back (normalised). */
export function validateSettingsPatch(input: unknown): SettingsPatch {
  if (!isRecord(input)) fail('input', 'Envie as configurações a alterar.');
  const has = (key: string) => key in input && input[key] !== undefined;
  for (const key of Object.keys(input)) {
    if (!FIELDS.has(key)) fail(key, 'Configuração desconhecida.');
  }
  const L = SETTINGS_LIMITS;
  const patch: SettingsPatch = {};
  if (has('storeName')) {
    patch.storeName = lineText(
      input.storeName,
      'storeName',
      'o nome da loja',
      L.storeNameMax,
      false,
    );
  }
  if (has('pixKey')) {
    if (input.pixKey === null) patch.pixKey = null;
    else {
      const key = typeof input.pixKey === 'string' ? normalisePixKey(input.pixKey) : null;
      if (key === null) fail('pixKey', PIX_KEY_ERROR_MESSAGE);
      patch.pixKey = key;
    }
  }
  if (has('pixMerchantName')) {
    patch.pixMerchantName = brCodeText(
      input.pixMerchantName,
      'pixMerchantName',
      'o nome do recebedor',
      L.merchantNameMax,
    );
  }
  if (has('pixMerchantCity')) {
    patch.pixMerchantCity = brCodeText(
      input.pixMerchantCity,
      'pixMerchantCity',
      'a cidade do recebedor',
      L.merchantCityMax,
    );
  }
  if (has('pixExpiryMinutes') && has('pixExpiryHours')) {
    fail('pixExpiryHours', 'Informe o prazo do Pix só em minutos (pixExpiryMinutes).');
  }
  if (has('pixExpiryMinutes')) {
    const { min, max } = L.pixExpiryMinutes;
    patch.pixExpiryMinutes = integer(
      input.pixExpiryMinutes,
      'pixExpiryMinutes',
      `O prazo do Pix deve ser um número inteiro de minutos entre ${min} e ${max} (24 horas).`,
      min,
      max,
    );
  }
  if (has('pixExpiryHours')) {
    // Deprecated: whole hours, 1 to 24, stored in minutes.
    const max = L.pixExpiryMinutes.max / 60;
    patch.pixExpiryMinutes =
      integer(
        input.pixExpiryHours,
        'pixExpiryHours',
        `O prazo do Pix deve ser um número inteiro de horas entre 1 e ${max}.`,
        1,
        max,
      ) * 60;
  }
  if (has('pixDiscountPercent')) {
    const { min, max } = L.pixDiscountPercent;
    patch.pixDiscountPercent = percent(
      input.pixDiscountPercent,
      L.pixDiscountPercent,
      'pixDiscountPercent',
      `O desconto no Pix deve ser um percentual entre ${min} e ${max}, com no máximo duas casas decimais.`,
    );
  }
  if (has('maxInstallments')) {
    const { min, max } = L.maxInstallments;
    patch.maxInstallments = integer(
      input.maxInstallments,
      'maxInstallments',
      `O número máximo de parcelas deve ser um inteiro de ${min} a ${max}.`,
      min,
      max,
    );
  }
  if (has('minInstallmentCents')) {
    const { min, max } = L.minInstallmentCents;
    patch.minInstallmentCents = integer(
      input.minInstallmentCents,
      'minInstallmentCents',
      'A parcela mínima deve ser um valor inteiro em centavos entre R$ 1,00 e R$ 10.000,00.',
      min,
      max,
    );
  }
  if (has('freeShippingThresholdCents')) {
    patch.freeShippingThresholdCents =
      input.freeShippingThresholdCents === null
        ? null
        : integer(
            input.freeShippingThresholdCents,
            'freeShippingThresholdCents',
            'O valor para frete grátis deve ser um inteiro de centavos, de zero a R$ 1.000.000,00 (ou vazio para não oferecer).',
            0,
            L.freeShippingThresholdCentsMax,
          );
  }
  if (has('analyticsMeasurementId')) {
    patch.analyticsMeasurementId = optional(input.analyticsMeasurementId, (value) => {
      const id = typeof value === 'string' ? value.trim().toUpperCase() : '';
      if (!MEASUREMENT_ID_PATTERN.test(id)) {
        fail(
          'analyticsMeasurementId',
          'ID de medição do Google Analytics inválido: use o formato G-XXXXXXXXXX.',
        );
      }
      return id;
    });
  }
  if (has('heroTitle')) {
    patch.heroTitle = lineText(
      input.heroTitle,
      'heroTitle',
      'o título da página inicial',
      L.heroTitleMax,
      false,
    );
  }
  if (has('heroSubtitle')) {
    // null, like an empty text, leaves the home without a subtitle.
    patch.heroSubtitle = lineText(
      input.heroSubtitle ?? '',
      'heroSubtitle',
      'o subtítulo da página inicial',
      L.heroSubtitleMax,
      true,
    );
  }
  if (has('guestMaxUnitsPerLine')) {
    const { min, max } = L.guestMaxUnitsPerLine;
    patch.guestMaxUnitsPerLine = integer(
      input.guestMaxUnitsPerLine,
      'guestMaxUnitsPerLine',
      `O limite de unidades por produto em um pedido deve ser um inteiro de ${min} a ${max}.`,
      min,
      max,
    );
  }
  if (has('guestMaxUnitsPerOrder')) {
    const { min, max } = L.guestMaxUnitsPerOrder;
    patch.guestMaxUnitsPerOrder = integer(
      input.guestMaxUnitsPerOrder,
      'guestMaxUnitsPerOrder',
      `O limite de unidades por pedido deve ser um inteiro de ${min} a ${max}.`,
      min,
      max,
    );
  }
  validateLegalIdentity(input, has, patch);
  if (has('installmentInterestPercent')) {
    // The monthly interest of the plans past the interest-free instalments: 0 to 9,99% a.m.
    patch.installmentInterestPercent = percent(
      input.installmentInterestPercent,
      L.installmentInterestPercent,
      'installmentInterestPercent',
      'Os juros do parcelamento devem ser um percentual ao mês entre 0 e 9,99, com no máximo duas casas decimais.',
    );
  }
  if (has('interestFreeInstallments')) {
    const { min, max } = L.interestFreeInstallments;
    patch.interestFreeInstallments = integer(
      input.interestFreeInstallments,
      'interestFreeInstallments',
      `O número de parcelas sem juros deve ser um inteiro de ${min} até o número máximo de parcelas.`,
      min,
      max,
    );
    const maxInstallments = patch.maxInstallments;
    if (maxInstallments !== undefined && patch.interestFreeInstallments > maxInstallments) {
      fail(
        'interestFreeInstallments',
        `As parcelas sem juros não podem passar do número máximo de parcelas (${maxInstallments}).`,
      );
    }
  }
  if (has('pixUniqueCents')) {
    if (typeof input.pixUniqueCents !== 'boolean') {
      fail('pixUniqueCents', 'Informe se os valores de Pix iguais devem ser diferenciados.');
    }
    patch.pixUniqueCents = input.pixUniqueCents;
  }
  if (has('requireTwoFactor')) {
    if (typeof input.requireTwoFactor !== 'boolean') {
      fail('requireTwoFactor', 'Informe se a verificação em duas etapas é obrigatória.');
    }
    patch.requireTwoFactor = input.requireTwoFactor;
  }
  for (const field of PAGE_TEXT_FIELDS) {
    if (has(field)) patch[field] = pageText(input[field], field);
  }
  Object.assign(patch, validateFiscalPatch(input, fail));
  return patch;
}

// Control characters but the tab and the line break (\r is turned into \n first).
// eslint-disable-next-line no-control-regex
const TEXT_CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * A formatted text of an institutional page: line breaks (\r\n and \r become \n) and tabs kept,
 * other control characters refused, trailing spaces of the whole text trimmed; empty -> null.
 */
export function pageText(value: unknown, field: PageTextField): string | null {
  const label = PAGE_TEXT_LABELS[field];
  if (value === null) return null;
  if (typeof value !== 'string') fail(field, `${label} deve ser um texto.`);
  const text = value.replace(/\r\n?/g, '\n').trim();
  if (text === '') return null;
  if (TEXT_CONTROL_CHARS.test(text)) {
    fail(
      field,
      `${label} tem caracteres inválidos (só quebras de linha e tabulações são aceitas).`,
    );
  }
  const max = SETTINGS_LIMITS.pageTextMax;
  if (text.length > max) {
    fail(
      field,
      `${label} pode ter no máximo ${max.toLocaleString('pt-BR')} caracteres (tem ${text.length.toLocaleString('pt-BR')}).`,
    );
  }
  return text;
}

/** Razão social, CNPJ, address and contact (Decreto 7.962/2013): each optional, null clears. */
function validateLegalIdentity(
  input: Record<string, unknown>,
  has: (key: string) => boolean,
  patch: SettingsPatch,
): void {
  const L = SETTINGS_LIMITS;
  if (has('legalName')) {
    patch.legalName = optional(input.legalName, (value) =>
      lineText(value, 'legalName', 'a razão social', L.legalNameMax, false),
    );
  }
  if (has('cnpj')) {
    patch.cnpj = optional(input.cnpj, (value) => {
      const cnpj = normaliseCnpj(value);
      if (cnpj === null) fail('cnpj', CNPJ_ERROR_MESSAGE);
      return cnpj;
    });
  }
  if (has('legalAddress')) {
    patch.legalAddress = optional(input.legalAddress, (value) =>
      lineText(value, 'legalAddress', 'o endereço da empresa', L.legalAddressMax, false),
    );
  }
  if (has('contactEmail')) {
    patch.contactEmail = optional(input.contactEmail, (value) => {
      const checked = checkEmail(typeof value === 'string' ? value : '');
      if (!checked.ok || checked.email.length > L.contactEmailMax) {
        fail(
          'contactEmail',
          checked.ok || checked.problem === 'SHAPE' || checked.problem === 'TOO_LONG'
            ? 'E-mail de contato inválido: use um endereço como contato@loja.com.br.'
            : checked.message,
        );
      }
      return checked.email.toLowerCase();
    });
  }
  if (has('contactPhone')) {
    patch.contactPhone = optional(input.contactPhone, (value) => {
      const phone = typeof value === 'string' ? normalisePhone(value) : null;
      if (phone === null) {
        fail(
          'contactPhone',
          'Telefone de contato inválido: informe o DDD e o número, como (11) 3456-7890.',
        );
      }
      return phone;
    });
  }
}

/** A percent within `range` with at most two decimals, rounded to them; else `message` at `field`. */
function percent(
  value: unknown,
  range: { min: number; max: number },
  field: string,
  message: string,
): number {
  const parsed = parsePercentSetting(value, range.min, range.max);
  if (parsed === null) fail(field, message);
  return parsed;
}
