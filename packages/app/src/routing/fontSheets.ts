// The fonts on a server-rendered page: the server inlines their faces with font-display: optional
// (a font that has not arrived by the first paint is not swapped in, so the page never moves) and
// leaves the style sheet's link disabled (server-render.ts). A face that missed that moment stays
// unused for the whole visit, every later page included. So once the shopper goes to another page
// (a navigation: the page changes anyway, and the font is in the cache by then), the style sheet
// is enabled, with font-display: swap, and the next pages get the store's font.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Enables the page's disabled style sheets, moved to the end of the head: of two faces with the
 * same descriptors the later one is used, and the inline copy comes after the link. Returns how
 * many it enabled.
 */
export function enableInlinedStyleSheets(doc: Document = document): number {
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
  for (const link of links) {
    link.removeAttribute('disabled');
    doc.head.appendChild(link);
  }
  return links.length;
}

/** On the first navigation away from the page the visit started on, enables the style sheets. */
export function useFontSheetsOnNavigation(): void {
  const { key } = useLocation();
  const first = useRef(key);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || key === first.current) return;
    done.current = true;
    enableInlinedStyleSheets();
  }, [key]);
}
