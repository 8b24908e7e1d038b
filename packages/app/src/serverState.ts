// The Apollo cache a server-rendered page was rendered with, handed over in
// <script type="application/json" id="vitrine-state"> (data, not a script: the CSP allows no
// inline scripts and needs none for it).

export const SERVER_STATE_ID = 'vitrine-state';

/** The cache's contents, or null when the page was not server-rendered or the JSON is broken. */
export function readServerState(element: Element | null): Record<string, unknown> | null {
  const text = element?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
