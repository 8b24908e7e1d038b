// The store settings' input (settingsUpdate), once for the server, the dashboard's settings form
// and the ui's mocks: every field optional (absent = unchanged), a nullable one cleared with null
// or a blank text, each wrong value with its Portuguese message on its field ('storeName',
// 'pixExpiryHours', a fiscal field). The first broken rule is reported, in the order the server
// reads the fields; each field has its own zod schema (SETTINGS_FIELD_SCHEMAS), which the form
// runs field by field. Checks against the stored settings are the caller's.
import { z } from 'zod';

import { checkEmail } from './email';
import { FISCAL_SETTINGS_FIELDS, fiscalSettingsSchema, type FiscalSettings } from './fiscal';
import { normalisePhone } from './phone';
import { parsePercentSetting } from './pricing';
import { checkRules, type RuleResult } from './variant';
import {
  brCodeText,
  CNPJ_ERROR_MESSAGE,
  normaliseCnpj,
  normalisePixKey,
  PIX_KEY_ERROR_MESSAGE,
} from './settings.pix';

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
  /** pixPreview's example order: R$ 100,00 when none is given, R$ 0,01 to R$ 1.000.000,00. */
  pixPreviewAmountCents: { default: 10_000, min: 1, max: 100_000_000 },
} as const;

const L = SETTINGS_LIMITS;

/** The institutional pages' texts settingsUpdate takes (formatted text; null: built-in). */
export const PAGE_TEXT_FIELDS = [
  'exchangesPolicyText',
  'privacyPolicyText',
  'contactPageText',
] as const;
export type PageTextField = (typeof PAGE_TEXT_FIELDS)[number];

export const PAGE_TEXT_LABELS: Record<PageTextField, string> = {
  exchangesPolicyText: 'O texto de trocas e devoluções',
  privacyPolicyText: 'O texto da política de privacidade',
  contactPageText: 'O texto da página de contato',
};

/** The one-line texts, each with the words its messages use ('Informe o nome da loja.'). */
export const SETTINGS_TEXT_LABELS = {
  storeName: 'o nome da loja',
  pixMerchantName: 'o nome do recebedor',
  pixMerchantCity: 'a cidade do recebedor',
  heroTitle: 'o título da página inicial',
  heroSubtitle: 'o subtítulo da página inicial',
  legalName: 'a razão social',
  legalAddress: 'o endereço da empresa',
} as const;

/** 'o nome da loja' -> 'Nome da loja'. */
function capitalise(label: string): string {
  const plain = label.replace(/^(o|a|os|as) /, '');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

const count = (n: number) => n.toLocaleString('pt-BR');

export const SETTINGS_MESSAGES = {
  notAnObject: 'Envie as configurações a alterar.',
  unknownField: 'Configuração desconhecida.',
  pixKey: PIX_KEY_ERROR_MESSAGE,
  cnpj: CNPJ_ERROR_MESSAGE,
  textEmpty: (label: string) => `Informe ${label}.`,
  textControl: (label: string) => `${capitalise(label)} tem caracteres inválidos.`,
  textTooLong: (label: string, max: number) =>
    `${capitalise(label)} pode ter no máximo ${max} caracteres.`,
  brCodeTextEmpty: (label: string) => `Informe ${label} (letras sem acento também servem).`,
  brCodeTextTooLong: (label: string, max: number) =>
    `${capitalise(label)} pode ter no máximo ${max} caracteres (limite do Pix).`,
  pixExpiryBoth: 'Informe o prazo do Pix em minutos.',
  pixExpiryMinutes: `O prazo do Pix deve ser um número inteiro de minutos entre ${L.pixExpiryMinutes.min} e ${L.pixExpiryMinutes.max} (24 horas).`,
  pixExpiryHours: `O prazo do Pix deve ser um número inteiro de horas entre 1 e ${L.pixExpiryMinutes.max / 60}.`,
  pixDiscountPercent: `O desconto no Pix deve ser um percentual entre ${L.pixDiscountPercent.min} e ${L.pixDiscountPercent.max}, com no máximo duas casas decimais.`,
  maxInstallments: `O número máximo de parcelas deve ser um inteiro de ${L.maxInstallments.min} a ${L.maxInstallments.max}.`,
  minInstallmentCents:
    'A parcela mínima deve ser um valor inteiro em centavos entre R$ 1,00 e R$ 10.000,00.',
  freeShippingThresholdCents:
    'O valor para frete grátis deve ser um inteiro de centavos, de zero a R$ 1.000.000,00 (ou vazio para não oferecer).',
  analyticsMeasurementId: 'ID de medição do Google Analytics inválido: use o formato G-XXXXXXXXXX.',
  guestMaxUnitsPerLine: `O limite de unidades por produto em um pedido deve ser um inteiro de ${L.guestMaxUnitsPerLine.min} a ${L.guestMaxUnitsPerLine.max}.`,
  guestMaxUnitsPerOrder: `O limite de unidades por pedido deve ser um inteiro de ${L.guestMaxUnitsPerOrder.min} a ${L.guestMaxUnitsPerOrder.max}.`,
  contactEmail: 'E-mail de contato inválido: use um endereço como contato@loja.com.br.',
  contactPhone: 'Telefone de contato inválido: informe o DDD e o número, como (11) 3456-7890.',
  installmentInterestPercent:
    'Os juros do parcelamento devem ser um percentual ao mês entre 0 e 9,99, com no máximo duas casas decimais.',
  interestFreeInstallments: `O número de parcelas sem juros deve ser um inteiro de ${L.interestFreeInstallments.min} até o número máximo de parcelas.`,
  interestFreeAboveMax: (maxInstallments: number) =>
    `As parcelas sem juros não podem passar do número máximo de parcelas (${maxInstallments}).`,
  pixUniqueCents: 'Informe se os valores de Pix iguais devem ser diferenciados.',
  pixPreviewAmountCents:
    'O valor do exemplo deve ser um inteiro de centavos, de R$ 0,01 a R$ 1.000.000,00.',
  requireTwoFactor: 'Informe se a verificação em duas etapas é obrigatória.',
  pageTextNotText: (field: PageTextField) => `${PAGE_TEXT_LABELS[field]} deve ser um texto.`,
  pageTextControl: (field: PageTextField) =>
    `${PAGE_TEXT_LABELS[field]} tem caracteres inválidos (só quebras de linha e tabulações são aceitas).`,
  pageTextTooLong: (field: PageTextField, length: number) =>
    `${PAGE_TEXT_LABELS[field]} pode ter no máximo ${count(L.pageTextMax)} caracteres (tem ${count(length)}).`,
} as const;

const M = SETTINGS_MESSAGES;

/** A valid settingsUpdate input, normalised; only the fields present. */
export interface SettingsPatch extends Partial<FiscalSettings> {
  storeName?: string;
  /** As the BR Code carries it (normalisePixKey); null clears. */
  pixKey?: string | null;
  pixMerchantName?: string;
  pixMerchantCity?: string;
  /** pixExpiryHours (deprecated) comes back here, in minutes. */
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
  /** 1 to maxInstallments (checked against the stored maxInstallments by the caller). */
  interestFreeInstallments?: number;
  /** 0 to 9.99, two decimals at most. */
  installmentInterestPercent?: number;
  requireTwoFactor?: boolean;
  exchangesPolicyText?: string | null;
  privacyPolicyText?: string | null;
  contactPageText?: string | null;
}

/** A broken rule, thrown from a field's check and reported by its schema. */
class Refusal {
  constructor(readonly message: string) {}
}

function refuse(message: string): never {
  throw new Refusal(message);
}

/** A schema over any value: `read` returns the normalised value or calls `refuse`. */
function rule<T>(read: (value: unknown) => T) {
  return z.unknown().transform((value, ctx): T => {
    try {
      return read(value);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// Control characters but the tab and the line break (\r is turned into \n first).
// eslint-disable-next-line no-control-regex
const TEXT_CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;

/**
 * A one-line text (store name, hero texts, legal identity): trimmed, runs of spaces made one; a
 * control character (a line break included) is refused rather than silently changed. Empty only
 * when `allowEmpty`.
 */
function readLine(value: unknown, label: string, max: number, allowEmpty: boolean): string {
  if (typeof value !== 'string') refuse(M.textEmpty(label));
  const trimmed = value.trim();
  if (CONTROL_CHARS.test(trimmed)) refuse(M.textControl(label));
  const clean = trimmed.replace(/\s+/g, ' ');
  if (clean === '' && !allowEmpty) refuse(M.textEmpty(label));
  if (clean.length > max) refuse(M.textTooLong(label, max));
  return clean;
}

function lineText(label: string, max: number, allowEmpty: boolean) {
  return rule((value) => readLine(value, label, max, allowEmpty));
}

/** Name and city go into the BR Code as plain ASCII: what is left after that must fit. */
function brCodeLine(label: string, max: number) {
  return rule((value): string => {
    if (typeof value !== 'string' || value.length > 200) refuse(M.textEmpty(label));
    const raw = value.trim().replace(/\s+/g, ' ');
    const ascii = brCodeText(raw);
    if (ascii === '') refuse(M.brCodeTextEmpty(label));
    if (ascii.length > max) refuse(M.brCodeTextTooLong(label, max));
    return raw;
  });
}

/** A whole number from `min` to `max`, else `message`. */
function wholeIn(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A percent within `range` with at most two decimals, rounded to them; else `message`. */
function percentIn(range: { min: number; max: number }, message: string) {
  return rule((value): number => {
    return parsePercentSetting(value, range.min, range.max) ?? refuse(message);
  });
}

function flag(message: string) {
  return z.boolean({ error: message });
}

const isBlank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '');

/** null or a blank text clears an optional field (null); otherwise `schema` checks it. */
function clearable<T>(schema: z.ZodType<T, unknown>) {
  return rule((value): T | null => {
    if (isBlank(value)) return null;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    return refuse(parsed.error.issues[0]?.message ?? 'Valor inválido.');
  });
}

/**
 * A formatted text of an institutional page: line breaks (\r\n and \r become \n) and tabs kept,
 * other control characters refused, trailing spaces of the whole text trimmed; empty -> null.
 */
function pageText(field: PageTextField) {
  return rule((value): string | null => {
    if (value === null) return null;
    if (typeof value !== 'string') refuse(M.pageTextNotText(field));
    const text = value.replace(/\r\n?/g, '\n').trim();
    if (text === '') return null;
    if (TEXT_CONTROL_CHARS.test(text)) refuse(M.pageTextControl(field));
    if (text.length > L.pageTextMax) refuse(M.pageTextTooLong(field, text.length));
    return text;
  });
}

/** Each field's schema, in the order the server reads them (the first wrong one is reported). */
export const SETTINGS_FIELD_SCHEMAS = {
  storeName: lineText(SETTINGS_TEXT_LABELS.storeName, L.storeNameMax, false),
  pixKey: rule((value): string | null => {
    if (value === null) return null;
    return (typeof value === 'string' ? normalisePixKey(value) : null) ?? refuse(M.pixKey);
  }),
  pixMerchantName: brCodeLine(SETTINGS_TEXT_LABELS.pixMerchantName, L.merchantNameMax),
  pixMerchantCity: brCodeLine(SETTINGS_TEXT_LABELS.pixMerchantCity, L.merchantCityMax),
  pixExpiryMinutes: wholeIn(L.pixExpiryMinutes.min, L.pixExpiryMinutes.max, M.pixExpiryMinutes),
  // Deprecated: whole hours, 1 to 24, stored in minutes.
  pixExpiryHours: wholeIn(1, L.pixExpiryMinutes.max / 60, M.pixExpiryHours).transform(
    (hours) => hours * 60,
  ),
  pixDiscountPercent: percentIn(L.pixDiscountPercent, M.pixDiscountPercent),
  maxInstallments: wholeIn(L.maxInstallments.min, L.maxInstallments.max, M.maxInstallments),
  minInstallmentCents: wholeIn(
    L.minInstallmentCents.min,
    L.minInstallmentCents.max,
    M.minInstallmentCents,
  ),
  freeShippingThresholdCents: wholeIn(
    0,
    L.freeShippingThresholdCentsMax,
    M.freeShippingThresholdCents,
  ).nullable(),
  analyticsMeasurementId: clearable(
    rule((value): string => {
      const id = typeof value === 'string' ? value.trim().toUpperCase() : '';
      return MEASUREMENT_ID_PATTERN.test(id) ? id : refuse(M.analyticsMeasurementId);
    }),
  ),
  heroTitle: lineText(SETTINGS_TEXT_LABELS.heroTitle, L.heroTitleMax, false),
  // null, like an empty text, leaves the home without a subtitle.
  heroSubtitle: rule((value) =>
    readLine(value ?? '', SETTINGS_TEXT_LABELS.heroSubtitle, L.heroSubtitleMax, true),
  ),
  guestMaxUnitsPerLine: wholeIn(
    L.guestMaxUnitsPerLine.min,
    L.guestMaxUnitsPerLine.max,
    M.guestMaxUnitsPerLine,
  ),
  guestMaxUnitsPerOrder: wholeIn(
    L.guestMaxUnitsPerOrder.min,
    L.guestMaxUnitsPerOrder.max,
    M.guestMaxUnitsPerOrder,
  ),
  legalName: clearable(lineText(SETTINGS_TEXT_LABELS.legalName, L.legalNameMax, false)),
  cnpj: clearable(rule((value): string => normaliseCnpj(value) ?? refuse(M.cnpj))),
  legalAddress: clearable(lineText(SETTINGS_TEXT_LABELS.legalAddress, L.legalAddressMax, false)),
  contactEmail: clearable(
    rule((value): string => {
      const checked = checkEmail(typeof value === 'string' ? value : '');
      if (checked.ok && checked.email.length <= L.contactEmailMax) {
        return checked.email.toLowerCase();
      }
      // The shape's own words; an invisible character or quotes, the e-mail rule's.
      return refuse(
        checked.ok || checked.problem === 'SHAPE' || checked.problem === 'TOO_LONG'
          ? M.contactEmail
          : checked.message,
      );
    }),
  ),
  contactPhone: clearable(
    rule((value): string => {
      return (typeof value === 'string' ? normalisePhone(value) : null) ?? refuse(M.contactPhone);
    }),
  ),
  // The monthly interest of the plans past the interest-free instalments: 0 to 9,99% a.m.
  installmentInterestPercent: percentIn(L.installmentInterestPercent, M.installmentInterestPercent),
  interestFreeInstallments: wholeIn(
    L.interestFreeInstallments.min,
    L.interestFreeInstallments.max,
    M.interestFreeInstallments,
  ),
  pixUniqueCents: flag(M.pixUniqueCents),
  requireTwoFactor: flag(M.requireTwoFactor),
  exchangesPolicyText: pageText('exchangesPolicyText'),
  privacyPolicyText: pageText('privacyPolicyText'),
  contactPageText: pageText('contactPageText'),
};

export type SettingsInputField = keyof typeof SETTINGS_FIELD_SCHEMAS;

/** Every key settingsUpdate takes: its own fields, then the fiscal ones (fiscalSettingsSchema). */
export const SETTINGS_INPUT_FIELDS: readonly string[] = [
  ...Object.keys(SETTINGS_FIELD_SCHEMAS),
  ...FISCAL_SETTINGS_FIELDS,
];

type Read = { ok: true; patch: SettingsPatch } | { ok: false; field: string; message: string };

/** The patch of `input`'s fields, or the first refusal in the server's order. */
function readPatch(input: Record<string, unknown>): Read {
  const has = (key: string) => key in input && input[key] !== undefined;
  for (const key of Object.keys(input)) {
    if (!SETTINGS_INPUT_FIELDS.includes(key)) {
      return { ok: false, field: key, message: M.unknownField };
    }
  }
  const patch: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(SETTINGS_FIELD_SCHEMAS)) {
    if (field === 'pixExpiryMinutes' && has(field) && has('pixExpiryHours')) {
      return { ok: false, field: 'pixExpiryHours', message: M.pixExpiryBoth };
    }
    if (!has(field)) continue;
    const parsed = (schema as z.ZodType).safeParse(input[field]);
    if (!parsed.success) {
      return { ok: false, field, message: parsed.error.issues[0]?.message ?? 'Valor inválido.' };
    }
    patch[field === 'pixExpiryHours' ? 'pixExpiryMinutes' : field] = parsed.data;
  }
  const max = patch.maxInstallments as number | undefined;
  const free = patch.interestFreeInstallments as number | undefined;
  if (max !== undefined && free !== undefined && free > max) {
    return { ok: false, field: 'interestFreeInstallments', message: M.interestFreeAboveMax(max) };
  }
  const fiscal = Object.fromEntries(
    FISCAL_SETTINGS_FIELDS.filter(has).map((key) => [key, input[key]] as const),
  );
  if (Object.keys(fiscal).length > 0) {
    const checked = checkRules(fiscalSettingsSchema, fiscal);
    if (!checked.ok) return { ok: false, ...checked.issue };
    for (const [key, value] of Object.entries(checked.value)) {
      if (value !== undefined) patch[key] = value;
    }
  }
  return { ok: true, patch: patch as SettingsPatch };
}

/**
 * SettingsInput (settingsUpdate): only the fields present come back, normalised; the first wrong
 * one is the only issue, on its key. An unknown key is refused.
 */
export const settingsPatchSchema = z.unknown().transform((input, ctx): SettingsPatch => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    ctx.addIssue({ code: 'custom', message: M.notAnObject, path: ['input'] });
    return z.NEVER;
  }
  const read = readPatch(input as Record<string, unknown>);
  if (read.ok) return read.patch;
  ctx.addIssue({ code: 'custom', message: read.message, path: [read.field] });
  return z.NEVER;
});

/** checkRules with the settings input's schema: the patch, or the field and its message. */
export function checkSettingsPatch(input: unknown): RuleResult<SettingsPatch> {
  return checkRules(settingsPatchSchema, input);
}

/** One field alone (the dashboard's form): its normalised value, or its message. */
export function checkSettingsField<F extends SettingsInputField>(
  field: F,
  value: unknown,
): RuleResult<z.output<(typeof SETTINGS_FIELD_SCHEMAS)[F]>> {
  const checked = checkRules(SETTINGS_FIELD_SCHEMAS[field] as z.ZodType, value);
  if (checked.ok)
    return checked as { ok: true; value: z.output<(typeof SETTINGS_FIELD_SCHEMAS)[F]> };
  return { ok: false, issue: { ...checked.issue, field } };
}

/** pixPreview's input: the receiver a store is about to save, and the example order's amount. */
export interface PixPreviewInput {
  pixKey?: unknown;
  pixMerchantName?: unknown;
  pixMerchantCity?: unknown;
  amountCents?: unknown;
}

export interface ValidPixPreviewInput {
  pixKey: string;
  pixMerchantName: string;
  pixMerchantCity: string;
  amountCents: number;
}

/**
 * pixPreview's input: the key (required), name and city as settingsUpdate checks them, with the
 * same messages on 'input.pixKey'..., then the amount (R$ 100,00 when absent).
 */
export function checkPixPreviewInput(input: PixPreviewInput): RuleResult<ValidPixPreviewInput> {
  const refused = (field: string, message: string) =>
    ({ ok: false, issue: { field: `input.${field}`, message } }) as const;
  const checked = checkSettingsPatch({
    pixKey: input.pixKey ?? null,
    pixMerchantName: input.pixMerchantName,
    pixMerchantCity: input.pixMerchantCity,
  });
  if (!checked.ok) return refused(checked.issue.field, checked.issue.message);
  const { pixKey, pixMerchantName = '', pixMerchantCity = '' } = checked.value;
  if (!pixKey) return refused('pixKey', M.pixKey);
  const { min, max } = L.pixPreviewAmountCents;
  const amount = input.amountCents ?? L.pixPreviewAmountCents.default;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < min || amount > max) {
    return refused('amountCents', M.pixPreviewAmountCents);
  }
  return { ok: true, value: { pixKey, pixMerchantName, pixMerchantCity, amountCents: amount } };
}
