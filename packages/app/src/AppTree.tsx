// The app as both entries render it: the browser's (main.tsx, under BrowserRouter) and the
// server's (entry-server.tsx, under StaticRouter). One tree for both, so the element positions
// (and with them React's useId values, which MUI's labels use) are the same on both sides and the
// browser hydrates the server's HTML without a mismatch.
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import type { Auth } from '@vitrine/auth';
import type { ComponentType } from 'react';
import type { Analytics } from './analytics';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export interface AppTreeProps {
  auth: Auth;
  client: ApolloClient<NormalizedCacheObject>;
  analytics: Analytics;
  /** The router: BrowserRouter in the browser, the request's StaticRouter on the server. */
  Router: ComponentType<{ children: React.ReactNode }>;
  /** Connects navigation from outside React to the router (routing/navigation.tsx). */
  Bridge: ComponentType;
}

export function AppTree({ auth, client, analytics, Router, Bridge }: AppTreeProps) {
  return (
    <Providers auth={auth} client={client} analytics={analytics}>
      <Router>
        <Bridge />
        <AppRoutes />
      </Router>
    </Providers>
  );
}
