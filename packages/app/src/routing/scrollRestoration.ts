// Scroll and focus on navigation, for the declarative <BrowserRouter> (react-router's own
// <ScrollRestoration> needs its data router, which the app does not load: see routes.tsx).
//
// - A link to another page (PUSH or REPLACE of a new pathname) starts at the top; a change of
//   the search params only (listing filters, sort, "Mostrar mais produtos") keeps the scroll,
//   as their preventScrollReset asks.
// - Back and forward (POP) go back to where that history entry was left: the positions are kept
//   per location.key in sessionStorage (so a reload keeps them too), and the restore waits, a
//   frame at a time and for SETTLE_MS at most, until the page's data makes it tall enough.
// - A link with a #hash scrolls that element into view once it is there.
// - On a new page, the focus moves to <main> (without scrolling), so keyboard and screen reader
//   users start at the new content instead of the link they left.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export const SCROLL_STORAGE_KEY = 'vitrine:scroll';
export const SETTLE_MS = 2000;

let saved: Record<string, number> | undefined;
/** The last scroll position seen: read before a new page's shorter content clamps it. */
let lastY = 0;
/** Bumped by every navigation and by the shopper's own scrolling: ends a pending restore. */
let generation = 0;

function positions(): Record<string, number> {
  if (!saved) {
    try {
      saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<
        string,
        number
      >;
    } catch {
      saved = {};
    }
  }
  return saved;
}

function remember(key: string): void {
  positions()[key] = lastY;
  try {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: positions still work until the next reload.
  }
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
  const { key, pathname, hash } = useLocation();
  const action = useNavigationType();
  const shown = useRef<{ key: string; pathname: string } | null>(null);

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
      if (shown.current) remember(shown.current.key);
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
    if (previous) remember(previous.key);
    shown.current = { key, pathname };
    const newPage = previous !== null && previous.pathname !== pathname;
    const target = action === 'POP' ? positions()[key] : undefined;
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
  }, [key, pathname, hash, action]);
}
