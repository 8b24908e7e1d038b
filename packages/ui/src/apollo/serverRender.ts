// Whether the tree is being rendered by the server (packages/app entry-server.tsx) to send a
// storefront page with its data in it. Most screens need nothing of it: useQuery's answers are
// collected by Apollo's getMarkupFromTree. A screen that loads its data in an effect (the
// listing's pages, one after the other) asks for its first answer here so the server waits for it.
import { createContext, useContext } from 'react';

export const ServerRenderContext = createContext(false);

export function useIsServerRender(): boolean {
  return useContext(ServerRenderContext);
}
