// Route-level glue: keeps the auth refresh loop in step with the URL and reports page views.
import { ConnectedLoadingIndicator, useAuth } from '@vitrine/ui/host';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAnalytics } from './providers';

export function RootLayout() {
  const location = useLocation();
  const auth = useAuth();
  const analytics = useAnalytics();

  useEffect(() => {
    auth.syncWithLocation();
    analytics.pageView(location.pathname + location.search, document.title);
  }, [auth, analytics, location.pathname, location.search]);

  return (
    <>
      <ConnectedLoadingIndicator />
      <Outlet />
    </>
  );
}
