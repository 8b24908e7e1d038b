// The settings form's "Dados fiscais (NF-e)": the store's fiscal data as typed, and its part of
// SettingsInput checked by the server's own rules (@vitrine/rules fiscalSettingsSchema and
// fiscalSettingsConflict: the IBGE code against the UF of the address as typed, the default tax
// situation against the regime). Pure.
import {
  checkRules,
  FISCAL_SETTINGS_FIELDS,
  fiscalSettingsConflict,
  fiscalSettingsSchema,
  type FiscalSettings,
  type TaxRegime,
} from '@vitrine/rules';

/** The fiscal settings as the API answers them (AdminSettings): @vitrine/rules' shape. */
export type { FiscalSettings };

export type FiscalField = (typeof FISCAL_SETTINGS_FIELDS)[number];

/** As typed: every value a text ('' for none; the regime '' when not chosen). */
export type FiscalForm = Record<FiscalField, string>;

export function fiscalFormOf(settings: FiscalSettings): FiscalForm {
  return {
    stateRegistration: settings.stateRegistration ?? '',
    taxRegime: settings.taxRegime ?? '',
    ibgeCityCode: settings.ibgeCityCode ?? '',
    nfeSeries: String(settings.nfeSeries),
    nfeNextNumber: String(settings.nfeNextNumber),
    cfopInsideState: settings.cfopInsideState,
    cfopOutsideState: settings.cfopOutsideState,
    natureOfOperation: settings.natureOfOperation,
    defaultTaxSituation: settings.defaultTaxSituation ?? '',
    nfeIssueOn: settings.nfeIssueOn,
  };
}

const NUMBERS = new Set<FiscalField>(['nfeSeries', 'nfeNextNumber']);

/**
 * The changed fiscal fields as SettingsInput values, or each one's Portuguese message (the
 * server's) before any request. `legalAddress` is the address as typed.
 */
export function fiscalInputOf(
  form: FiscalForm & { legalAddress: string },
  dirty: ReadonlySet<string>,
): { input: Record<string, unknown>; errors: Partial<Record<FiscalField, string>> } {
  const raw: Record<string, unknown> = {};
  for (const field of FISCAL_SETTINGS_FIELDS) {
    if (!dirty.has(field)) continue;
    const text = form[field].trim();
    if (NUMBERS.has(field)) raw[field] = /^\d+$/.test(text) ? Number(text) : NaN;
    else if (field === 'taxRegime') raw[field] = text === '' ? null : text;
    else raw[field] = form[field];
  }
  const errors: Partial<Record<FiscalField, string>> = {};
  const checked = checkRules(fiscalSettingsSchema, raw);
  if (!checked.ok) {
    errors[checked.issue.field as FiscalField] = checked.issue.message;
    return { input: {}, errors };
  }
  const input = Object.fromEntries(
    Object.entries(checked.value).filter(([, value]) => value !== undefined),
  );
  const relevant = ['ibgeCityCode', 'taxRegime', 'defaultTaxSituation', 'legalAddress'];
  if (relevant.some((field) => dirty.has(field))) {
    const conflict = fiscalSettingsConflict({
      taxRegime: (form.taxRegime || null) as TaxRegime | null,
      ibgeCityCode: form.ibgeCityCode.trim() || null,
      defaultTaxSituation: form.defaultTaxSituation.trim() || null,
      legalAddress: form.legalAddress.trim() || null,
    });
    if (conflict) errors[conflict.field] = conflict.message;
  }
  return { input, errors };
}
