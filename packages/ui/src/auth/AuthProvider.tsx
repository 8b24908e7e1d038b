// React access to one @vitrine/auth instance: the session, its state and the loading counter.
import type { Auth, AuthSessionState } from '@vitrine/auth';
import {
  createContext,
  useCallback,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

const AuthContext = createContext<Auth | null>(null);

export interface AuthProviderProps {
  auth: Auth;
  children: ReactNode;
}

export function AuthProvider({ auth, children }: AuthProviderProps) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

/** The Auth instance of the nearest AuthProvider. */
export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth() must be used inside <AuthProvider>.');
  return auth;
}

/** The session state; re-renders on login, logout and refresh. */
export function useAuthState(): AuthSessionState {
  const auth = useAuth();
  const subscribe = useCallback((onChange: () => void) => auth.subscribe(onChange), [auth]);
  const getState = useCallback(() => auth.getState(), [auth]);
  return useSyncExternalStore(subscribe, getState, getState);
}

const notActive = () => false;

/** True while a request made on a dashboard URL is running (SPEC: the global indicator). */
export function useLoadingIndicator(): boolean {
  const auth = useAuth();
  const subscribe = useCallback((onChange: () => void) => auth.loading.subscribe(onChange), [auth]);
  const isActive = useCallback(() => auth.loading.active, [auth]);
  // The server renders no request running, and hydration starts from the server's tree.
  return useSyncExternalStore(subscribe, isActive, notActive);
}
