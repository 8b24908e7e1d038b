import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { DASHBOARD_PATH, LOGIN_PATH } from '../routes/paths';
import { useAuthState } from './AuthProvider';

export interface RequireStaffSessionProps {
  children: ReactNode;
}

/** Renders the dashboard only with a session; otherwise sends the user to the login screen. */
export function RequireStaffSession({ children }: RequireStaffSessionProps) {
  const { authenticated } = useAuthState();
  const location = useLocation();
  if (authenticated) return <>{children}</>;
  const from = `${location.pathname}${location.search}`;
  // Come back to a deep dashboard link after signing in; '/dashboard' is the default anyway.
  const next =
    location.pathname.replace(/\/$/, '') === DASHBOARD_PATH
      ? ''
      : `?next=${encodeURIComponent(from)}`;
  return <Navigate to={`${LOGIN_PATH}${next}`} replace />;
}
