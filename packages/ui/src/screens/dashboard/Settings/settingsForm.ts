// The settings form: every setting as typed (money in reais, percent with a comma), the input of
// the changed ones only (SettingsInput: absent keeps) and what can be told before asking the
// server. Pure.
import type { AdminSettings, SettingsInputVariables } from './SettingsScreen.graphql';
import { moneyInputText, parseBRL } from '../../../format';

export interface SettingsForm {
  storeName: string;
  contactEmail: string;
  contactPhone: string;
  legalName: string;
  cnpj: string;
  legalAddress: string;
  pixKey: string;
  pixMerchantName: string;
  pixMerchantCity: string;
  pixDiscountPercent: string;
  pixExpiryMinutes: string;
  maxInstallments: string;
  minInstallmentCents: string;
  interestFreeInstallments: string;
  freeShippingThresholdCents: string;
  heroTitle: string;
  heroSubtitle: string;
  analyticsMeasurementId: string;
  exchangesPolicyText: string;
  privacyPolicyText: string;
  contactPageText: string;
  pixUniqueCents: boolean;
  requireTwoFactor: boolean;
  guestMaxUnitsPerLine: string;
  guestMaxUnitsPerOrder: string;
}

export type SettingsField = keyof SettingsForm;

/** Field (the SettingsInput key) to its message. */
export type SettingsErrors = Partial<Record<SettingsField, string>>;

/** Texts whose empty value clears the setting (null). */
const NULLABLE_TEXTS = [
  'contactEmail',
  'contactPhone',
  'legalName',
  'cnpj',
  'legalAddress',
  'pixKey',
  'analyticsMeasurementId',
  'exchangesPolicyText',
  'privacyPolicyText',
  'contactPageText',
] as const satisfies readonly SettingsField[];

const TEXTS = [
  'storeName',
  'pixMerchantName',
  'pixMerchantCity',
  'heroTitle',
  'heroSubtitle',
] as const satisfies readonly SettingsField[];

const INTEGERS = [
  'pixExpiryMinutes',
  'maxInstallments',
  'interestFreeInstallments',
  'guestMaxUnitsPerLine',
  'guestMaxUnitsPerOrder',
] as const satisfies readonly SettingsField[];

export const HERO_TITLE_MAX = 120;
export const HERO_SUBTITLE_MAX = 240;
export const POLICY_TEXT_MAX = 20_000;

/** 5 -> '5', 2.5 -> '2,5'. */
export function percentText(value: number): string {
  return String(value).replace('.', ',');
}

/** '2,5' or '2.5' -> 2.5; null when not a number. */
export function parsePercent(text: string): number | null {
  const clean = text.trim().replace('%', '').trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
}

export function formOf(settings: AdminSettings): SettingsForm {
  return {
    storeName: settings.storeName,
    contactEmail: settings.contactEmail ?? '',
    contactPhone: settings.contactPhone ?? '',
    legalName: settings.legalName ?? '',
    cnpj: settings.cnpj ?? '',
    legalAddress: settings.legalAddress ?? '',
    pixKey: settings.pixKey ?? '',
    pixMerchantName: settings.pixMerchantName,
    pixMerchantCity: settings.pixMerchantCity,
    pixDiscountPercent: percentText(settings.pixDiscountPercent),
    pixExpiryMinutes: String(settings.pixExpiryMinutes),
    maxInstallments: String(settings.maxInstallments),
    minInstallmentCents: moneyInputText(settings.minInstallmentCents),
    interestFreeInstallments: String(settings.interestFreeInstallments),
    freeShippingThresholdCents: moneyInputText(settings.freeShippingThresholdCents),
    heroTitle: settings.heroTitle,
    heroSubtitle: settings.heroSubtitle,
    analyticsMeasurementId: settings.analyticsMeasurementId ?? '',
    exchangesPolicyText: settings.exchangesPolicyText ?? '',
    privacyPolicyText: settings.privacyPolicyText ?? '',
    contactPageText: settings.contactPageText ?? '',
    pixUniqueCents: settings.pixUniqueCents,
    requireTwoFactor: settings.requireTwoFactor,
    guestMaxUnitsPerLine: String(settings.guestMaxUnitsPerLine),
    guestMaxUnitsPerOrder: String(settings.guestMaxUnitsPerOrder),
  };
}

/** The fields whose value differs from the saved one. */
export function dirtyFields(form: SettingsForm, saved: SettingsForm): SettingsField[] {
  return (Object.keys(form) as SettingsField[]).filter((field) => form[field] !== saved[field]);
}

export interface SettingsInputResult {
  input: SettingsInputVariables;
  errors: SettingsErrors;
}

/**
 * The SettingsInput of the changed fields; what is surely wrong (not a number, more interest-free
 * installments than installments) comes back as errors instead, before any request.
 */
export function settingsInputOf(form: SettingsForm, saved: SettingsForm): SettingsInputResult {
  const input: Record<string, unknown> = {};
  const errors: SettingsErrors = {};
  const dirty = new Set(dirtyFields(form, saved));
  for (const field of dirty) {
    const value = form[field];
    if (typeof value === 'boolean') {
      input[field] = value;
    } else if ((NULLABLE_TEXTS as readonly string[]).includes(field)) {
      input[field] = value.trim() === '' ? null : value;
    } else if ((TEXTS as readonly string[]).includes(field)) {
      input[field] = value;
    } else if ((INTEGERS as readonly string[]).includes(field)) {
      if (/^\d+$/.test(value.trim())) input[field] = Number(value.trim());
      else errors[field] = 'Informe um número inteiro.';
    } else if (field === 'pixDiscountPercent') {
      const percent = parsePercent(value);
      if (percent === null) errors[field] = 'Informe um percentual, como 5 ou 2,5.';
      else input[field] = percent;
    } else if (field === 'minInstallmentCents') {
      const cents = parseBRL(value);
      if (cents === null) errors[field] = 'Informe um valor em reais, como 50,00.';
      else input[field] = cents;
    } else if (field === 'freeShippingThresholdCents') {
      const cents = value.trim() === '' ? null : parseBRL(value);
      if (cents === null && value.trim() !== '') {
        errors[field] = 'Informe um valor em reais, como 299,00 (ou deixe vazio).';
      } else input[field] = cents;
    }
  }
  // Interest-free installments are at most the installments offered.
  const max = Number(form.maxInstallments);
  const free = Number(form.interestFreeInstallments);
  if (
    (dirty.has('maxInstallments') || dirty.has('interestFreeInstallments')) &&
    errors.maxInstallments === undefined &&
    errors.interestFreeInstallments === undefined &&
    free > max
  ) {
    errors.interestFreeInstallments = `Sem juros vai até o número máximo de parcelas (${max}).`;
  }
  return { input: input as SettingsInputVariables, errors };
}

/** 30 -> '30 minutos', 120 -> '2 horas', 90 -> '1 h 30 min'. */
export function expiryText(minutes: number): string {
  if (minutes < 60) return `${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return hours === 1 ? '1 hora' : `${hours} horas`;
  return `${hours} h ${rest} min`;
}
