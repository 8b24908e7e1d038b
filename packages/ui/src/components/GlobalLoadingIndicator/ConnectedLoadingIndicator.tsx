import { lazy, Suspense } from 'react';

import { useLoadingIndicator } from '../../auth/AuthProvider';

// The bar (MUI's LinearProgress) is only ever shown for dashboard requests (SPEC behaviour 7), so
// it is fetched the first time it has to show: a shopper's first visit never downloads it.
const GlobalLoadingIndicator = lazy(() =>
  import('./GlobalLoadingIndicator').then((module) => ({
    default: module.GlobalLoadingIndicator,
  })),
);

/** The global indicator driven by the auth package's request counter. */
export function ConnectedLoadingIndicator() {
  const active = useLoadingIndicator();
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <GlobalLoadingIndicator active />
    </Suspense>
  );
}
