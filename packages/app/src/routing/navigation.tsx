// Navigation from outside React (the auth session's logout) into the router, including a
// navigation asked for before the router has mounted (the start-up refresh can fail first).
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

export interface AppNavigation {
  /** Goes to `path` (a push, like a link); queued until the router is mounted. */
  navigate: (path: string) => void;
  /** Render inside the router: connects `navigate` to it. */
  Bridge: () => null;
}

export function createAppNavigation(): AppNavigation {
  let routerNavigate: ((path: string) => void) | null = null;
  let queued: string | null = null;

  function Bridge() {
    const navigate = useNavigate();
    // A passive effect: it runs after the router (a parent) has subscribed to its history.
    useEffect(() => {
      routerNavigate = (path) => void navigate(path);
      if (queued !== null) {
        const path = queued;
        queued = null;
        routerNavigate(path);
      }
      return () => {
        routerNavigate = null;
      };
    }, [navigate]);
    return null;
  }

  return {
    navigate(path) {
      if (routerNavigate) routerNavigate(path);
      else queued = path;
    },
    Bridge,
  };
}
