// The settings form: every setting as typed (money in reais, percent with a comma), the input of
// the changed ones only (SettingsInput: absent keeps) and what can be told before asking the
// server: text that is no number here, and each changed value checked by the server's own rules
// (@vitrine/rules settings.input.ts), with its messages. Pure.
import {
  checkSettingsField,
  installmentHeadline,
  installmentTableOf,
  MAX_MONTHLY_INTEREST_PERCENT,
  SETTINGS_FIELD_SCHEMAS,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  type InstallmentTableSettings,
  type SettingsInputField,
} from '@vitrine/rules';

import { fiscalFormOf, fiscalInputOf, type FiscalForm } from './fiscalForm';
import type { AdminSettings, SettingsInputVariables } from './SettingsScreen.graphql';
import { formatBRL, moneyInputText, parseBRL } from '../../../format';

/** Every setting as typed; the NF-e's fiscal data (fiscalForm.ts) included. */
export interface SettingsForm extends FiscalForm {
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
  installmentInterestPercent: string;
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

export const HERO_TITLE_MAX = SETTINGS_LIMITS.heroTitleMax;
export const HERO_SUBTITLE_MAX = SETTINGS_LIMITS.heroSubtitleMax;
export const POLICY_TEXT_MAX = SETTINGS_LIMITS.pageTextMax;

/** The server's message (field installmentInterestPercent) for a monthly interest it refuses. */
export const INSTALLMENT_INTEREST_ERROR = SETTINGS_MESSAGES.installmentInterestPercent;

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

/** '1,99' -> 1.99; null unless 0 to 9,99 with at most two decimals (as the server checks). */
export function parseInterestPercent(text: string): number | null {
  const percent = parsePercent(text);
  if (percent === null || percent > MAX_MONTHLY_INTEREST_PERCENT) return null;
  if (Math.abs(Math.round(percent * 100) - percent * 100) > 1e-6) return null;
  return Math.round(percent * 100) / 100;
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
    installmentInterestPercent: percentText(settings.installmentInterestPercent),
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
    ...fiscalFormOf(settings),
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

const isRuleField = (field: string): field is SettingsField & SettingsInputField =>
  field in SETTINGS_FIELD_SCHEMAS;

/**
 * The SettingsInput of the changed fields; what is surely wrong (not a number, a value the
 * server's rules refuse, more interest-free installments than installments) comes back as errors
 * instead, before any request, each with the server's message where the server has one.
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
    } else if (field === 'installmentInterestPercent') {
      const percent = parseInterestPercent(value);
      if (percent === null) errors[field] = INSTALLMENT_INTEREST_ERROR;
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
  // Each value as the server will check it: its rule and message (the value sent stays as typed).
  for (const [field, value] of Object.entries(input)) {
    if (!isRuleField(field) || errors[field] !== undefined) continue;
    const checked = checkSettingsField(field, value);
    if (!checked.ok) errors[field] = checked.issue.message;
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
    errors.interestFreeInstallments = SETTINGS_MESSAGES.interestFreeAboveMax(max);
  }
  const fiscal = fiscalInputOf(form, dirty);
  Object.assign(input, fiscal.input);
  Object.assign(errors, fiscal.errors);
  return { input: input as SettingsInputVariables, errors };
}

const EXAMPLE_CENTS = 10_000;

/**
 * The store's instalment table as the server reads these settings (@vitrine/rules
 * installmentTableOf). Null while a value is not one the server would take.
 */
export function installmentSettingsOfForm(form: SettingsForm): InstallmentTableSettings | null {
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
  const max = whole(form.maxInstallments);
  const free = whole(form.interestFreeInstallments);
  const min = parseBRL(form.minInstallmentCents);
  const interest = parseInterestPercent(form.installmentInterestPercent);
  if (max === null || max < 1 || max > 12 || free === null || free < 1 || free > max) return null;
  if (min === null || min < 100 || min > 1_000_000 || interest === null) return null;
  return installmentTableOf({
    maxInstallments: max,
    interestFreeInstallments: free,
    installmentInterestPercent: interest,
    minInstallmentCents: min,
  });
}

/**
 * What the table offers on R$ 100,00: 'Exemplo em R$ 100,00: até 6x sem juros de R$ 16,66 ou
 * 12x de R$ 10,34 com juros (total R$ 124,08).'; null while a value is invalid.
 */
export function installmentExample(form: SettingsForm): string | null {
  const settings = installmentSettingsOfForm(form);
  if (!settings) return null;
  const { interestFree, withInterest } = installmentHeadline(EXAMPLE_CENTS, settings);
  const free =
    interestFree.count > 1
      ? `até ${interestFree.count}x sem juros de ${formatBRL(interestFree.perInstallmentCents)}`
      : 'à vista';
  const paid = withInterest
    ? ` ou ${withInterest.count}x de ${formatBRL(withInterest.perInstallmentCents)} com juros (total ${formatBRL(withInterest.totalCents)})`
    : interestFree.count > 1
      ? ''
      : ' (sem parcelas nesse valor)';
  return `Exemplo em ${formatBRL(EXAMPLE_CENTS)}: ${free}${paid}.`;
}

/** 30 -> '30 minutos', 120 -> '2 horas', 90 -> '1 h 30 min'. */
export function expiryText(minutes: number): string {
  if (minutes < 60) return `${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return hours === 1 ? '1 hora' : `${hours} horas`;
  return `${hours} h ${rest} min`;
}
