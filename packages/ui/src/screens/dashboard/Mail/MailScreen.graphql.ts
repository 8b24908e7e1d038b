// The outbox's documents: a page of messages (with their text, read in a dialog) and resending.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { MailStatus } from './mailUrlState';

export interface MailMessageNode {
  id: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  textBody: string;
  oneTimeLink: boolean;
}

export const DASHBOARD_MAIL_OUTBOX_QUERY: TypedDocumentNode<
  { mailOutbox: { totalCount: number; nodes: MailMessageNode[] } },
  { filter: { status?: MailStatus; search?: string }; first: number; offset: number }
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
  { mailResend: MailMessageNode },
  { id: string }
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
