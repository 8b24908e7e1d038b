// Configurações, "Dados fiscais (NF-e)": whether the store issues NF-e (the provider, its
// environment and host, webhook or polling) and how many invoices wait or were rejected. Its own
// query, so a failure leaves the settings form usable. Never a token (the API has none to give).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  SettingsInvoicingQuery,
  SettingsInvoicingQueryVariables,
} from '../../../graphql/generated';

export type InvoicingStatusNode = SettingsInvoicingQuery['invoicing'];

export const SETTINGS_INVOICING_QUERY: TypedDocumentNode<
  SettingsInvoicingQuery,
  SettingsInvoicingQueryVariables
> = gql`
  query SettingsInvoicing {
    invoicing {
      configured
      provider
      environment
      host
      webhookConfigured
      pendingCount
      processingCount
      rejectedCount
    }
  }
`;
