// The app's providers: theme, auth session, Apollo and analytics.
import { ApolloProvider, type ApolloClient, type NormalizedCacheObject } from '@apollo/client';
import type { Auth } from '@vitrine/auth';
import { AuthProvider, VitrineThemeProvider } from '@vitrine/ui/host';
import { createContext, useContext, type ReactNode } from 'react';
import type { Analytics } from './analytics';
import { noAnalytics } from './analyticsLoader';

const AnalyticsContext = createContext<Analytics>(noAnalytics);

export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}

export interface ProvidersProps {
  auth: Auth;
  client: ApolloClient<NormalizedCacheObject>;
  analytics: Analytics;
  children: ReactNode;
}

export function Providers({ auth, client, analytics, children }: ProvidersProps) {
  return (
    <VitrineThemeProvider>
      <AuthProvider auth={auth}>
        <ApolloProvider client={client}>
          <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>
        </ApolloProvider>
      </AuthProvider>
    </VitrineThemeProvider>
  );
}
