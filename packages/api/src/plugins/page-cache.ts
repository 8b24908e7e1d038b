// Server-rendered storefront pages kept in this process (issue 17): rendering a page costs 25-45 ms
// of CPU (server-render.ts), so without it a burst of shoppers (or a crawler) on the same pages
// would hold the server at a few dozen pages a second while the answers inside them come from the
// catalog cache at thousands. A page is kept only when every GraphQL answer it was rendered from
// is a catalog cache answer (the same for every visitor, announced when it changes), and it lives
// until the catalog cache hears of any change at all (its invalidation sequence moves: a coarse
// rule, but a page holds many answers and changes are rare beside views) or for the cache's time
// limit. Kept as HTML, with each compressed copy made once, when first asked for; requests for a
// page being rendered wait for that render instead of starting their own. Bounded in pages
// (maxEntries) and in bytes (maxBytes: the HTML, its key and its compressed copies), the least
// recently used going first past either.
import {
  MAX_ANSWER_SHARE,
  stringBytes,
  type CatalogAnswerCache,
} from '../modules/catalog-cache/cache';
import { compressPage, pageEncoding } from './server-render';

export const PAGE_CACHE_STATUS_HEADER = 'x-vitrine-page-cache';

/** The entry, its Map slots and its copies' Map, beyond the HTML and the key. */
export const PAGE_OVERHEAD_BYTES = 512;

interface CachedPage {
  key: string;
  html: string;
  markedAt: number;
  expiresAt: number;
  /** Compressed copies by content encoding ('' for none). */
  encoded: Map<string, Buffer | string>;
  /** What keeping it costs now, estimated: grows with each compressed copy. */
  bytes: number;
}

export interface PageCacheLimits {
  /** Pages kept at most (0: none). */
  maxEntries: number;
  /** Their bytes at most, compressed copies included; a page over MAX_ANSWER_SHARE is not kept. */
  maxBytes: number;
  /** How long a page is kept at most, in ms. */
  ttlMs: number;
}

export interface PageCacheStats {
  stored: number;
  /** Pages dropped to make room (past maxEntries or maxBytes). */
  evicted: number;
  /** Pages not kept because they alone cost more than MAX_ANSWER_SHARE of maxBytes. */
  tooLarge: number;
}

export class RenderedPageCache {
  /** Least recently used first. */
  private readonly pages = new Map<string, CachedPage>();
  /** Renders under way, by key: the requests for the same page meanwhile wait for the first. */
  private readonly flights = new Map<string, Promise<void>>();
  #bytes = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly stats: PageCacheStats = { stored: 0, evicted: 0, tooLarge: 0 };

  constructor(
    private readonly catalog: Pick<CatalogAnswerCache, 'mark'>,
    limits: PageCacheLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.maxEntries = limits.maxEntries;
    this.maxBytes = limits.maxBytes;
    this.ttlMs = limits.ttlMs;
  }

  /** The estimated bytes of the pages kept now, compressed copies included. */
  get bytes(): number {
    return this.#bytes;
  }

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
      this.remove(key, page);
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
    const previous = this.pages.get(key);
    if (previous) this.remove(key, previous);
    const bytes = PAGE_OVERHEAD_BYTES + stringBytes(key) + stringBytes(html);
    if (bytes > this.maxBytes * MAX_ANSWER_SHARE) {
      this.stats.tooLarge += 1;
      return null;
    }
    this.makeRoom(bytes, 1);
    const page: CachedPage = {
      key,
      html,
      markedAt,
      expiresAt: this.now() + this.ttlMs,
      encoded: new Map(),
      bytes,
    };
    this.pages.set(key, page);
    this.#bytes += bytes;
    this.stats.stored += 1;
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
    // Still kept (not dropped while it was compressed): the copy is kept with it, and counted.
    const key = page.key;
    if (this.pages.get(key) === page && !page.encoded.has(encoding ?? '')) {
      // The uncompressed body is the page's own string: it costs nothing more.
      const extra = typeof compressed.body === 'string' ? 0 : compressed.body.length;
      if (page.bytes + extra > this.maxBytes * MAX_ANSWER_SHARE) return compressed;
      page.encoded.set(encoding ?? '', compressed.body);
      page.bytes += extra;
      this.#bytes += extra;
      // Others make room for it, the least recently used first; this page stays.
      this.pages.delete(key);
      this.makeRoom(0, 0);
      this.pages.set(key, page);
    }
    return compressed;
  }

  /** Drops the least recently used pages until `bytes` more (and `entries` more) fit. */
  private makeRoom(bytes: number, entries: number): void {
    while (
      this.pages.size > 0 &&
      (this.pages.size + entries > this.maxEntries || this.#bytes + bytes > this.maxBytes)
    ) {
      const [oldestKey, oldest] = this.pages.entries().next().value as [string, CachedPage];
      this.remove(oldestKey, oldest);
      this.stats.evicted += 1;
    }
  }

  private remove(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.#bytes -= page.bytes;
  }
}
