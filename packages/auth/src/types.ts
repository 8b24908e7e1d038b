// The public contract of @vitrine/auth: what the app and the ui package rely on.
// Everything the browser provides is injected, so the package runs in Node tests.

/** The subset of the Web Storage API that the token store uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type TimerHandle = unknown;

export interface Timers {
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface Logger {
  error(...args: unknown[]): void;
  warn?(...args: unknown[]): void;
}

/** Everything the auth package needs from its host (a browser, a test, Storybook). */
export interface AuthEnvironment {
  /** API host, e.g. 'https://api.loja.com.br'; '' means the same origin as the page. */
  apiHost: string;
  /** Session storage (sessionStorage in a browser). */
  sessionStorage: KeyValueStorage;
  /** Persistent storage (localStorage in a browser). */
  persistentStorage: KeyValueStorage;
  /** Reads a cookie by name (document.cookie in a browser). */
  getCookie(name: string): string | undefined;
  /** Milliseconds since the epoch (Date.now in a browser). */
  now(): number;
  timers: Timers;
  /** The current absolute URL (location.href in a browser). */
  currentUrl(): string;
  /** Client-side navigation to a path, e.g. '/dashboard/login'. */
  navigate(path: string): void;
  /** The real network call (window.fetch in a browser). */
  fetch: FetchLike;
  logger?: Logger;
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
  /**
   * The second step of a two-factor sign-in: a 6-digit code from the authenticator app or a
   * recovery code (xxxxx-xxxxx). Sent only when given; accounts without two-factor ignore it.
   */
  otp?: string;
}

/** A token pair as the API answers it (login, password change, invitation acceptance). */
export interface SessionTokens {
  access: string;
  refresh: string;
}

export interface AdoptSessionOptions {
  /**
   * Where the refresh token goes, as login's "remember": persistent storage when true, session
   * storage when false. Omitted: where the current session keeps it (a session signed in with
   * "remember" stays remembered); without a session, false.
   */
  remember?: boolean;
}

/** Why the login asks for a second factor: no code was sent yet, or the code sent was wrong. */
export type TwoFactorChallenge = 'required' | 'invalid';

export interface PasswordResetConfirmInput {
  token: string;
  password: string;
}

/** Why an auth call failed, in terms a screen can map to a Portuguese message. */
export type AuthErrorKind =
  | 'invalid_credentials' // 401 on login
  | 'rate_limited' // 429; retryAfterSeconds is set when the server said
  | 'validation' // 400 with field errors or a detail
  | 'network' // the request never got an answer
  | 'server'; // any other status

export interface AuthSessionState {
  authenticated: boolean;
  /** Read from the access token payload; null/absent when there is none. */
  user?: AuthUser | null;
}

export type Unsubscribe = () => void;

/** Who is signed in, as the access token's payload says. */
export interface AuthUser {
  sub: string;
  name?: string;
  email?: string;
  role?: string;
}
