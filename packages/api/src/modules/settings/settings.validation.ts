// Validation of settingsUpdate: every field optional (absent = unchanged), a nullable one cleared
// with null; the rules, their limits and Portuguese messages are @vitrine/rules' (settings.input.ts,
// which the dashboard's form and the mocks also call). A bad value is a SettingsInputError naming
// the field.
import { checkSettingsPatch, type SettingsPatch } from '@vitrine/rules';

export {
  isValidCnpj,
  normaliseCnpj,
  normalisePixKey,
  PIX_KEY_ERROR_MESSAGE,
  type SettingsPatch,
} from '@vitrine/rules';

export class SettingsInputError extends Error {
  override name = 'SettingsInputError';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Validates a settingsUpdate input; only the fields present come back (normalised). */
export function validateSettingsPatch(input: unknown): SettingsPatch {
  const checked = checkSettingsPatch(input);
  if (!checked.ok) throw new SettingsInputError(checked.issue.message, checked.issue.field);
  return checked.value;
}
