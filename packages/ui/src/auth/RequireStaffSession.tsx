import { LOGIN_PATH } from '@vitrine/auth';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

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
  const next = /^\/dashboard\/?$/.test(location.pathname)
    ? ''
    : `?next=${encodeURIComponent(from)}`;
  return <Navigate to={`${LOGIN_PATH}${next}`} replace />;
}
