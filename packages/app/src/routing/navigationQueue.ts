// Navigation asked for from outside React (the auth session's logout), kept until the router can
// take it. Free of the router itself: main.tsx creates it with the session, before the router's
// modules have been evaluated (the app boots in two steps, see main.tsx).
export interface NavigationQueue {
  /** Goes to `path` (a push, like a link); queued until a router is connected. */
  navigate: (path: string) => void;
  /** Connects the router's navigate (a queued path goes at once); returns the disconnect. */
  connect: (routerNavigate: (path: string) => void) => () => void;
}

export function createNavigationQueue(): NavigationQueue {
  let routerNavigate: ((path: string) => void) | null = null;
  let queued: string | null = null;
  return {
    navigate(path) {
      if (routerNavigate) routerNavigate(path);
      else queued = path;
    },
    connect(navigate) {
      routerNavigate = navigate;
      if (queued !== null) {
        const path = queued;
        queued = null;
        navigate(path);
      }
      return () => {
        if (routerNavigate === navigate) routerNavigate = null;
      };
    },
  };
}
