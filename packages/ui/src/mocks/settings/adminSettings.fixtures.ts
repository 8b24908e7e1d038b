// Admin settings fixtures (Configurações): typed like `AdminSettings` of packages/api/schema.graphql.
import type { FiscalSettings } from '../../screens/dashboard/Settings/fiscalForm';
import { DEMO_LEGAL_IDENTITY } from './settings.fixtures';
import type { AdminSettings } from '../../screens/dashboard/Settings/SettingsScreen.graphql';

/** The demo store's NF-e data: Simples Nacional in São Paulo (the demo address's city). */
export const DEMO_FISCAL_SETTINGS: FiscalSettings = {
  stateRegistration: '110042490114',
  taxRegime: 'SIMPLES_NACIONAL',
  ibgeCityCode: '3550308',
  nfeSeries: 1,
  nfeNextNumber: 1,
  cfopInsideState: '5102',
  cfopOutsideState: '6108',
  natureOfOperation: 'Venda de mercadoria',
  defaultTaxSituation: '102',
  nfeIssueOn: 'PAID',
};

export type AdminSettingsFixture = AdminSettings;

/** The demo store's settings, as the API's demo seed leaves them after one change by Ana. */
export function makeAdminSettings(
  overrides: Partial<AdminSettingsFixture> = {},
): AdminSettingsFixture {
  return {
    storeName: 'Vitrine',
    pixKey: '12345678000195',
    pixMerchantName: 'Vitrine Moda',
    pixMerchantCity: 'São Paulo',
    pixExpiryMinutes: 30,
    pixUniqueCents: false,
    pixDiscountPercent: 5,
    maxInstallments: 10,
    minInstallmentCents: 5000,
    interestFreeInstallments: 10,
    installmentInterestPercent: 0,
    freeShippingThresholdCents: 29900,
    analyticsMeasurementId: null,
    heroTitle: 'Marcas brasileiras que você ama, num só lugar',
    heroSubtitle:
      'Roupas, calçados e acessórios de pequenas marcas, com Pix com desconto e entrega para todo o Brasil.',
    ...DEMO_LEGAL_IDENTITY,
    guestMaxUnitsPerLine: 10,
    guestMaxUnitsPerOrder: 50,
    requireTwoFactor: false,
    exchangesPolicyText: null,
    privacyPolicyText: null,
    contactPageText: null,
    ...DEMO_FISCAL_SETTINGS,
    updatedAt: '2026-11-20T13:45:00.000Z',
    updatedByName: 'Ana Souza',
    ...overrides,
  };
}

/** A store that has not set Pix up yet. */
export const NO_PIX = { pixKey: null } as const;
