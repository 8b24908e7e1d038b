// The audit screen's documents: a page of the log, and the filters' options (the staff members
// and the brands), asked apart so that a failing option list leaves the log readable.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { AuditEntity } from './auditLabels';

export interface AuditEntryNode {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  entity: AuditEntity;
  entityId: string | null;
  entityLabel: string | null;
  summary: string;
  before: string | null;
  after: string | null;
}

export interface AuditFilterVariables {
  actorId?: string;
  brandId?: string;
  entity?: AuditEntity;
  action?: string;
  range?: { from: string; to: string };
  search?: string;
}

export const DASHBOARD_AUDIT_LOG_QUERY: TypedDocumentNode<
  { auditLog: { totalCount: number; nodes: AuditEntryNode[] } },
  { filter: AuditFilterVariables; first: number; offset: number }
> = gql`
  query DashboardAuditLog($filter: AuditFilter, $first: Int, $offset: Int) {
    auditLog(filter: $filter, first: $first, offset: $offset) {
      totalCount
      nodes {
        id
        at
        actorId
        actorName
        actorEmail
        ip
        userAgent
        action
        entity
        entityId
        entityLabel
        summary
        before
        after
      }
    }
  }
`;

export const DASHBOARD_AUDIT_STAFF_QUERY: TypedDocumentNode<
  { staffMembers: { id: string; name: string; email: string }[] },
  Record<string, never>
> = gql`
  query DashboardAuditStaff {
    staffMembers {
      id
      name
      email
    }
  }
`;

export const DASHBOARD_AUDIT_BRANDS_QUERY: TypedDocumentNode<
  { staffBrands: { id: string; name: string }[] },
  Record<string, never>
> = gql`
  query DashboardAuditBrands {
    staffBrands {
      id
      name
    }
  }
`;
