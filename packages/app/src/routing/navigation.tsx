// Navigation from outside React (the auth session's logout) into the router, including a
// navigation asked for before the router has mounted (the start-up refresh can fail first).
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { createNavigationQueue, type NavigationQueue } from './navigationQueue';

export interface AppNavigation {
  /** Goes to `path` (a push, like a link); queued until the router is mounted. */
  navigate: (path: string) => void;
  /** Render inside the router: connects `navigate` to it. */
  Bridge: () => null;
}

export function createAppNavigation(
  queue: NavigationQueue = createNavigationQueue(),
): AppNavigation {
  function Bridge() {
    const navigate = useNavigate();
    // A passive effect: it runs after the router (a parent) has subscribed to its history.
    useEffect(() => queue.connect((path) => void navigate(path)), [navigate]);
    return null;
  }

  return { navigate: queue.navigate, Bridge };
}
