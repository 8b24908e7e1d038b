// The settings form asks the server's rules (@vitrine/rules settings.input.ts) before sending: a
// changed value the server would refuse is an error at its field with the server's own message,
// and the input sent is only the changed fields, as typed.
import { checkSettingsPatch, SETTINGS_MESSAGES as M } from '@vitrine/rules';
import { describe, expect, it } from 'vitest';

import { makeAdminSettings } from '../../../mocks/settings/adminSettings.fixtures';
import type { AdminSettings } from './SettingsScreen.graphql';
import { formOf, settingsInputOf, type SettingsForm } from './settingsForm';

const saved = formOf(makeAdminSettings() as unknown as AdminSettings);
const changed = (change: Partial<SettingsForm>) => settingsInputOf({ ...saved, ...change }, saved);

/** What the server answers for this input: its field and message. */
function serverRefusal(input: Record<string, unknown>) {
  const checked = checkSettingsPatch(input);
  return checked.ok ? null : checked.issue;
}

describe('settingsInputOf', () => {
  it('sends only the changed fields, as typed, when the rules take them', () => {
    expect(changed({ storeName: '  Loja   Aurora ', maxInstallments: '12' })).toEqual({
      input: { storeName: '  Loja   Aurora ', maxInstallments: 12 },
      errors: {},
    });
    expect(changed({})).toEqual({ input: {}, errors: {} });
  });

  it.each([
    [{ storeName: '   ' }, { storeName: '   ' }],
    [{ heroTitle: 'T'.repeat(121) }, { heroTitle: 'T'.repeat(121) }],
    [{ pixKey: 'minha chave' }, { pixKey: 'minha chave' }],
    [{ pixMerchantCity: 'São José dos Campos' }, { pixMerchantCity: 'São José dos Campos' }],
    [{ cnpj: '11.222.333/0001-82' }, { cnpj: '11.222.333/0001-82' }],
    [{ contactPhone: '123' }, { contactPhone: '123' }],
    [{ contactEmail: 'contato@loja' }, { contactEmail: 'contato@loja' }],
    [{ analyticsMeasurementId: 'UA-1234-1' }, { analyticsMeasurementId: 'UA-1234-1' }],
    [{ pixExpiryMinutes: '5' }, { pixExpiryMinutes: 5 }],
    [{ maxInstallments: '13' }, { maxInstallments: 13 }],
    [{ guestMaxUnitsPerOrder: '0' }, { guestMaxUnitsPerOrder: 0 }],
    [{ pixDiscountPercent: '50,5' }, { pixDiscountPercent: 50.5 }],
    [{ minInstallmentCents: '0,99' }, { minInstallmentCents: 99 }],
    [{ privacyPolicyText: 'a'.repeat(20_001) }, { privacyPolicyText: 'a'.repeat(20_001) }],
  ])('refuses %j before asking, with the message the server gives for %j', (change, input) => {
    const refusal = serverRefusal(input);
    expect(refusal).not.toBeNull();
    const result = changed(change as Partial<SettingsForm>);
    expect(result.errors).toEqual({ [refusal!.field]: refusal!.message });
  });

  it("refuses more interest-free installments than installments with the server's message", () => {
    const result = changed({ maxInstallments: '6', interestFreeInstallments: '8' });
    expect(result.errors).toEqual({ interestFreeInstallments: M.interestFreeAboveMax(6) });
    expect(serverRefusal({ maxInstallments: 6, interestFreeInstallments: 8 })?.message).toBe(
      result.errors.interestFreeInstallments,
    );
  });

  it('keeps its own words for text that is no number at all', () => {
    expect(changed({ maxInstallments: 'doze' }).errors).toEqual({
      maxInstallments: 'Informe um número inteiro.',
    });
    expect(changed({ minInstallmentCents: 'cinco' }).errors).toEqual({
      minInstallmentCents: 'Informe um valor em reais, como 50,00.',
    });
  });
});
