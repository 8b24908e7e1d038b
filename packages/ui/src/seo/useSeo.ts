// A small head manager: each page sets its title, description, canonical URL, Open Graph tags
// and JSON-LD; they are restored when the page unmounts, so the next page starts clean. The
// server's JSON-LD (packages/api seo.page.ts) describes the first page only: the first page to
// set its head removes it for good, so structured data is never there twice.
import { titleWithStore } from '@vitrine/rules';
import { useEffect } from 'react';

export interface SeoOptions {
  /** The page's own title; the store name is appended ('Camiseta | Vitrine'). */
  title: string;
  description?: string | null;
  /** Path or absolute URL of the canonical page; made absolute with the current origin. */
  canonicalPath?: string | null;
  /** Open Graph image (absolute or path). */
  image?: string | null;
  /** 'website' by default; 'product' on product pages. */
  type?: 'website' | 'product';
  /** JSON-LD objects (Product, BreadcrumbList...). */
  jsonLd?: object[];
  /** Appended to the title; none when empty. */
  siteName?: string;
  /** Keep search engines out (cart, checkout, order pages). */
  noIndex?: boolean;
}

const MANAGED = 'data-vitrine-seo';

/** The page's origin; on the server (which never applies a head: useSeo works in an effect) a stand-in. */
function pageOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

export function absoluteUrl(pathOrUrl: string, origin = pageOrigin()): string {
  return new URL(pathOrUrl, origin).href;
}

export function fullTitle(title: string, siteName?: string): string {
  return siteName ? titleWithStore(title, siteName) : title;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  const element = document.createElement('meta');
  element.setAttribute(attribute, key);
  element.setAttribute('content', content);
  element.setAttribute(MANAGED, '');
  document.head.appendChild(element);
}

/** Sets the document head for the page; pass a stable (memoised or primitive-built) object. */
export function applySeo(options: SeoOptions): () => void {
  const previousTitle = document.title;
  // Tags another page left (or the server rendered) would contradict this page's.
  const hidden: Element[] = [];
  for (const element of document.head.querySelectorAll(
    'meta[name="description"], link[rel="canonical"], meta[property^="og:"], meta[name="robots"]',
  )) {
    if (!element.hasAttribute(MANAGED)) {
      hidden.push(element);
      element.remove();
    }
  }
  for (const element of document.head.querySelectorAll(
    `script[type="application/ld+json"]:not([${MANAGED}])`,
  )) {
    element.remove();
  }
  const title = fullTitle(options.title, options.siteName);
  document.title = title;
  if (options.description) {
    setMeta('name', 'description', options.description);
    setMeta('property', 'og:description', options.description);
  }
  if (options.noIndex) setMeta('name', 'robots', 'noindex, nofollow');
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:type', options.type ?? 'website');
  setMeta('property', 'og:locale', 'pt_BR');
  if (options.siteName) setMeta('property', 'og:site_name', options.siteName);
  if (options.canonicalPath) {
    const href = absoluteUrl(options.canonicalPath);
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = href;
    link.setAttribute(MANAGED, '');
    document.head.appendChild(link);
    setMeta('property', 'og:url', href);
  }
  if (options.image && !options.image.startsWith('data:')) {
    setMeta('property', 'og:image', absoluteUrl(options.image));
  }
  for (const data of options.jsonLd ?? []) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    // '<' escaped so a product name can never close the script element.
    script.text = JSON.stringify(data).replace(/</g, '\\u003c');
    script.setAttribute(MANAGED, '');
    document.head.appendChild(script);
  }
  return () => {
    for (const element of document.head.querySelectorAll(`[${MANAGED}]`)) element.remove();
    for (const element of hidden) document.head.appendChild(element);
    document.title = previousTitle;
  };
}

/** Applies `options` to the document head while the calling page is mounted. */
export function useSeo(options: SeoOptions | null): void {
  // Serialised so callers may pass object literals without re-applying on every render.
  const key = options === null ? null : JSON.stringify(options);
  useEffect(() => {
    if (key === null) return undefined;
    return applySeo(JSON.parse(key) as SeoOptions);
  }, [key]);
}
