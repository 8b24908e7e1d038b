// The dashboard frame with real data: the staff member from `me`, the store's name, logout.
import { useApolloClient, useQuery } from '@apollo/client';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { useAuth } from '../../../auth';
import { DEFAULT_STORE_NAME } from '../../shared/useStoreName';
import { DASHBOARD_SHELL_QUERY } from './DashboardShellScreen.graphql';
import { DashboardShellView, type ShellStaff } from './DashboardShellView';

export interface DashboardShellScreenProps {
  /** The page; the nested route's element (<Outlet />) when omitted. */
  children?: ReactNode;
}

export function DashboardShellScreen({ children }: DashboardShellScreenProps) {
  const auth = useAuth();
  const client = useApolloClient();
  const location = useLocation();
  // errorPolicy 'all': the store's name still shows if `me` fails.
  const { data, loading } = useQuery(DASHBOARD_SHELL_QUERY, { errorPolicy: 'all' });

  const tokenUser = auth.currentUser();
  const staff: ShellStaff | null = data?.me
    ? data.me
    : !loading && tokenUser && (tokenUser.name ?? tokenUser.email)
      ? { name: tokenUser.name ?? tokenUser.email ?? '' }
      : null;

  function handleLogout() {
    auth.logout();
    // The next person on this computer must not see this person's cached data.
    void client.clearStore();
  }

  return (
    <DashboardShellView
      storeName={data?.storeSettings?.storeName ?? DEFAULT_STORE_NAME}
      staff={staff}
      staffLoading={loading}
      onLogout={handleLogout}
      currentPath={location.pathname}
    >
      {children ?? <Outlet />}
    </DashboardShellView>
  );
}
