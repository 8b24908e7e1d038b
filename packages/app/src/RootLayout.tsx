// Route-level glue: keeps the auth refresh loop in step with the URL, reports page views, and
// handles scroll and focus on navigation (routing/scrollRestoration.ts), and gives the next pages
// the store's font (routing/fontSheets.ts).
import { ConnectedLoadingIndicator, useAuth } from '@vitrine/ui/host';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { Analytics, PendingPageView } from './analytics';
import { useAnalytics } from './providers';
import { useFontSheetsOnNavigation } from './routing/fontSheets';
import { useScrollRestoration } from './routing/scrollRestoration';

/** One page view per route change, sent once the new page's title has settled. */
function usePageViews(analytics: Analytics, path: string): void {
  const pending = useRef<PendingPageView | null>(null);

  useEffect(
    () => () => {
      pending.current?.cancel();
      pending.current = null;
    },
    [analytics],
  );

  useEffect(() => {
    if (!analytics.enabled) return;
    // Already waiting for this very page (StrictMode re-runs effects): keep that one.
    if (pending.current !== null && pending.current.path === path) return;
    // The previous page's view, if its title had not settled yet, goes out first.
    pending.current?.flush();
    pending.current = analytics.schedulePageView?.(path) ?? null;
  }, [analytics, path]);
}

export function RootLayout() {
  const location = useLocation();
  const auth = useAuth();
  const analytics = useAnalytics();

  useEffect(() => {
    auth.syncWithLocation();
  }, [auth, location.pathname, location.search]);

  usePageViews(analytics, location.pathname + location.search);
  useScrollRestoration();
  useFontSheetsOnNavigation();

  return (
    <>
      <ConnectedLoadingIndicator />
      <Outlet />
    </>
  );
}
