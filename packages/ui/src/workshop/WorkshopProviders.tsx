// Providers for stories and tests: the same theme, auth session and Apollo client as the app,
// over a memory router whose location the auth package reads as "the current URL", so the
// dashboard request policy (Authorization header, loading indicator) follows the shown route. The
// dashboard's previews get the storefront's pages, as the dashboard's entry hands them in.
import { ApolloProvider } from '@apollo/client';
import type { Auth } from '@vitrine/auth';
import { createAuth } from '@vitrine/auth';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';

import { createApolloClient } from '../apollo';
import { AuthProvider, createBrowserAuthEnvironment } from '../auth';
import { ConnectedLoadingIndicator } from '../components/GlobalLoadingIndicator';
import { brandPalette } from '../screens/shared/brandTheme';
import { StorefrontPreviewsProvider } from '../screens/shared/storefrontPreviews';
import { storefrontPreviews } from '../screens/storefront/previews';
import { createBrandTheme, VitrineThemeProvider } from '../theme';
import { storageCopy, taggedFetch } from './storyIsolation';

export interface WorkshopProvidersProps {
  /** Initial URL, e.g. '/dashboard/login?next=%2Fdashboard'. */
  route?: string;
  /** API host the session and the GraphQL client talk to; '' is the page's origin. */
  apiHost?: string;
  /** Turn transitions and animations off (tests, screenshots). */
  reducedMotion?: boolean;
  /**
   * A brand's colour ('#rrggbb'): every screen is drawn in the theme the store makes from it
   * (the workshop's brand switch). Null or absent: the store's own theme.
   */
  brandColor?: string | null;
  /** Render the global loading indicator as the app's root layout does. */
  withLoadingIndicator?: boolean;
  /** Receives the Auth instance once created (tests assert on it). */
  onAuth?: (auth: Auth) => void;
  /**
   * The story's token (workshop/storyIsolation.ts): every request of the session and of Apollo
   * carries it, so MSW answers with this story's handlers when several stories render at once.
   */
  requestTag?: string;
  /**
   * The session reads its tokens from a copy of web storage taken when it is created (writes
   * still reach the real storage), so a story rendered beside others keeps its own session.
   */
  ownStorage?: boolean;
  children: ReactNode;
}

function toUrl(location: Location): string {
  return new URL(`${location.pathname}${location.search}${location.hash}`, window.location.origin)
    .href;
}

/** Lets the auth session, created once, follow the memory router's latest location. */
class RouterBridge {
  private navigateTo: NavigateFunction | null = null;

  constructor(private location: Location) {}

  attach(navigate: NavigateFunction, location: Location): void {
    this.navigateTo = navigate;
    this.location = location;
  }

  navigate(path: string): void {
    void this.navigateTo?.(path);
  }

  currentUrl(): string {
    return toUrl(this.location);
  }
}

function RouterBoundSession({
  apiHost,
  onAuth,
  withLoadingIndicator,
  requestTag,
  ownStorage,
  children,
}: Required<Pick<WorkshopProvidersProps, 'apiHost' | 'withLoadingIndicator'>> &
  Pick<WorkshopProvidersProps, 'onAuth' | 'requestTag' | 'ownStorage' | 'children'>) {
  const navigate = useNavigate();
  const location = useLocation();
  const [bridge] = useState(() => new RouterBridge(location));
  useLayoutEffect(() => {
    bridge.attach(navigate, location);
  }, [bridge, navigate, location]);
  const [session] = useState(() => {
    const env = createBrowserAuthEnvironment({
      apiHost,
      navigate: (path) => bridge.navigate(path),
      currentUrl: () => bridge.currentUrl(),
    });
    const auth = createAuth({
      ...env,
      ...(ownStorage
        ? {
            sessionStorage: storageCopy(window.sessionStorage),
            persistentStorage: storageCopy(window.localStorage),
          }
        : {}),
      ...(requestTag ? { fetch: taggedFetch(env.fetch, requestTag) } : {}),
    });
    return { auth, client: createApolloClient({ auth }) };
  });
  useEffect(() => {
    onAuth?.(session.auth);
  }, [onAuth, session.auth]);
  useEffect(() => () => session.auth.dispose(), [session.auth]);
  return (
    <AuthProvider auth={session.auth}>
      <ApolloProvider client={session.client}>
        {withLoadingIndicator ? <ConnectedLoadingIndicator /> : null}
        {children}
      </ApolloProvider>
    </AuthProvider>
  );
}

const stillTheme = createBrandTheme(undefined, { reducedMotion: true });

export function WorkshopProviders({
  route = '/',
  apiHost = '',
  reducedMotion = true,
  brandColor = null,
  withLoadingIndicator = true,
  onAuth,
  requestTag,
  ownStorage = false,
  children,
}: WorkshopProvidersProps) {
  const brandTheme = useMemo(
    () => (brandColor ? createBrandTheme(brandPalette(brandColor), { reducedMotion }) : null),
    [brandColor, reducedMotion],
  );
  const theme = brandTheme ?? (reducedMotion ? stillTheme : undefined);
  return (
    <VitrineThemeProvider {...(theme ? { theme } : {})}>
      <MemoryRouter initialEntries={[route]}>
        <RouterBoundSession
          apiHost={apiHost}
          withLoadingIndicator={withLoadingIndicator}
          ownStorage={ownStorage}
          {...(onAuth ? { onAuth } : {})}
          {...(requestTag ? { requestTag } : {})}
        >
          <StorefrontPreviewsProvider value={storefrontPreviews}>
            {children}
          </StorefrontPreviewsProvider>
        </RouterBoundSession>
      </MemoryRouter>
    </VitrineThemeProvider>
  );
}
