// Where the tokens live: access in session storage; refresh in session or persistent storage.
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './constants';
import { isTokenExpired, isWellFormedJwt } from './jwt';
import { withMemoryFallback } from './storage';
import type { AuthEnvironment, KeyValueStorage } from './types';

export class TokenStore {
  private readonly session: KeyValueStorage;
  private readonly persistent: KeyValueStorage;

  /**
   * A storage that throws (site data blocked, quota) never breaks the session: the failure is
   * logged once per store and the tokens are kept in memory for the rest of the page's life.
   */
  constructor(env: Pick<AuthEnvironment, 'sessionStorage' | 'persistentStorage' | 'logger'>) {
    const logger = env.logger ?? console;
    this.session = withMemoryFallback(
      () => env.sessionStorage,
      (error) =>
        logger.error('[auth] session storage is unavailable; keeping tokens in memory', error),
    );
    this.persistent = withMemoryFallback(
      () => env.persistentStorage,
      (error) =>
        logger.error('[auth] persistent storage is unavailable; keeping tokens in memory', error),
    );
  }

  getAccessToken(): string | null {
    return nonEmpty(this.session.getItem(ACCESS_TOKEN_KEY));
  }

  /** The session copy wins: it is the one written by the latest login without "remember". */
  getRefreshToken(): string | null {
    return (
      nonEmpty(this.session.getItem(REFRESH_TOKEN_KEY)) ??
      nonEmpty(this.persistent.getItem(REFRESH_TOKEN_KEY))
    );
  }

  saveLogin(access: string, refresh: string, remember: boolean): void {
    this.session.setItem(ACCESS_TOKEN_KEY, access);
    const [keep, drop] = remember
      ? [this.persistent, this.session]
      : [this.session, this.persistent];
    keep.setItem(REFRESH_TOKEN_KEY, refresh);
    drop.removeItem(REFRESH_TOKEN_KEY);
  }

  /**
   * Whether the current session was signed in with "remember": its refresh token lives in
   * persistent storage (and no session copy overrides it).
   */
  remembersRefreshToken(): boolean {
    return (
      nonEmpty(this.session.getItem(REFRESH_TOKEN_KEY)) === null &&
      nonEmpty(this.persistent.getItem(REFRESH_TOKEN_KEY)) !== null
    );
  }

  saveAccessToken(access: string): void {
    this.session.setItem(ACCESS_TOKEN_KEY, access);
  }

  /** Replaces the refresh token in whichever store holds it (for servers that rotate it). */
  replaceRefreshToken(refresh: string): void {
    const store = nonEmpty(this.session.getItem(REFRESH_TOKEN_KEY))
      ? this.session
      : this.persistent;
    store.setItem(REFRESH_TOKEN_KEY, refresh);
  }

  /** What logout removes: the persistent refresh token and both session tokens. */
  clear(): void {
    this.persistent.removeItem(REFRESH_TOKEN_KEY);
    this.session.removeItem(ACCESS_TOKEN_KEY);
    this.session.removeItem(REFRESH_TOKEN_KEY);
  }

  /**
   * A refresh token is valid when it exists and has not expired. A value that is not a JWT at
   * all (not three parts) is not a token, so it is not valid either.
   */
  hasValidRefreshToken(nowMs: number): boolean {
    const refresh = this.getRefreshToken();
    return refresh !== null && isWellFormedJwt(refresh) && !isTokenExpired(refresh, nowMs);
  }
}

function nonEmpty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}
