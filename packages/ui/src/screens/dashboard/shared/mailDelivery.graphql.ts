// Whether the store's mails reach a mail server (ADMIN): the warning on the home, in Settings and
// on the E-mails screen while none is configured.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardMailDeliveryQuery,
  DashboardMailDeliveryQueryVariables,
} from '../../../graphql/generated';

export type MailDelivery = DashboardMailDeliveryQuery['mailDelivery'];

export const DASHBOARD_MAIL_DELIVERY_QUERY: TypedDocumentNode<
  DashboardMailDeliveryQuery,
  DashboardMailDeliveryQueryVariables
> = gql`
  query DashboardMailDelivery {
    mailDelivery {
      configured
      heldCount
    }
  }
`;
