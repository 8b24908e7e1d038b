// The store's fiscal data for the NF-e (migrations/0045_fiscal_data.sql): validated by
// @vitrine/rules (fiscalSettingsSchema within settingsPatchSchema, fiscalSettingsConflict), shown to any staff member and
// changed by ADMIN with the other settings (settingsUpdate, settings_changes, audit).
import {
  FISCAL_SETTINGS_FIELDS,
  fiscalSettingsConflict,
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
