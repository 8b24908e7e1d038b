// Browser-side helpers for the session journeys: sign in through the real form, read the token
// stores, forge unsigned JWTs for the client-only checks, and watch requests.
import { expect, type Page, type Request } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env';

/** SPEC 9: storage keys of the access and the refresh token. */
export const ACCESS_KEY = '_uat';
export const REFRESH_KEY = '_urt';

export interface StoredTokens {
  sessionAccess: string | null;
  sessionRefresh: string | null;
  persistentAccess: string | null;
  persistentRefresh: string | null;
}

export function readTokens(page: Page): Promise<StoredTokens> {
  return page.evaluate(
    ([access, refresh]) => ({
      sessionAccess: sessionStorage.getItem(access),
      sessionRefresh: sessionStorage.getItem(refresh),
      persistentAccess: localStorage.getItem(access),
      persistentRefresh: localStorage.getItem(refresh),
    }),
    [ACCESS_KEY, REFRESH_KEY] as const,
  );
}

export interface SignInOptions {
  remember: boolean;
  email?: string;
  password?: string;
}

/** Fills and submits the dashboard login form (the page must be on /dashboard/login). */
export async function submitLogin(
  page: Page,
  { remember, email = ADMIN_EMAIL, password = ADMIN_PASSWORD }: SignInOptions,
): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'Lembrar de mim' }).setChecked(remember);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Something only the storefront shows (the dashboard's app bar is a banner too). */
export function storefrontSearch(page: Page) {
  return page.getByRole('combobox', { name: 'Buscar produtos' });
}

export function isDashboardHome(url: URL): boolean {
  return url.pathname.replace(/\/+$/, '') === '/dashboard';
}

/** Signs in through the real form and waits for the dashboard. */
export async function signIn(page: Page, options: SignInOptions): Promise<void> {
  await page.goto('/dashboard/login');
  await submitLogin(page, options);
  await page.waitForURL(isDashboardHome);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
}

/** The payload of a JWT, read without verifying it (the browser cannot verify either). */
export function jwtPayload(token: string): Record<string, unknown> {
  const parts = token.split('.');
  expect(parts, 'a JWT has exactly three dot-separated parts').toHaveLength(3);
  return JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

export function jwtExpiry(token: string): number {
  const exp = jwtPayload(token)['exp'];
  expect(typeof exp, 'exp is a number of seconds').toBe('number');
  return exp as number;
}

/** An unsigned JWT: enough for the client, which only reads exp; the server would refuse it. */
export function forgeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.${'x'.repeat(43)}`;
}

export interface SeededStorage {
  session?: Record<string, string>;
  persistent?: Record<string, string>;
}

/**
 * Puts values in the stores before the app's first script runs, on the first document of the
 * context only (a later reload must see what the app left, not the seed again).
 */
export async function seedStorage(page: Page, seed: SeededStorage): Promise<void> {
  await page.addInitScript((values: SeededStorage) => {
    const marker = '__e2e_seeded';
    if (window.name === marker) return;
    window.name = marker;
    for (const [key, value] of Object.entries(values.session ?? {}))
      sessionStorage.setItem(key, value);
    for (const [key, value] of Object.entries(values.persistent ?? {}))
      localStorage.setItem(key, value);
  }, seed);
}

export const isGraphqlRequest = (request: Request) =>
  new URL(request.url()).pathname.startsWith('/graphql');

export const isRefreshRequest = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/auth/token/refresh/';

/** Every request the page makes from now on that matches. */
export function recordRequests(page: Page, matches: (request: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (matches(request)) seen.push(request);
  });
  return seen;
}

/** Navigates inside the single-page app without reloading it (as a link or the back button). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}
