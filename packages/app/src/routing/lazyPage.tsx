// A route's screen loaded on demand (React.lazy), which can also be fetched ahead of rendering
// (preload) and is fetched anew on the next render after its chunk failed to load. A page whose
// chunk is already loaded when it mounts renders at once, without suspending: the server renders
// the storefront's pages after preloading them (entry-server.tsx), and the browser hydrates that
// HTML after preloading the same chunks, so both render the same tree on the first pass.
import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage {
  /** Render this as the route's element. */
  Component: ComponentType;
  /** Starts fetching the chunk (idempotent); resolves once the screen is ready. */
  preload: () => Promise<ComponentType>;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let pending: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (pending ??= load()
      .then((component) => (loaded = component))
      .catch((error: unknown) => {
        // A failed fetch (a chunk gone after a deploy, a lost connection) is tried again next time.
        pending = undefined;
        current = makeLazy();
        throw error;
      }));
  const makeLazy = (): LazyExoticComponent<ComponentType> =>
    lazy(() => preload().then((component) => ({ default: component })));
  let current = makeLazy();

  function LazyRoute() {
    // Decided once per mount: the same component for the life of the route's element.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready />;
    const Current = current;
    return <Current />;
  }
  return { Component: LazyRoute, preload };
}
