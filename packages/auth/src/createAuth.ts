// The session: login, logout, refresh (single flight), start-up and the periodic refresh check.
import {
  LOGIN_ENDPOINT,
  LOGIN_PATH,
  LOGOUT_ENDPOINT,
  PASSWORD_RESET_CHECK_ENDPOINT,
  PASSWORD_RESET_CONFIRM_ENDPOINT,
  PASSWORD_RESET_ENDPOINT,
  REFRESH_CHECK_INTERVAL_MS,
  REFRESH_THRESHOLD_MS,
  TOKEN_REFRESH_ENDPOINT,
} from './constants';
import { AuthError, readJsonBody } from './errors';
import type { authErrorFromResponse as AuthErrorFromResponse } from './responseErrors';
import { decodeJwtPayload, isTokenExpired, isWellFormedJwt } from './jwt';
import { LoadingTracker } from './loadingTracker';
import { buildApiUrl, createPolicyFetch, isDashboardUrl, parsePageUrl } from './requestPolicy';
import { TokenStore } from './tokenStore';
import type {
  AdoptSessionOptions,
  AuthEnvironment,
  AuthSessionState,
  AuthUser,
  FetchLike,
  LoginInput,
  Logger,
  PasswordResetConfirmInput,
  SessionTokens,
  TimerHandle,
  Unsubscribe,
} from './types';

/** The answer's AuthError, parsed by a module loaded on the first error answer (see it). */
async function authErrorFrom(
  ...args: Parameters<typeof AuthErrorFromResponse>
): Promise<AuthError> {
  const { authErrorFromResponse } = await import('./responseErrors');
  return authErrorFromResponse(...args);
}

export interface Auth {
  readonly env: AuthEnvironment;
  readonly tokens: TokenStore;
  readonly loading: LoadingTracker;
  /**
   * fetch with the request policy applied: Authorization, anti-CSRF header, loading counter.
   * Apollo's HttpLink and every auth call use it.
   */
  fetch: FetchLike;
  /** `{apiHost}{path}`, e.g. `auth.apiUrl('/graphql/')`. */
  apiUrl(path: string): string;
  /**
   * Throws AuthError; for an account with two-factor sign-in, a TwoFactorRequiredError until the
   * right `otp` is sent.
   */
  login(input: LoginInput): Promise<void>;
  /**
   * Takes over a token pair answered by another call (password change, invitation acceptance):
   * stores it exactly as login does (same keys; the refresh token where `remember` says, by
   * default where the current session keeps it) and notifies the session as login does. Throws
   * AuthError('server') when either token is missing or empty.
   */
  adoptSession(tokens: SessionTokens, options?: AdoptSessionOptions): void;
  /** Acts only on a dashboard URL: clears the tokens and navigates to /dashboard/login. */
  logout(): void;
  /**
   * Single flight; resolves the new access token, or null when it could not refresh (logged out,
   * or a network/server failure that keeps the session). Never rejects.
   */
  refresh(): Promise<string | null>;
  /** Start-up refresh and refresh-check wiring. Never rejects; failures are only logged. */
  start(): Promise<void>;
  /** Throws AuthError on network/server/validation/rate_limited. */
  requestPasswordReset(email: string): Promise<void>;
  /**
   * POST {token}: resolves when the reset link still works, without using it up; throws
   * AuthError('validation') with the server's detail for an unknown, used or expired link, and
   * AuthError network/server/rate_limited as the other calls.
   */
  checkPasswordReset(token: string): Promise<void>;
  /** POST {token, password}; throws AuthError('validation') with fieldErrors/detail on 400. */
  confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void>;
  /** A valid (present, unexpired) refresh token exists. */
  isAuthenticated(): boolean;
  /** Who is signed in, read from the access token payload; null without a readable one. */
  currentUser(): AuthUser | null;
  /** The current state; the same object until something changes (for useSyncExternalStore). */
  getState(): AuthSessionState;
  /** Called on login, logout and refresh. */
  subscribe(listener: (state: AuthSessionState) => void): Unsubscribe;
  /** The host calls this on every route change: pauses/resumes the 60 s refresh check. */
  syncWithLocation(): void;
  /** Stops the refresh check and drops listeners. */
  dispose(): void;
}

type RefreshOutcome =
  | { status: 'refreshed'; access: string }
  | { status: 'logged_out' }
  | { status: 'failed'; error: AuthError };

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

function postJson(body: unknown): RequestInit {
  return { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) };
}

function readUser(access: string | null): AuthUser | null {
  if (access === null) return null;
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwtPayload(access);
  } catch {
    return null;
  }
  const sub = payload['sub'];
  if (typeof sub !== 'string' && typeof sub !== 'number') return null;
  const user: AuthUser = { sub: String(sub) };
  for (const key of ['name', 'email', 'role'] as const) {
    const value = payload[key];
    if (typeof value === 'string') user[key] = value;
  }
  return user;
}

function sameState(a: AuthSessionState, b: AuthSessionState): boolean {
  const ua = a.user ?? null;
  const ub = b.user ?? null;
  return (
    a.authenticated === b.authenticated &&
    (ua === ub ||
      (ua !== null &&
        ub !== null &&
        ua.sub === ub.sub &&
        ua.name === ub.name &&
        ua.email === ub.email &&
        ua.role === ub.role))
  );
}

const BOUND_METHODS = [
  'apiUrl',
  'login',
  'adoptSession',
  'logout',
  'refresh',
  'start',
  'requestPasswordReset',
  'checkPasswordReset',
  'confirmPasswordReset',
  'isAuthenticated',
  'currentUser',
  'getState',
  'subscribe',
  'syncWithLocation',
  'dispose',
] as const satisfies readonly (keyof Auth)[];

class AuthSession implements Auth {
  readonly tokens: TokenStore;
  readonly loading: LoadingTracker;
  readonly fetch: FetchLike;

  private readonly logger: Logger;
  private readonly listeners = new Set<(state: AuthSessionState) => void>();
  private state: AuthSessionState;
  private timer: { handle: TimerHandle } | null = null;
  private inflight: Promise<RefreshOutcome> | null = null;
  /** Bumped by login and logout, so a refresh answered after either cannot undo it. */
  private generation = 0;
  private disposed = false;

  constructor(readonly env: AuthEnvironment) {
    // The host passes console in a browser; without a logger, failures still reach the console.
    this.logger = env.logger ?? console;
    this.tokens = new TokenStore(env);
    this.loading = new LoadingTracker((error) =>
      this.logger.error('[auth] loading listener failed', error),
    );
    this.fetch = createPolicyFetch({ env, tokens: this.tokens, loading: this.loading });
    this.state = this.computeState();
    // Hosts pass these around detached (useSyncExternalStore(auth.subscribe, auth.getState),
    // onClick={auth.logout}), so each is bound to this session once.
    for (const name of BOUND_METHODS) {
      Object.defineProperty(this, name, { value: this[name].bind(this), writable: false });
    }
  }

  apiUrl(path: string): string {
    return buildApiUrl(this.env.apiHost, path);
  }

  async login({ email, password, remember, otp }: LoginInput): Promise<void> {
    const response = await this.send(
      LOGIN_ENDPOINT,
      otp === undefined || otp === ''
        ? { email, password, remember }
        : { email, password, remember, otp },
    );
    if (!response.ok) {
      throw await authErrorFrom(response, this.env.now(), 'invalid_credentials');
    }
    const body = await readJsonBody(response);
    const access = field(body, 'access');
    const refresh = field(body, 'refresh');
    if (access === undefined || refresh === undefined) {
      throw new AuthError('server', { status: response.status });
    }
    this.storeSession(access, refresh, remember);
  }

  adoptSession(tokens: SessionTokens, options: AdoptSessionOptions = {}): void {
    const access = field(tokens, 'access');
    const refresh = field(tokens, 'refresh');
    if (access === undefined || refresh === undefined) {
      throw new AuthError('server', { message: 'O servidor não enviou a nova sessão.' });
    }
    this.storeSession(access, refresh, options.remember ?? this.tokens.remembersRefreshToken());
  }

  /** What a login does with its tokens: a new generation, stored per "remember", notified. */
  private storeSession(access: string, refresh: string, remember: boolean): void {
    this.generation += 1;
    this.inflight = null;
    this.tokens.saveLogin(access, refresh, remember);
    this.notify();
  }

  logout(): void {
    this.endSession(true);
  }

  /**
   * SPEC's logout. `revoke`: the user asked for it, so the server is then told to revoke the
   * refresh token too (issue 11, item 6), so a copy taken before logout stops working. A logout
   * because the token expired or the server refused it has nothing left to revoke.
   */
  private endSession(revoke: boolean): void {
    if (!isDashboardUrl(this.env.currentUrl())) return;
    const refresh = this.tokens.hasValidRefreshToken(this.env.now())
      ? this.tokens.getRefreshToken()
      : null;
    this.generation += 1;
    this.inflight = null;
    this.tokens.clear();
    this.notify();
    this.env.navigate(LOGIN_PATH);
    // The browser holds no token and is on its way to the login: the server's answer changes
    // nothing here, and a failure is only logged.
    if (revoke && refresh !== null) {
      this.send(LOGOUT_ENDPOINT, { refresh }).then(
        (response) => {
          if (!response.ok) {
            this.logger.warn?.('[auth] logout: the server kept the session', response.status);
          }
        },
        (error: unknown) => this.logger.warn?.('[auth] logout: the server was not reached', error),
      );
    }
  }

  async refresh(): Promise<string | null> {
    try {
      const outcome = await this.refreshOnce();
      if (outcome.status === 'refreshed') return outcome.access;
      if (outcome.status === 'failed')
        this.logger.error('[auth] token refresh failed', outcome.error);
      return null;
    } catch (error) {
      this.logger.error('[auth] token refresh failed', error);
      return null;
    }
  }

  async start(): Promise<void> {
    try {
      this.syncWithLocation();
      const outcome = await this.refreshOnce();
      if (outcome.status === 'failed') {
        this.logger.error('[auth] start-up refresh failed', outcome.error);
      }
    } catch (error) {
      this.logger.error('[auth] start-up failed', error);
    }
  }

  async requestPasswordReset(email: string): Promise<void> {
    const response = await this.send(PASSWORD_RESET_ENDPOINT, { email });
    if (!response.ok) throw await authErrorFrom(response, this.env.now());
  }

  async checkPasswordReset(token: string): Promise<void> {
    const response = await this.send(PASSWORD_RESET_CHECK_ENDPOINT, { token });
    if (!response.ok) throw await authErrorFrom(response, this.env.now());
  }

  async confirmPasswordReset({ token, password }: PasswordResetConfirmInput): Promise<void> {
    const response = await this.send(PASSWORD_RESET_CONFIRM_ENDPOINT, { token, password });
    if (!response.ok) throw await authErrorFrom(response, this.env.now());
  }

  isAuthenticated(): boolean {
    return this.tokens.hasValidRefreshToken(this.env.now());
  }

  currentUser(): AuthUser | null {
    return readUser(this.tokens.getAccessToken());
  }

  getState(): AuthSessionState {
    // Time alone can expire the refresh token, so the state is recomputed, but the previous
    // object is returned while nothing changed.
    const next = this.computeState();
    if (!sameState(next, this.state)) this.state = next;
    return this.state;
  }

  subscribe(listener: (state: AuthSessionState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  syncWithLocation(): void {
    if (this.disposed) return;
    const onDashboard = isDashboardUrl(this.env.currentUrl());
    if (onDashboard && this.timer === null) {
      this.timer = {
        handle: this.env.timers.setInterval(
          () => void this.checkAccessToken(),
          REFRESH_CHECK_INTERVAL_MS,
        ),
      };
    } else if (!onDashboard && this.timer !== null) {
      this.stopTimer();
    }
  }

  dispose(): void {
    this.disposed = true;
    this.stopTimer();
    this.listeners.clear();
  }

  /** POST JSON to an auth endpoint; a request that gets no answer becomes AuthError('network'). */
  private async send(path: string, body: unknown): Promise<Response> {
    try {
      return await this.fetch(this.apiUrl(path), postJson(body));
    } catch (cause) {
      throw new AuthError('network', { cause });
    }
  }

  private stopTimer(): void {
    if (this.timer === null) return;
    this.env.timers.clearInterval(this.timer.handle);
    this.timer = null;
  }

  /** The periodic check: refresh when the access token is missing or has < 60 s left. */
  private async checkAccessToken(): Promise<void> {
    try {
      const currentUrl = this.env.currentUrl();
      if (!isDashboardUrl(currentUrl)) {
        // The host missed a route change; the check only runs on the dashboard.
        this.syncWithLocation();
        return;
      }
      // Already where a logout would send them and nothing to refresh: don't re-navigate the
      // login screen every minute.
      if (
        parsePageUrl(currentUrl).pathname === LOGIN_PATH &&
        this.tokens.getRefreshToken() === null
      ) {
        return;
      }
      const access = this.tokens.getAccessToken();
      const stale =
        access === null ||
        !isWellFormedJwt(access) ||
        isTokenExpired(access, this.env.now(), REFRESH_THRESHOLD_MS);
      if (!stale) return;
      const outcome = await this.refreshOnce();
      if (outcome.status === 'failed') {
        // Kept signed in; the next check tries again.
        (this.logger.warn ?? this.logger.error).call(
          this.logger,
          '[auth] token refresh failed; retrying at the next check',
          outcome.error,
        );
      }
    } catch (error) {
      this.logger.error('[auth] refresh check failed', error);
    }
  }

  /** Single flight: concurrent callers share one request. */
  private refreshOnce(): Promise<RefreshOutcome> {
    if (this.inflight === null) {
      const flight = this.performRefresh().finally(() => {
        if (this.inflight === flight) this.inflight = null;
      });
      this.inflight = flight;
    }
    return this.inflight;
  }

  private async performRefresh(): Promise<RefreshOutcome> {
    const generation = this.generation;
    const refresh = this.tokens.getRefreshToken();
    if (refresh === null || !this.tokens.hasValidRefreshToken(this.env.now())) {
      this.endSession(false);
      return { status: 'logged_out' };
    }
    let response: Response;
    try {
      response = await this.send(TOKEN_REFRESH_ENDPOINT, { refresh });
    } catch (error) {
      return { status: 'failed', error: toAuthError(error) };
    }
    if (generation !== this.generation) return { status: 'logged_out' };
    if (response.status === 400 || response.status === 401) {
      // The server refused the refresh token: the session is over.
      this.endSession(false);
      return { status: 'logged_out' };
    }
    if (!response.ok) {
      return { status: 'failed', error: await authErrorFrom(response, this.env.now()) };
    }
    const body = await readJsonBody(response);
    if (generation !== this.generation) return { status: 'logged_out' };
    const access = field(body, 'access');
    if (access === undefined) {
      return { status: 'failed', error: new AuthError('server', { status: response.status }) };
    }
    this.tokens.saveAccessToken(access);
    const rotated = field(body, 'refresh');
    if (rotated !== undefined) this.tokens.replaceRefreshToken(rotated);
    this.notify();
    return { status: 'refreshed', access };
  }

  private computeState(): AuthSessionState {
    return { authenticated: this.isAuthenticated(), user: this.currentUser() };
  }

  private notify(): void {
    const state = this.getState();
    for (const listener of [...this.listeners]) {
      try {
        listener(state);
      } catch (error) {
        this.logger.error('[auth] session listener failed', error);
      }
    }
  }
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function toAuthError(error: unknown): AuthError {
  return error instanceof AuthError ? error : new AuthError('server', { cause: error });
}

export function createAuth(env: AuthEnvironment): Auth {
  return new AuthSession(env);
}
