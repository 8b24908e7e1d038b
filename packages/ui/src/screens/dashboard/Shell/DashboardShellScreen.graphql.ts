import { gql, type TypedDocumentNode } from '@apollo/client';

import type { StaffRole } from './DashboardShellView';

export interface DashboardShellQuery {
  me: { id: string; name: string; email: string; role: StaffRole };
  storeSettings: { storeName: string };
}

export const DASHBOARD_SHELL_QUERY: TypedDocumentNode<
  DashboardShellQuery,
  Record<string, never>
> = gql`
  query DashboardShell {
    me {
      id
      name
      email
      role
    }
    storeSettings {
      storeName
    }
  }
`;
