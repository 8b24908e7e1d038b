// Scroll and focus on navigation, for the declarative <BrowserRouter> (react-router's own
// <ScrollRestoration> needs its data router, which the app does not load: see routes.tsx).
//
// - A link to another page (PUSH or REPLACE of a new pathname) starts at the top; a change of
//   the search params only (listing filters, sort, "Mostrar mais produtos") keeps the scroll,
//   as their preventScrollReset asks.
// - Back and forward (POP) go back to where that history entry was left: the positions are kept
//   per location.key in sessionStorage (so a reload keeps them too), with the address they were
//   taken at, and the restore waits, a frame at a time and for SETTLE_MS at most, until the page's
//   data makes it tall enough.
// - A page load restores only when the browser says it is a reload or a back/forward load: an
//   address typed or opened from a link starts at the top. (Every page load's first entry has the
//   key 'default', so without this the position of another page would be applied to a new one;
//   such entries are stored by their address, so that each keeps its own.)
// - A link with a #hash scrolls that element into view once it is there.
// - On a new page, the focus moves to <main> (without scrolling), so keyboard and screen reader
//   users start at the new content instead of the link they left.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export const SCROLL_STORAGE_KEY = 'vitrine:scroll';
export const SETTLE_MS = 2000;

interface SavedPosition {
  y: number;
  /** pathname + search the position was taken at. */
  path: string;
}

let saved: Record<string, SavedPosition> | undefined;
/** The last scroll position seen: read before a new page's shorter content clamps it. */
let lastY = 0;
/** Bumped by every navigation and by the shopper's own scrolling: ends a pending restore. */
let generation = 0;

function positions(): Record<string, SavedPosition> {
  if (!saved) {
    try {
      saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<
        string,
        SavedPosition
      >;
    } catch {
      saved = {};
    }
  }
  return saved;
}

/**
 * The key a position is stored under. Every page load's first entry has react-router's key
 * 'default' (its history.state is empty), so two entries opened from the address bar would share
 * one: those are told apart by their address.
 */
function storageKey(key: string, path: string): string {
  return key === 'default' ? `default ${path}` : key;
}

function remember(key: string, path: string): void {
  positions()[storageKey(key, path)] = { y: lastY, path };
  try {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: positions still work until the next reload.
  }
}

/** Where the entry `key` was left, if it was left at this very address. */
function savedPosition(key: string, path: string): number | undefined {
  const position = positions()[storageKey(key, path)];
  return typeof position === 'object' && position !== null && position.path === path
    ? position.y
    : undefined;
}

/** Whether the browser loaded this document by reloading it or by going back or forward. */
export function pageLoadRestores(): boolean {
  const entries =
    typeof performance.getEntriesByType === 'function'
      ? performance.getEntriesByType('navigation')
      : [];
  const type = (entries[0] as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

function scrollToY(y: number): void {
  window.scrollTo(0, y);
  lastY = y;
}

/** Calls `attempt` every frame until it is done or SETTLE_MS have passed (then with final). */
function settle(attempt: (final: boolean) => boolean): void {
  const run = ++generation;
  const deadline = performance.now() + SETTLE_MS;
  const step = () => {
    if (run !== generation) return;
    const final = performance.now() >= deadline;
    if (!attempt(final) && !final) requestAnimationFrame(step);
  };
  step();
}

export function useScrollRestoration(): void {
  const { key, pathname, search, hash } = useLocation();
  const action = useNavigationType();
  const shown = useRef<{ key: string; pathname: string; path: string } | null>(null);

  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    lastY = window.scrollY;
    const onScroll = () => {
      lastY = window.scrollY;
    };
    const stop = () => {
      generation += 1;
    };
    const onHide = () => {
      if (shown.current) remember(shown.current.key, shown.current.path);
    };
    const stoppers = ['wheel', 'touchstart', 'keydown'];
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('pagehide', onHide);
    for (const type of stoppers) addEventListener(type, stop, { passive: true });
    return () => {
      removeEventListener('scroll', onScroll);
      removeEventListener('pagehide', onHide);
      for (const type of stoppers) removeEventListener(type, stop);
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const previous = shown.current;
    // StrictMode's second run, or the same entry shown again: nothing new.
    if (previous?.key === key) return;
    if (previous) remember(previous.key, previous.path);
    const path = `${pathname}${search}`;
    shown.current = { key, pathname, path };
    const newPage = previous !== null && previous.pathname !== pathname;
    // The first entry of a page load is a POP too: restore it only on a reload or back/forward.
    const restores = action === 'POP' && (previous !== null || pageLoadRestores());
    const target = restores ? savedPosition(key, path) : undefined;
    if (target !== undefined) {
      settle((final) => {
        const room = document.documentElement.scrollHeight - window.innerHeight;
        if (room < target && !final) return false;
        scrollToY(target);
        return true;
      });
    } else if (hash.length > 1) {
      settle(() => {
        const element = document.getElementById(hash.slice(1));
        element?.scrollIntoView();
        return element !== null;
      });
    } else if (newPage) {
      generation += 1;
      scrollToY(0);
    }
    if (newPage) {
      const main = document.querySelector('main');
      if (main) {
        if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
        main.focus({ preventScroll: true });
      }
    }
  }, [key, pathname, search, hash, action]);
}
