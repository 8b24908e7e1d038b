// Boots the app in three steps, each evaluated in a task of its own. First (this module): runtime
// config, the auth session and its start-up refresh, the Apollo client with the server's cache,
// React's DOM renderer. Then the router, MUI and the storefront's shared pieces
// (routing/commonStep.ts). Then startApp.tsx: the app's routes and providers and the first page.
// Evaluating all of it at once was one ~200 ms task on a mid-range phone (bench/web-vitals.ts),
// which the shopper feels as a page that does not answer. The server preloads the later steps'
// chunks with the page (route-preload.ts). A page the server rendered (entry-server.tsx: the
// storefront's public pages) is hydrated from its HTML and its Apollo cache; any other page is
// rendered here from nothing.
// The fonts' faces (VitrineThemeProvider imports them too): here, so their style sheet is the
// entry's, in the page's head (the server inlines it), not a later step's, added late.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import { createAuth } from '@vitrine/auth';
import { createApolloClient, createBrowserAuthEnvironment } from '@vitrine/ui/host';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readRuntimeConfig } from './config';
import { createNavigationQueue } from './routing/navigationQueue';
import { readServerState, SERVER_STATE_ID } from './serverState';

const config = readRuntimeConfig(document);
const navigation = createNavigationQueue();
const auth = createAuth(
  createBrowserAuthEnvironment({ apiHost: config.apiHost, navigate: navigation.navigate }),
);
const serverState = readServerState(document.getElementById(SERVER_STATE_ID));
const client = createApolloClient({
  auth,
  useGETForQueries: config.graphqlUseGet,
  ...(serverState ? { initialState: serverState } : {}),
  devtools: import.meta.env.DEV,
});

// SPEC: a refresh is attempted at start; a failure is only logged and the app keeps working.
void auth.start();

/** Lets the browser run what waits (a paint, a tap) before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function mount(container: HTMLElement) {
  await nextTask();
  // The router, MUI and the storefront's shared pieces (the storefront-common chunk), then the
  // app's own modules and the first page.
  await import('./routing/commonStep');
  await nextTask();
  const { startApp } = await import('./startApp');
  const { element, firstPagesReady } = startApp({
    auth,
    client,
    navigation,
    analyticsMeasurementId: config.analyticsMeasurementId,
    pathname: window.location.pathname,
  });
  if (serverState && container.firstElementChild) {
    // The server's HTML is on screen already: hydrate it once the page's chunks are here (so the
    // first render is the server's), as a transition, which React runs in slices that leave the
    // main thread free for the shopper's taps.
    await firstPagesReady;
    startTransition(() => {
      hydrateRoot(container, element, {
        onRecoverableError(error) {
          console.error('[vitrine] hydration', error);
        },
      });
    });
  } else {
    createRoot(container).render(element);
  }
}

const container = document.getElementById('root');
if (container) void mount(container);
