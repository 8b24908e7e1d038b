// Asks before leaving with unsaved changes: links and navigate() inside the app (the router's
// navigator is wrapped while `when` holds), and closing or reloading the tab (beforeunload).
// react-router's useBlocker needs a data router; the app mounts a BrowserRouter, so the
// navigator is wrapped instead (the browser's back button is not intercepted).
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Navigate = (...args: unknown[]) => void;
interface Wrappable {
  push: Navigate;
  replace: Navigate;
}

export interface LeaveGuard {
  /** A navigation is waiting for the staff member's answer. */
  asking: boolean;
  /** Leave anyway. */
  proceed(): void;
  /** Stay on the page. */
  stay(): void;
  /** Lets the next navigation through (after a save, before the new state has rendered). */
  release(): void;
}

/** Routes push/replace through `intercept`; returns the function that puts them back. */
function wrapNavigator(navigator: Wrappable, intercept: (go: () => void) => void): () => void {
  const { push, replace } = navigator;
  navigator.push = (...args) => intercept(() => push.apply(navigator, args));
  navigator.replace = (...args) => intercept(() => replace.apply(navigator, args));
  return () => {
    navigator.push = push;
    navigator.replace = replace;
  };
}

export function useLeaveGuard(when: boolean): LeaveGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const released = useRef(false);

  useEffect(() => {
    if (!when) return undefined;
    released.current = false;
    const unwrap = wrapNavigator(navigator as unknown as Wrappable, (go) => {
      if (released.current) go();
      else setPending(() => go);
    });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers need a value to show their own question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unwrap();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigator, when]);

  const proceed = useCallback(() => {
    released.current = true;
    setPending(null);
    pending?.();
  }, [pending]);
  const stay = useCallback(() => setPending(null), []);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { asking: pending !== null, proceed, stay, release };
}
