// The store's fiscal data for the NF-e (migrations/0045_fiscal_data.sql): validated by
// @vitrine/rules (fiscalSettingsSchema, fiscalSettingsConflict), shown to any staff member and
// changed by ADMIN with the other settings (settingsUpdate, settings_changes, audit).
import {
  checkRules,
  FISCAL_SETTINGS_FIELDS,
  fiscalSettingsConflict,
  fiscalSettingsSchema,
  type FiscalSettings,
  type TaxRegime,
} from '@vitrine/rules';
import type { StoreSettingsRow } from './settings.tables';

export { FISCAL_SETTINGS_FIELDS };

/** The store's fiscal settings as the API answers them (one shape with the dashboard's form). */
export type FiscalSettingsView = FiscalSettings;

export type FiscalSettingsPatch = Partial<FiscalSettingsView>;

export function fiscalSettingsView(store: StoreSettingsRow): FiscalSettingsView {
  return {
    stateRegistration: store.stateRegistration,
    taxRegime: store.taxRegime,
    ibgeCityCode: store.ibgeCityCode,
    nfeSeries: store.nfeSeries,
    nfeNextNumber: Number(store.nfeNextNumber),
    cfopInsideState: store.cfopInsideState,
    cfopOutsideState: store.cfopOutsideState,
    natureOfOperation: store.natureOfOperation,
    defaultTaxSituation: store.defaultTaxSituation,
    nfeIssueOn: store.nfeIssueOn,
  };
}

/**
 * The fiscal keys of a settingsUpdate input, checked alone; `fail` throws with the field. A
 * non-null field (the series, the CFOPs...) sent as null is refused with its own message.
 */
export function validateFiscalPatch(
  input: Record<string, unknown>,
  fail: (field: string, message: string) => never,
): FiscalSettingsPatch {
  const given = Object.fromEntries(
    FISCAL_SETTINGS_FIELDS.filter((key) => key in input && input[key] !== undefined).map((key) => [
      key,
      input[key],
    ]),
  );
  if (Object.keys(given).length === 0) return {};
  const checked = checkRules(fiscalSettingsSchema, given);
  if (!checked.ok) fail(checked.issue.field, checked.issue.message);
  const patch: FiscalSettingsPatch = {};
  for (const [key, value] of Object.entries(checked.value)) {
    if (value === undefined) continue;
    (patch as Record<string, unknown>)[key] = value;
  }
  return patch;
}

/**
 * The stored settings with the patch applied, checked together: the IBGE code's UF against the
 * store's address (the patch's, if it changes it) and the default tax situation against the
 * regime. Null, or the field and its message.
 */
export function fiscalConflict(
  store: StoreSettingsRow,
  patch: FiscalSettingsPatch & { legalAddress?: string | null },
): { field: string; message: string } | null {
  const merged = <K extends keyof StoreSettingsRow & keyof typeof patch>(key: K) =>
    patch[key] === undefined ? store[key] : patch[key];
  const touched =
    patch.ibgeCityCode !== undefined ||
    patch.legalAddress !== undefined ||
    patch.taxRegime !== undefined ||
    patch.defaultTaxSituation !== undefined;
  if (!touched) return null;
  return fiscalSettingsConflict({
    taxRegime: (merged('taxRegime') ?? null) as TaxRegime | null,
    ibgeCityCode: (merged('ibgeCityCode') ?? null) as string | null,
    defaultTaxSituation: (merged('defaultTaxSituation') ?? null) as string | null,
    legalAddress: (merged('legalAddress') ?? null) as string | null,
  });
}
