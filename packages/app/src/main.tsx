// Boots the app: runtime config, auth session, Apollo client, router.
import { createAuth } from '@vitrine/auth';
import { createApolloClient, createBrowserAuthEnvironment } from '@vitrine/ui/host';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadAnalytics } from './analyticsLoader';
import { readRuntimeConfig } from './config';
import { Providers } from './providers';
import { AppRoutes, preloadRoute } from './routes';
import { createAppNavigation } from './routing/navigation';

// The first page's chunks start downloading before anything else runs.
preloadRoute(window.location.pathname);

const config = readRuntimeConfig(document);
const navigation = createAppNavigation();
const auth = createAuth(
  createBrowserAuthEnvironment({ apiHost: config.apiHost, navigate: navigation.navigate }),
);
const client = createApolloClient({ auth, useGETForQueries: config.graphqlUseGet });
const analytics = loadAnalytics(config.analyticsMeasurementId);

// SPEC: a refresh is attempted at start; a failure is only logged and the app keeps working.
void auth.start();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Providers auth={auth} client={client} analytics={analytics}>
        <BrowserRouter>
          <navigation.Bridge />
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}
