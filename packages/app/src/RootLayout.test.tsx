import { act, render } from '@testing-library/react';
import { createAuth } from '@vitrine/auth';
import { createTestEnvironment } from '@vitrine/auth/testing';
import { createApolloClient } from '@vitrine/ui/host';
import { StrictMode, useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAGE_VIEW_MAX_WAIT_MS,
  schedulePageView,
  TITLE_SETTLE_MS,
  type Analytics,
} from './analytics';
import { Providers } from './providers';
import { RootLayout } from './RootLayout';

/** Sets its title right away, like a page whose title needs no data. */
function TitledPage({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <h1>{title}</h1>;
}

/** Sets its title only once its "data" arrives, like a product page. */
function LateTitlePage({ title, afterMs }: { title: string; afterMs: number }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), afterMs);
    return () => clearTimeout(timer);
  }, [afterMs]);
  useEffect(() => {
    if (loaded) document.title = title;
  }, [loaded, title]);
  return <h1>{loaded ? title : 'Carregando'}</h1>;
}

function renderApp(initialPath: string, { strict = false } = {}) {
  const views: [path: string, title: string][] = [];
  const analytics: Analytics = {
    enabled: true,
    pageView: (path, title) => views.push([path, title]),
    event: () => undefined,
    schedulePageView: (path) => schedulePageView(analytics, path),
  };
  // The session reads the URL the router shows, as the browser's location.href would be.
  const env = createTestEnvironment({
    currentUrl: () => {
      const { pathname, search } = router.state.location;
      return new URL(pathname + search, 'http://localhost').href;
    },
  });
  const auth = createAuth(env);
  const client = createApolloClient({ auth });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { path: 'marcas/aurora', element: <TitledPage title="Aurora | Vitrine" /> },
          {
            path: 'produto/camiseta',
            // Loaded on demand, like the app's areas.
            lazy: async () => ({
              Component: () => <LateTitlePage title="Camiseta | Vitrine" afterMs={300} />,
            }),
          },
          { path: 'contato', element: <TitledPage title="Contato | Vitrine" /> },
          { path: 'dashboard/pedidos', element: <TitledPage title="Pedidos | Vitrine" /> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  const app = (
    <Providers auth={auth} client={client} analytics={analytics}>
      <RouterProvider router={router} />
    </Providers>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { views, router, env };
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('RootLayout page views', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    document.title = 'Vitrine';
    // jsdom does not scroll; new pages ask for the top (routing/scrollRestoration.ts).
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    scrollTo.mockRestore();
  });

  it('sends one page_view per route change, with the new path and the title the page set once it settled', async () => {
    const { views, router } = renderApp('/marcas/aurora');
    await wait(PAGE_VIEW_MAX_WAIT_MS);
    expect(views).toEqual([['/marcas/aurora', 'Aurora | Vitrine']]);

    await act(() => router.navigate('/produto/camiseta?cor=azul'));
    // The lazy page's title arrives 300 ms later; the view waits for it to settle.
    await wait(300);
    expect(views).toHaveLength(1);
    await wait(TITLE_SETTLE_MS + 50);
    expect(views).toEqual([
      ['/marcas/aurora', 'Aurora | Vitrine'],
      ['/produto/camiseta?cor=azul', 'Camiseta | Vitrine'],
    ]);

    await act(() => router.navigate('/contato'));
    await wait(PAGE_VIEW_MAX_WAIT_MS);
    expect(views).toEqual([
      ['/marcas/aurora', 'Aurora | Vitrine'],
      ['/produto/camiseta?cor=azul', 'Camiseta | Vitrine'],
      ['/contato', 'Contato | Vitrine'],
    ]);
  });

  it('a navigation before the title settled sends the previous page view first, with its own title', async () => {
    const { views, router } = renderApp('/marcas/aurora');
    await wait(50);
    expect(views).toEqual([]);

    await act(() => router.navigate('/contato'));
    expect(views).toEqual([['/marcas/aurora', 'Aurora | Vitrine']]);

    await wait(PAGE_VIEW_MAX_WAIT_MS);
    expect(views).toEqual([
      ['/marcas/aurora', 'Aurora | Vitrine'],
      ['/contato', 'Contato | Vitrine'],
    ]);
  });

  it('sends exactly one page_view for the first page under StrictMode', async () => {
    const { views } = renderApp('/contato', { strict: true });
    await wait(PAGE_VIEW_MAX_WAIT_MS * 2);
    expect(views).toEqual([['/contato', 'Contato | Vitrine']]);
  });

  it('starts each new page at the top', async () => {
    const { router } = renderApp('/marcas/aurora');
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/contato'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('keeps the auth refresh check in step with the route', async () => {
    const { env, router } = renderApp('/contato');
    expect(env.timersCreated()).toBe(0);
    await act(() => router.navigate('/dashboard/pedidos'));
    expect(env.activeTimers()).toBe(1);
    await act(() => router.navigate('/contato'));
    expect(env.activeTimers()).toBe(0);
  });
});
