// MUI's styles on the server (Emotion's "critical CSS" extraction): the server renders a page
// inside an Emotion cache of its own, then takes the rules the page's markup uses as <style
// data-emotion="css ..."> tags for the document's head. In the browser, Emotion's default cache
// (key 'css') adopts those tags when it starts, so hydration inserts none of them again.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';

export interface ServerStyles {
  /** Wrap the page's tree in this, one per request. */
  Provider: (props: { children: ReactNode }) => ReactNode;
  /** The <style> tags for the rules `html` uses (after rendering it). */
  styleTags(html: string): string;
}

export function createServerStyles(): ServerStyles {
  const cache = createCache({ key: 'css' });
  const server = createEmotionServer(cache);
  return {
    Provider: ({ children }) => <CacheProvider value={cache}>{children}</CacheProvider>,
    styleTags: (html) => server.constructStyleTagsFromChunks(server.extractCriticalToChunks(html)),
  };
}
