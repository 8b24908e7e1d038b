// Shared fixtures for the auth tests.
import { vi } from 'vitest';
import { createAuth } from '../createAuth';
import {
  createTestEnvironment,
  jsonResponse,
  makeJwt,
  type TestEnvironmentOverrides,
} from '../testing';

/** A fixed, whole-second "now" so exp (seconds) arithmetic is exact. */
export const NOW = Date.parse('2025-03-10T12:00:00Z');
export const HOUR = 3_600_000;

export function useFakeClock(): void {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
}

/** A JWT whose exp is `inMs` after the current (fake) time. */
export function tokenExpiringIn(inMs: number, claims: Record<string, unknown> = {}): string {
  return makeJwt({ ...claims, exp: Math.floor((Date.now() + inMs) / 1000) });
}

export function setup(overrides: TestEnvironmentOverrides = {}) {
  const env = createTestEnvironment(overrides);
  const auth = createAuth(env);
  return { env, auth };
}

/** A signed-in browser: access and refresh tokens in session storage. */
export function signIn(
  env: ReturnType<typeof createTestEnvironment>,
  { access = tokenExpiringIn(HOUR), refresh = tokenExpiringIn(24 * HOUR) } = {},
): { access: string; refresh: string } {
  env.sessionStorage.setItem('_uat', access);
  env.sessionStorage.setItem('_urt', refresh);
  return { access, refresh };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export { jsonResponse, makeJwt };
