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
    // data-s: already where they belong (the head, in order), so the browser's cache only reads
    // them instead of moving each to the end of the head as it starts (a style recalculation
    // inside the first visit's longest task: ~15 ms at the bench's 4× CPU).
    styleTags: (html) =>
      server
        .constructStyleTagsFromChunks(server.extractCriticalToChunks(html))
        .replace(/<style data-emotion="([^"]*)"/g, '<style data-emotion="$1" data-s=""'),
  };
}
