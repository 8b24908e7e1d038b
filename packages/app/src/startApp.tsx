// The app's last boot step in the browser (main.tsx runs the first two): the routes, providers
// and screens, and the first page's chunks. Evaluating all of the app's modules at once was one
// task of ~200 ms on the phone profile of bench/web-vitals.ts (4x CPU), the whole of the
// storefront's blocking time; in steps the browser can paint and answer a tap between them.
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import type { Auth } from '@vitrine/auth';
import { StrictMode, type ReactElement } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { loadAnalytics } from './analyticsLoader';
import { AppTree } from './AppTree';
import { pagesFor } from './routes';
import { createAppNavigation } from './routing/navigation';
import type { NavigationQueue } from './routing/navigationQueue';

export interface StartAppOptions {
  auth: Auth;
  client: ApolloClient<NormalizedCacheObject>;
  navigation: NavigationQueue;
  analyticsMeasurementId: string;
  pathname: string;
}

export interface StartedApp {
  element: ReactElement;
  /** The first page's chunks: settled when they are loaded (or failed: React.lazy tries again). */
  firstPagesReady: Promise<unknown>;
}

export function startApp({
  auth,
  client,
  navigation,
  analyticsMeasurementId,
  pathname,
}: StartAppOptions): StartedApp {
  const firstPagesReady = Promise.all(pagesFor(pathname).map((page) => page.preload())).catch(
    () => undefined,
  );
  const { Bridge } = createAppNavigation(navigation);
  const element = (
    <StrictMode>
      <AppTree
        auth={auth}
        client={client}
        analytics={loadAnalytics(analyticsMeasurementId)}
        Router={BrowserRouter}
        Bridge={Bridge}
      />
    </StrictMode>
  );
  return { element, firstPagesReady };
}
