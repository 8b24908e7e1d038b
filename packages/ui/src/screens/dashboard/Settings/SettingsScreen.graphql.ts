// Configurações: the caller's role, every setting (ADMIN), the change of the dirty ones and the
// Pix code these receiver settings make.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { FiscalSettings } from './fiscalForm';

export type StaffRoleName = 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT';

export interface AdminSettings extends FiscalSettings {
  storeName: string;
  pixKey: string | null;
  pixMerchantName: string;
  pixMerchantCity: string;
  pixExpiryMinutes: number;
  pixUniqueCents: boolean;
  pixDiscountPercent: number;
  maxInstallments: number;
  minInstallmentCents: number;
  interestFreeInstallments: number;
  /** Monthly interest (Price table) past the interest-free instalments; 0: none offered. */
  installmentInterestPercent: number;
  freeShippingThresholdCents: number | null;
  analyticsMeasurementId: string | null;
  heroTitle: string;
  heroSubtitle: string;
  legalName: string | null;
  cnpj: string | null;
  legalAddress: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  guestMaxUnitsPerLine: number;
  guestMaxUnitsPerOrder: number;
  requireTwoFactor: boolean;
  exchangesPolicyText: string | null;
  privacyPolicyText: string | null;
  contactPageText: string | null;
  updatedAt: string;
  updatedByName: string | null;
}

/** SettingsInput: absent keeps a setting, null clears a nullable one. */
export type SettingsInputVariables = Partial<Omit<AdminSettings, 'updatedAt' | 'updatedByName'>>;

export interface PixPreview {
  code: string;
  qrCodeSvg: string;
  amountCents: number;
}

export interface PixPreviewVariables {
  input: {
    pixKey: string;
    pixMerchantName: string;
    pixMerchantCity: string;
    amountCents?: number | null;
  };
}

const ADMIN_SETTINGS_FIELDS = `
  storeName
  pixKey
  pixMerchantName
  pixMerchantCity
  pixExpiryMinutes
  pixUniqueCents
  pixDiscountPercent
  maxInstallments
  minInstallmentCents
  interestFreeInstallments
  installmentInterestPercent
  freeShippingThresholdCents
  analyticsMeasurementId
  heroTitle
  heroSubtitle
  legalName
  cnpj
  legalAddress
  contactEmail
  contactPhone
  guestMaxUnitsPerLine
  guestMaxUnitsPerOrder
  requireTwoFactor
  stateRegistration
  taxRegime
  ibgeCityCode
  nfeSeries
  nfeNextNumber
  cfopInsideState
  cfopOutsideState
  natureOfOperation
  defaultTaxSituation
  nfeIssueOn
  exchangesPolicyText
  privacyPolicyText
  contactPageText
  updatedAt
  updatedByName
`;

export const DASHBOARD_SETTINGS_ROLE_QUERY: TypedDocumentNode<
  { me: { id: string; role: StaffRoleName } },
  Record<string, never>
> = gql`
  query DashboardSettingsRole {
    me {
      id
      role
    }
  }
`;

export const DASHBOARD_SETTINGS_QUERY: TypedDocumentNode<
  { settings: AdminSettings },
  Record<string, never>
> = gql`
  query DashboardSettings {
    settings {
      ${ADMIN_SETTINGS_FIELDS}
    }
  }
`;

export const SETTINGS_UPDATE_MUTATION: TypedDocumentNode<
  { settingsUpdate: AdminSettings },
  { input: SettingsInputVariables }
> = gql`
  mutation SettingsUpdate($input: SettingsInput!) {
    settingsUpdate(input: $input) {
      ${ADMIN_SETTINGS_FIELDS}
    }
  }
`;

export const PIX_PREVIEW_QUERY: TypedDocumentNode<{ pixPreview: PixPreview }, PixPreviewVariables> =
  gql`
    query SettingsPixPreview($input: PixPreviewInput!) {
      pixPreview(input: $input) {
        code
        qrCodeSvg
        amountCents
      }
    }
  `;

/** Whether Pix is confirmed by the bank's API (a PSP), as ADMIN sees it: never a secret. */
export interface PixProviderStatus {
  configured: boolean;
  host: string | null;
  webhookConfigured: boolean;
  webhookRegistered: boolean;
  pixKeySet: boolean;
  pendingCreationCount: number;
  failedCount: number;
  openCount: number;
}

export const SETTINGS_PIX_PROVIDER_QUERY: TypedDocumentNode<
  { pixProvider: PixProviderStatus },
  Record<string, never>
> = gql`
  query SettingsPixProvider {
    pixProvider {
      configured
      host
      webhookConfigured
      webhookRegistered
      pixKeySet
      pendingCreationCount
      failedCount
      openCount
    }
  }
`;
