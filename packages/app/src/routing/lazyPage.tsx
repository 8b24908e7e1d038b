// A route's screen loaded on demand (React.lazy), which can also be fetched ahead of rendering
// (preload) and is fetched anew on the next render after its chunk failed to load.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage {
  /** Render this as the route's element. */
  Component: ComponentType;
  /** Starts fetching the chunk (idempotent); resolves once the screen is ready. */
  preload: () => Promise<ComponentType>;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().catch((error: unknown) => {
      // A failed fetch (a chunk gone after a deploy, a lost connection) is tried again next time.
      pending = undefined;
      current = makeLazy();
      throw error;
    }));
  const makeLazy = (): LazyExoticComponent<ComponentType> =>
    lazy(() => preload().then((component) => ({ default: component })));
  let current = makeLazy();

  function LazyRoute() {
    const Current = current;
    return <Current />;
  }
  return { Component: LazyRoute, preload };
}
