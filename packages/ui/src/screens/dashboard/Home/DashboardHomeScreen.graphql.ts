import { gql, type TypedDocumentNode } from '@apollo/client';

export interface DashboardHomeQuery {
  me: { id: string; name: string };
}

export const DASHBOARD_HOME_QUERY: TypedDocumentNode<
  DashboardHomeQuery,
  Record<string, never>
> = gql`
  query DashboardHome {
    me {
      id
      name
    }
  }
`;
