// The Apollo cache a server-rendered page was rendered with, handed over in
// <script type="application/json" id="vitrine-state"> (data, not a script: the CSP allows no
// inline scripts and needs none for it).
import type { NormalizedCacheObject } from '@apollo/client';

export const SERVER_STATE_ID = 'vitrine-state';

/** The cache's contents, or null when the page was not server-rendered or the JSON is broken. */
export function readServerState(element: Element | null): NormalizedCacheObject | null {
  try {
    return JSON.parse(element?.textContent || 'null') as NormalizedCacheObject | null;
  } catch {
    return null;
  }
}
