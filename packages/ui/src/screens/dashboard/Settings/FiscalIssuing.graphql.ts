// Configurações, "Dados fiscais (NF-e)": whether the store issues NF-e (the provider, its
// environment and host, webhook or polling) and how many invoices wait or were rejected. Its own
// query, so a failure leaves the settings form usable. Never a token (the API has none to give).
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface InvoicingStatusNode {
  configured: boolean;
  provider: string | null;
  environment: string | null;
  host: string | null;
  webhookConfigured: boolean;
  pendingCount: number;
  processingCount: number;
  rejectedCount: number;
}

export const SETTINGS_INVOICING_QUERY: TypedDocumentNode<
  { invoicing: InvoicingStatusNode },
  Record<string, never>
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
