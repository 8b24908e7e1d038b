// Configurações: the caller's role, every setting (ADMIN), the change of the dirty ones and the
// Pix code these receiver settings make.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardSettingsQuery,
  DashboardSettingsQueryVariables,
  DashboardSettingsRoleQuery,
  DashboardSettingsRoleQueryVariables,
  SettingsInput,
  SettingsPixPreviewQuery,
  SettingsPixPreviewQueryVariables,
  SettingsPixProviderQuery,
  SettingsPixProviderQueryVariables,
  SettingsUpdateMutation,
  SettingsUpdateMutationVariables,
  StaffRole,
} from '../../../graphql/generated';

export type StaffRoleName = StaffRole;

export type AdminSettings = DashboardSettingsQuery['settings'];

/** SettingsInput: absent keeps a setting, null clears a nullable one. */
export type SettingsInputVariables = SettingsInput;

export type PixPreview = SettingsPixPreviewQuery['pixPreview'];

export type PixPreviewVariables = SettingsPixPreviewQueryVariables;

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
  DashboardSettingsRoleQuery,
  DashboardSettingsRoleQueryVariables
> = gql`
  query DashboardSettingsRole {
    me {
      id
      role
    }
  }
`;

export const DASHBOARD_SETTINGS_QUERY: TypedDocumentNode<
  DashboardSettingsQuery,
  DashboardSettingsQueryVariables
> = gql`
  query DashboardSettings {
    settings {
      ${ADMIN_SETTINGS_FIELDS}
    }
  }
`;

export const SETTINGS_UPDATE_MUTATION: TypedDocumentNode<
  SettingsUpdateMutation,
  SettingsUpdateMutationVariables
> = gql`
  mutation SettingsUpdate($input: SettingsInput!) {
    settingsUpdate(input: $input) {
      ${ADMIN_SETTINGS_FIELDS}
    }
  }
`;

export const PIX_PREVIEW_QUERY: TypedDocumentNode<
  SettingsPixPreviewQuery,
  SettingsPixPreviewQueryVariables
> = gql`
  query SettingsPixPreview($input: PixPreviewInput!) {
    pixPreview(input: $input) {
      code
      qrCodeSvg
      amountCents
    }
  }
`;

/** Whether Pix is confirmed by the bank's API (a PSP), as ADMIN sees it: never a secret. */
export type PixProviderStatus = SettingsPixProviderQuery['pixProvider'];

export const SETTINGS_PIX_PROVIDER_QUERY: TypedDocumentNode<
  SettingsPixProviderQuery,
  SettingsPixProviderQueryVariables
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
