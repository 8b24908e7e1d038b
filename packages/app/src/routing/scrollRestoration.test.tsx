import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_STORAGE_KEY, useScrollRestoration } from './scrollRestoration';

let scrollY = 0;
let pageHeight = 5000;

/** Scrolls as the shopper would: the position changes, then the scroll event fires. */
function shopperScrollsTo(y: number) {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

function Layout() {
  useScrollRestoration();
  return (
    <>
      <header>
        <Link to="/categoria/roupas">Roupas</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function renderApp(initialPath = '/categoria/roupas') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: <h2 id="marcas">Nossas marcas</h2> },
          { path: 'categoria/:slug', element: <h1>Roupas</h1> },
          { path: 'produto/:slug', element: <h1>Produto</h1> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  scrollY = 0;
  pageHeight = 5000;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    scrollY = y;
  }) as typeof window.scrollTo);
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(() => pageHeight);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useScrollRestoration', () => {
  it('starts a new page at the top and moves the focus to its main content, without scrolling', async () => {
    const router = renderApp();
    shopperScrollsTo(2400);
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    await act(() => router.navigate('/produto/camiseta'));
    expect(scrollY).toBe(0);
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('keeps the scroll and the focus when only the search params change (filters, more pages)', async () => {
    const router = renderApp();
    const link = screen.getByRole('link', { name: 'Roupas' });
    link.focus();
    shopperScrollsTo(1800);
    await act(() =>
      router.navigate('/categoria/roupas?marca=mare&pagina=2', { preventScrollReset: true }),
    );
    expect(scrollY).toBe(1800);
    expect(link).toHaveFocus();
  });

  it('goes back to where the shopper was, once the page is tall enough, and keeps it in sessionStorage', async () => {
    const router = renderApp();
    shopperScrollsTo(3200);
    // The page load's first entry (key 'default') is kept under its address.
    expect(router.state.location.key).toBe('default');
    await act(() => router.navigate('/produto/camiseta'));
    expect(scrollY).toBe(0);
    expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}')).toMatchObject({
      'default /categoria/roupas': { y: 3200, path: '/categoria/roupas' },
    });

    // Coming back, the listing's products are not painted yet: too short to scroll that far.
    pageHeight = 900;
    await act(() => router.navigate(-1));
    expect(scrollY).toBe(0);
    pageHeight = 5000;
    await waitFor(() => expect(scrollY).toBe(3200));
  });

  it('stops waiting when the shopper scrolls by themselves', async () => {
    const router = renderApp();
    shopperScrollsTo(3200);
    await act(() => router.navigate('/produto/camiseta'));
    pageHeight = 900;
    await act(() => router.navigate(-1));
    window.dispatchEvent(new Event('wheel'));
    shopperScrollsTo(120);
    pageHeight = 5000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(scrollY).toBe(120);
  });

  it('scrolls a #hash link to its element', async () => {
    const router = renderApp();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    await act(() => router.navigate('/#marcas'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('marcas'));
  });

  it("opens a page loaded from the address bar at the top, even where another page's position was kept", async () => {
    // A previous page load of this tab left this very product at 2,290 px.
    sessionStorage.setItem(
      SCROLL_STORAGE_KEY,
      JSON.stringify({ 'default /produto/camiseta': { y: 2290, path: '/produto/camiseta' } }),
    );
    vi.resetModules();
    const fresh = await import('./scrollRestoration');
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'navigate' } as unknown as PerformanceEntry,
    ]);
    expect(fresh.pageLoadRestores()).toBe(false);
    renderFresh(fresh.useScrollRestoration, '/produto/camiseta');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollY).toBe(0);
  });

  it('on a reload, restores the position only when it was taken at the same address', async () => {
    sessionStorage.setItem(
      SCROLL_STORAGE_KEY,
      JSON.stringify({ 'default /produto/camiseta': { y: 1237, path: '/produto/camiseta' } }),
    );
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'reload' } as unknown as PerformanceEntry,
    ]);
    vi.resetModules();
    const other = await import('./scrollRestoration');
    renderFresh(other.useScrollRestoration, '/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollY).toBe(0);
  });

  it('on a reload of the same address, goes back to where the shopper was', async () => {
    sessionStorage.setItem(
      SCROLL_STORAGE_KEY,
      JSON.stringify({ 'default /produto/camiseta': { y: 1237, path: '/produto/camiseta' } }),
    );
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'reload' } as unknown as PerformanceEntry,
    ]);
    vi.resetModules();
    const same = await import('./scrollRestoration');
    expect(same.pageLoadRestores()).toBe(true);
    renderFresh(same.useScrollRestoration, '/produto/camiseta');
    await waitFor(() => expect(scrollY).toBe(1237));
  });
});

/** The app as a new page load renders it: the first entry's key is 'default'. */
function renderFresh(useHook: () => void, path: string) {
  function FreshLayout() {
    useHook();
    return (
      <main>
        <Outlet />
      </main>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <FreshLayout />,
        children: [
          { index: true, element: <h1>Início</h1> },
          { path: 'produto/:slug', element: <h1>Produto</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  expect(router.state.location.key).toBe('default');
  return router;
}
