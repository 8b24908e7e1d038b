// The audit screen's documents: a page of the log, and the filters' options (the staff members
// and the brands), asked apart so that a failing option list leaves the log readable.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AuditFilter,
  DashboardAuditBrandsQuery,
  DashboardAuditBrandsQueryVariables,
  DashboardAuditLogQuery,
  DashboardAuditLogQueryVariables,
  DashboardAuditStaffQuery,
  DashboardAuditStaffQueryVariables,
} from '../../../graphql/generated';

export type AuditEntryNode = DashboardAuditLogQuery['auditLog']['nodes'][number];

export type AuditFilterVariables = AuditFilter;

export const DASHBOARD_AUDIT_LOG_QUERY: TypedDocumentNode<
  DashboardAuditLogQuery,
  DashboardAuditLogQueryVariables
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
  DashboardAuditStaffQuery,
  DashboardAuditStaffQueryVariables
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
  DashboardAuditBrandsQuery,
  DashboardAuditBrandsQueryVariables
> = gql`
  query DashboardAuditBrands {
    staffBrands {
      id
      name
    }
  }
`;
