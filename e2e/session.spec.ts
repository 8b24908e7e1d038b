// SPEC.md's session behaviours as a person's browser sees them, against the real server.
import { expect, test, type Request } from '@playwright/test';
import {
  ACCESS_KEY,
  REFRESH_KEY,
  forgeJwt,
  isDashboardHome,
  isGraphqlRequest,
  isRefreshRequest,
  jwtExpiry,
  navigateInApp,
  readTokens,
  recordRequests,
  seedStorage,
  signIn,
  storefrontSearch,
  submitLogin,
} from './support/session';

const DAY_S = 24 * 60 * 60;
const nowS = () => Math.floor(Date.now() / 1000);

test.describe('SPEC 4 Login', () => {
  test('SPEC 4 Login: access token in sessionStorage _uat, refresh in sessionStorage _urt without "Lembrar de mim"; the persistent copy is removed', async ({
    page,
  }) => {
    await page.goto('/dashboard/login');
    // A refresh token left in the persistent store by an earlier "remember me" session.
    await page.evaluate((key) => localStorage.setItem(key, 'earlier-persistent-copy'), REFRESH_KEY);

    await submitLogin(page, { remember: false });
    await page.waitForURL(isDashboardHome);

    const tokens = await readTokens(page);
    expect(tokens.sessionAccess).not.toBeNull();
    expect(tokens.sessionRefresh).not.toBeNull();
    expect(tokens.persistentRefresh, 'the copy in the other store is removed').toBeNull();
    expect(tokens.persistentAccess).toBeNull();
    // Without "remember", the server issues a short-lived (1 day) refresh token.
    expect(jwtExpiry(tokens.sessionRefresh ?? '')).toBeLessThanOrEqual(nowS() + DAY_S + 60);
    expect(jwtExpiry(tokens.sessionAccess ?? '')).toBeLessThanOrEqual(nowS() + 5 * 60 + 5);
  });

  test('SPEC 4 Login: access token in sessionStorage _uat, refresh in localStorage _urt with "Lembrar de mim"; the session copy is removed', async ({
    page,
  }) => {
    await page.goto('/dashboard/login');
    await page.evaluate((key) => sessionStorage.setItem(key, 'earlier-session-copy'), REFRESH_KEY);

    await submitLogin(page, { remember: true });
    await page.waitForURL(isDashboardHome);

    const tokens = await readTokens(page);
    expect(tokens.sessionAccess).not.toBeNull();
    expect(tokens.persistentRefresh).not.toBeNull();
    expect(tokens.sessionRefresh, 'the copy in the other store is removed').toBeNull();
    expect(tokens.persistentAccess, 'the access token never goes to persistent storage').toBeNull();
    // "remember" reached the server: the refresh token lasts 30 days instead of one.
    expect(jwtExpiry(tokens.persistentRefresh ?? '')).toBeGreaterThan(nowS() + 29 * DAY_S);

    // The persistent refresh token survives closing the tab: a new tab opens the dashboard.
    const secondTab = await page.context().newPage();
    await secondTab.goto('/dashboard');
    await expect(secondTab.getByRole('button', { name: 'Sair' })).toBeVisible();
    expect(isDashboardHome(new URL(secondTab.url()))).toBe(true);
  });

  test('Login with a wrong password shows a Portuguese error and stores no token', async ({
    page,
  }) => {
    await page.goto('/dashboard/login');
    // An address with no account, so the brute-force delay never touches the real admin.
    await submitLogin(page, {
      remember: true,
      email: 'ninguem@e2e.test',
      password: 'senha-errada-123',
    });
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/e-mail|senha/i);
    expect(new URL(page.url()).pathname).toBe('/dashboard/login');
    expect(await readTokens(page)).toEqual({
      sessionAccess: null,
      sessionRefresh: null,
      persistentAccess: null,
      persistentRefresh: null,
    });
  });
});

test('SPEC 4 Logout: "Sair" removes _uat and both _urt copies and lands on /dashboard/login', async ({
  page,
}) => {
  await signIn(page, { remember: true });
  // Both refresh copies exist before logout, so the test sees each one go.
  await page.evaluate((key) => sessionStorage.setItem(key, 'session-copy'), REFRESH_KEY);

  await page.getByRole('button', { name: 'Sair' }).click();

  await page.waitForURL((url) => url.pathname === '/dashboard/login');
  expect(await readTokens(page)).toEqual({
    sessionAccess: null,
    sessionRefresh: null,
    persistentAccess: null,
    persistentRefresh: null,
  });
  // Signed out for real: the dashboard now sends the visitor back to the login.
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/dashboard/login');
});

test.describe('SPEC 6 Requests', () => {
  test('SPEC 6 Dashboard requests to the API carry Authorization: Bearer <access>', async ({
    page,
  }) => {
    await signIn(page, { remember: false });
    // A fresh load of the dashboard starts with a refresh (SPEC 4, application start); the
    // screen's first calls may leave with the access token it replaces (still valid). Once the
    // refresh has answered, every call carries the token in _uat.
    const refreshed = page.waitForResponse((response) => isRefreshRequest(response.request()));
    await page.reload();
    await refreshed;
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    const graphql = recordRequests(page, isGraphqlRequest);
    await page
      .getByRole('navigation', { name: 'Navegação do painel' })
      .getByRole('link', { name: 'Pedidos' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await expect
      .poll(() => graphql.length, { message: 'the dashboard calls /graphql/' })
      .toBeGreaterThan(0);

    const { sessionAccess } = await readTokens(page);
    for (const request of graphql) {
      expect(await request.headerValue('authorization')).toBe(`Bearer ${sessionAccess}`);
    }
  });

  test('SPEC 6 Storefront requests carry no Authorization header, even with a session', async ({
    page,
  }) => {
    await signIn(page, { remember: true });
    // The storefront's requests only: one the dashboard page still sent as it was left (its
    // Referer is a dashboard URL) is the dashboard's, which carries the token by design.
    const apiCalls = recordRequests(
      page,
      (request) =>
        (isGraphqlRequest(request) || request.url().includes('/auth/')) &&
        !(request.headers()['referer'] ?? '').includes('/dashboard'),
    );
    await page.goto('/');
    await expect(storefrontSearch(page)).toBeVisible();
    await expect
      .poll(() => apiCalls.length, { message: 'the storefront calls the API' })
      .toBeGreaterThan(0);
    // The session is still there; the storefront simply does not send it.
    expect((await readTokens(page)).persistentRefresh).not.toBeNull();
    for (const request of apiCalls) {
      expect(await request.headerValue('authorization'), request.url()).toBeNull();
    }
  });

  test('SPEC 6 Non-GET requests to relative URLs carry X-XSRF-TOKEN from the XSRF-TOKEN cookie', async ({
    page,
  }) => {
    const posts = recordRequests(page, (request) => request.method() === 'POST');
    await signIn(page, { remember: false });
    const cookie = (await page.context().cookies()).find(({ name }) => name === 'XSRF-TOKEN');
    expect(cookie, 'the server sets the XSRF-TOKEN cookie').toBeDefined();
    const login = posts.find((request) => request.url().endsWith('/auth/login/'));
    expect(login, 'the login was a POST').toBeDefined();
    for (const request of posts) {
      expect(await request.headerValue('x-xsrf-token'), request.url()).toBe(
        decodeURIComponent(cookie?.value ?? ''),
      );
    }
  });
});

test.describe('SPEC 4 Periodic check', () => {
  test('SPEC 4 Periodic check: on a dashboard URL, every 60 s the access token is refreshed when it expires within 60 s', async ({
    page,
  }) => {
    await page.clock.install();
    const refreshes = recordRequests(page, isRefreshRequest);
    await signIn(page, { remember: false });
    const before = await readTokens(page);
    const firstAccess = before.sessionAccess ?? '';
    const refreshesAfterLogin = refreshes.length;

    // Three checks (60, 120, 180 s): the 5-minute token still has 2 minutes or more.
    await page.clock.runFor(3 * 60_000);
    expect(refreshes.length, 'no refresh while the token has more than 60 s left').toBe(
      refreshesAfterLogin,
    );

    // The checks at 240 and 300 s find it within 60 s of expiry.
    const answered = page.waitForResponse((response) => isRefreshRequest(response.request()));
    await page.clock.runFor(2 * 60_000);
    const response = await answered;
    expect(response.status()).toBe(200);
    const refresh = refreshes.at(-1) as Request;
    expect(refresh.postDataJSON()).toEqual({ refresh: before.sessionRefresh });

    await expect.poll(async () => (await readTokens(page)).sessionAccess).not.toBe(firstAccess);
    const after = await readTokens(page);
    expect(jwtExpiry(after.sessionAccess ?? '')).toBeGreaterThanOrEqual(jwtExpiry(firstAccess));
    expect(after.sessionRefresh, 'the refresh token is kept').toBe(before.sessionRefresh);
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  });

  test('SPEC 4 Periodic check: paused when the user leaves the dashboard and resumed on return', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, { remember: false });
    const refreshes = recordRequests(page, isRefreshRequest);

    // Leave the dashboard inside the app (no reload, so no start-up refresh).
    await navigateInApp(page, '/');
    await expect(storefrontSearch(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0);
    // Ten minutes on the storefront: the access token expires, yet nothing is refreshed.
    await page.clock.runFor(10 * 60_000);
    expect(refreshes, 'no refresh check outside the dashboard').toHaveLength(0);

    // Back to the dashboard: the check resumes and renews the expired access token.
    await navigateInApp(page, '/dashboard');
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await page.clock.runFor(60_000);
    await expect.poll(() => refreshes.length, { message: 'the check resumed' }).toBeGreaterThan(0);
  });
});

test.describe('SPEC 4 Application start', () => {
  const expiredRefresh = forgeJwt({ sub: '1', type: 'refresh', exp: nowS() - 60 });
  const cases = [
    { kind: 'an expired', refresh: expiredRefresh },
    { kind: 'a malformed', refresh: 'nao-e-um-jwt' },
  ];

  for (const { kind, refresh } of cases) {
    test(`SPEC 4 Application start: ${kind} refresh token sends a dashboard visitor to /dashboard/login and clears the tokens`, async ({
      page,
    }) => {
      const access = forgeJwt({ sub: '1', type: 'access', exp: nowS() + 300 });
      await seedStorage(page, {
        session: { [ACCESS_KEY]: access, [REFRESH_KEY]: refresh },
        persistent: { [REFRESH_KEY]: refresh },
      });
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/dashboard/login');
      await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
      // The logout ran (a mere redirect would have left the stored tokens in place).
      await expect
        .poll(() => readTokens(page))
        .toEqual({
          sessionAccess: null,
          sessionRefresh: null,
          persistentAccess: null,
          persistentRefresh: null,
        });
    });

    test(`SPEC 4 Application start: ${kind} refresh token leaves a storefront visitor alone`, async ({
      page,
    }) => {
      await seedStorage(page, { persistent: { [REFRESH_KEY]: refresh } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/');
      await expect(storefrontSearch(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/');
      // Logout does nothing outside the dashboard, so even the bad token stays where it was.
      expect((await readTokens(page)).persistentRefresh).toBe(refresh);
      expect(errors, 'the storefront keeps working').toEqual([]);
    });
  }
});

test.describe('SPEC 4 Loading indicator', () => {
  test('SPEC 4 Loading indicator: on during a slow dashboard request and off when it ends', async ({
    page,
  }) => {
    await signIn(page, { remember: false });
    const indicator = page.getByRole('progressbar', { name: 'Carregando' });
    await expect(indicator).toBeHidden();

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = new Promise<void>((resolve) => {
      void page.route('**/graphql/**', async (route) => {
        resolve();
        await gate;
        await route.continue();
      });
    });
    await page.reload();
    await held;
    await expect(indicator).toBeVisible();
    release();
    await expect(indicator).toBeHidden();
  });

  test('SPEC 4 Loading indicator: stays off for a slow storefront request', async ({ page }) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = new Promise<void>((resolve) => {
      void page.route('**/graphql/**', async (route) => {
        resolve();
        await gate;
        await route.continue();
      });
    });
    await page.goto('/');
    await expect(storefrontSearch(page)).toBeVisible();
    // The home arrives server-rendered with its data (no request of its own): the header search's
    // suggestions are the storefront request held here, sent once the page is hydrated.
    await page.waitForLoadState('networkidle');
    await storefrontSearch(page).pressSequentially('camis');
    await held;
    // Give the indicator every chance to appear while the request is held.
    await page.waitForTimeout(500);
    await expect(page.getByRole('progressbar', { name: 'Carregando' })).toHaveCount(0);
    release();
  });
});
