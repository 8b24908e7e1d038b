// Boots the app: runtime config, auth session, Apollo client, router. A page the server rendered
// (entry-server.tsx: the storefront's public pages) is hydrated from its HTML and its Apollo cache;
// any other page is rendered here from nothing.
import { createAuth } from '@vitrine/auth';
import { createApolloClient, createBrowserAuthEnvironment } from '@vitrine/ui/host';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadAnalytics } from './analyticsLoader';
import { AppTree } from './AppTree';
import { readRuntimeConfig } from './config';
import { pagesFor } from './routes';
import { createAppNavigation } from './routing/navigation';
import { readServerState, SERVER_STATE_ID } from './serverState';

// The first page's chunks start downloading before anything else runs.
// (A chunk that cannot load is tried again by React.lazy when its page renders.)
const firstPagesReady = Promise.all(
  pagesFor(window.location.pathname).map((page) => page.preload()),
).catch(() => undefined);

const config = readRuntimeConfig(document);
const navigation = createAppNavigation();
const auth = createAuth(
  createBrowserAuthEnvironment({ apiHost: config.apiHost, navigate: navigation.navigate }),
);
const serverState = readServerState(document.getElementById(SERVER_STATE_ID));
const client = createApolloClient({
  auth,
  useGETForQueries: config.graphqlUseGet,
  ...(serverState ? { initialState: serverState } : {}),
});
const analytics = loadAnalytics(config.analyticsMeasurementId);

// SPEC: a refresh is attempted at start; a failure is only logged and the app keeps working.
void auth.start();

const app = (
  <StrictMode>
    <AppTree
      auth={auth}
      client={client}
      analytics={analytics}
      Router={BrowserRouter}
      Bridge={navigation.Bridge}
    />
  </StrictMode>
);

const container = document.getElementById('root');
if (container) {
  if (serverState && container.firstElementChild) {
    // The server's HTML is on screen already: hydrate it once the page's chunks are here (so the
    // first render is the server's), as a transition, which React runs in slices that leave the
    // main thread free for the shopper's taps.
    void firstPagesReady.then(() =>
      startTransition(() => {
        hydrateRoot(container, app, {
          onRecoverableError(error) {
            console.error('[vitrine] hydration', error);
          },
        });
      }),
    );
  } else {
    createRoot(container).render(app);
  }
}
