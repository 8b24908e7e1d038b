// settingsUpdate's fiscal fields (the NF-e), answered as packages/api/src/modules/settings/
// settings.fiscal.ts does: @vitrine/rules fiscalSettingsSchema for each value and
// fiscalSettingsConflict for the stored settings with the change applied (the IBGE code against
// the UF of the address, the default tax situation against the regime), the message on the field.
import {
  checkRules,
  FISCAL_SETTINGS_FIELDS,
  fiscalSettingsConflict,
  fiscalSettingsSchema,
} from '@vitrine/rules';

import type { FiscalSettings } from '../../screens/dashboard/Settings/fiscalForm';
import { badInput } from '../shared/graphqlDomain';

/** The fiscal keys of `input`, checked; `merged` is the settings with the rest of the patch. */
export function fiscalPatchOf(
  input: Record<string, unknown>,
  merged: FiscalSettings & { legalAddress: string | null },
): Partial<FiscalSettings> {
  const given = Object.fromEntries(
    FISCAL_SETTINGS_FIELDS.filter((key) => key in input && input[key] !== undefined).map((key) => [
      key,
      input[key],
    ]),
  );
  const touchesAddress = 'legalAddress' in input && input.legalAddress !== undefined;
  if (Object.keys(given).length === 0 && !touchesAddress) return {};
  const checked = checkRules(fiscalSettingsSchema, given);
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
  const patch = Object.fromEntries(
    Object.entries(checked.value).filter(([, value]) => value !== undefined),
  ) as Partial<FiscalSettings>;
  const next = { ...merged, ...patch };
  const conflict = fiscalSettingsConflict({
    taxRegime: next.taxRegime,
    ibgeCityCode: next.ibgeCityCode,
    defaultTaxSituation: next.defaultTaxSituation,
    legalAddress: next.legalAddress,
  });
  if (conflict) throw badInput(conflict.message, conflict.field);
  return patch;
}
