// The outbox's documents: a page of messages (with their text, read in a dialog) and resending.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardMailOutboxQuery,
  DashboardMailOutboxQueryVariables,
  MailResendMutation,
  MailResendMutationVariables,
} from '../../../graphql/generated';

export type MailMessageNode = DashboardMailOutboxQuery['mailOutbox']['nodes'][number];

export const DASHBOARD_MAIL_OUTBOX_QUERY: TypedDocumentNode<
  DashboardMailOutboxQuery,
  DashboardMailOutboxQueryVariables
> = gql`
  query DashboardMailOutbox($filter: MailFilter, $first: Int, $offset: Int) {
    mailOutbox(filter: $filter, first: $first, offset: $offset) {
      totalCount
      nodes {
        id
        to
        subject
        status
        attempts
        lastError
        createdAt
        sentAt
        textBody
        oneTimeLink
      }
    }
  }
`;

export const MAIL_RESEND_MUTATION: TypedDocumentNode<
  MailResendMutation,
  MailResendMutationVariables
> = gql`
  mutation MailResend($id: ID!) {
    mailResend(id: $id) {
      id
      to
      subject
      status
      attempts
      lastError
      createdAt
      sentAt
      textBody
      oneTimeLink
    }
  }
`;
