// Whether the store's mails reach a mail server (ADMIN): the warning on the home, in Settings and
// on the E-mails screen while none is configured.
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface MailDelivery {
  configured: boolean;
  heldCount: number;
}

export const DASHBOARD_MAIL_DELIVERY_QUERY: TypedDocumentNode<
  { mailDelivery: MailDelivery },
  Record<string, never>
> = gql`
  query DashboardMailDelivery {
    mailDelivery {
      configured
      heldCount
    }
  }
`;
