// Server-rendered storefront pages kept in this process (issue 17): rendering a page costs 25-45 ms
// of CPU (server-render.ts), so without it a burst of shoppers (or a crawler) on the same pages
// would hold the server at a few dozen pages a second while the answers inside them come from the
// catalog cache at thousands. A page is kept only when every GraphQL answer it was rendered from
// is a catalog cache answer (the same for every visitor, announced when it changes), and it lives
// until the catalog cache hears of any change at all (its invalidation sequence moves: a coarse
// rule, but a page holds many answers and changes are rare beside views) or for the cache's time
// limit. Kept as HTML, with each compressed copy made once, when first asked for; requests for a
// page being rendered wait for that render instead of starting their own.
import type { CatalogAnswerCache } from '../modules/catalog-cache/cache';
import { compressPage, pageEncoding } from './server-render';

export const PAGE_CACHE_STATUS_HEADER = 'x-vitrine-page-cache';

interface CachedPage {
  html: string;
  markedAt: number;
  expiresAt: number;
  /** Compressed copies by content encoding ('' for none). */
  encoded: Map<string, Buffer | string>;
}

export class RenderedPageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** Renders under way, by key: the requests for the same page meanwhile wait for the first. */
  private readonly flights = new Map<string, Promise<void>>();

  constructor(
    private readonly catalog: Pick<CatalogAnswerCache, 'mark'>,
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Take before rendering; hand back to `store` with the page rendered after. */
  mark(): number {
    return this.catalog.mark();
  }

  get size(): number {
    return this.pages.size;
  }

  /** The page kept for `key`, or null (never kept, or the catalog changed since, or too old). */
  get(key: string): CachedPage | null {
    const page = this.pages.get(key);
    if (!page) return null;
    if (page.markedAt !== this.catalog.mark() || page.expiresAt <= this.now()) {
      this.pages.delete(key);
      return null;
    }
    // Most recently used last: the first key is the one to drop when full.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Keeps a page rendered after `markedAt` (and returns it), unless the catalog changed meanwhile. */
  store(key: string, html: string, markedAt: number): CachedPage | null {
    if (this.maxEntries <= 0 || markedAt !== this.catalog.mark()) return null;
    this.pages.delete(key);
    while (this.pages.size >= this.maxEntries) {
      const oldest = this.pages.keys().next();
      if (oldest.done) break;
      this.pages.delete(oldest.value);
    }
    const page: CachedPage = {
      html,
      markedAt,
      expiresAt: this.now() + this.ttlMs,
      encoded: new Map(),
    };
    this.pages.set(key, page);
    return page;
  }

  /**
   * Announces a render of `key`; call the function returned when it is over (kept or not). Many
   * shoppers opening the same page at once (a campaign's link) cost one render, not one each.
   */
  begin(key: string): () => void {
    let end!: () => void;
    const flight = new Promise<void>((resolve) => {
      end = resolve;
    });
    this.flights.set(key, flight);
    return () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
      end();
    };
  }

  /** The page kept for `key`, after the render of it under way (if any) is over. */
  async getAfterFlight(key: string): Promise<CachedPage | null> {
    const kept = this.get(key);
    if (kept) return kept;
    const flight = this.flights.get(key);
    if (!flight) return null;
    await flight;
    return this.get(key);
  }

  /** The page compressed as the browser accepts, compressed once per encoding. */
  async encode(
    page: CachedPage,
    acceptEncoding: string | undefined,
  ): Promise<{ body: Buffer | string; encoding: 'br' | 'gzip' | null }> {
    const encoding = pageEncoding(acceptEncoding);
    const kept = page.encoded.get(encoding ?? '');
    if (kept !== undefined) return { body: kept, encoding };
    const compressed = await compressPage(page.html, acceptEncoding);
    page.encoded.set(encoding ?? '', compressed.body);
    return compressed;
  }
}
