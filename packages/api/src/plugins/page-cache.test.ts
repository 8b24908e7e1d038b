// The rendered pages' cache: kept until the catalog hears of any change or the time limit, never
// kept when the catalog changed while the page was rendered, the least recently used dropped first,
// each compressed copy made once.
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_OVERHEAD_BYTES, RenderedPageCache } from './page-cache';

function setUp(maxEntries = 3, ttlMs = 60_000, maxBytes = Infinity) {
  const catalog = { sequence: 0, mark: () => catalog.sequence };
  const clock = { now: 1_000 };
  const cache = new RenderedPageCache(catalog, { maxEntries, maxBytes, ttlMs }, () => clock.now);
  return { catalog, clock, cache };
}

/** What a page of `html` under `key` costs before any compressed copy. */
const pageBytes = (key: string, html: string) => PAGE_OVERHEAD_BYTES + key.length + html.length;

describe('RenderedPageCache', () => {
  it('gives a kept page back until the catalog changes', () => {
    const { catalog, cache } = setUp();
    expect(cache.store('/produto/a', '<main>A</main>', cache.mark())?.html).toBe('<main>A</main>');
    expect(cache.get('/produto/a')?.html).toBe('<main>A</main>');
    expect(cache.get('/produto/b')).toBeNull();
    catalog.sequence += 1; // any invalidation of the catalog cache
    expect(cache.get('/produto/a')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('does not keep a page the catalog changed under while it was rendered', () => {
    const { catalog, cache } = setUp();
    const markedAt = cache.mark();
    catalog.sequence += 1;
    expect(cache.store('/produto/a', '<main>old price</main>', markedAt)).toBeNull();
    expect(cache.get('/produto/a')).toBeNull();
  });

  it('drops a page older than the time limit', () => {
    const { clock, cache } = setUp(3, 5_000);
    cache.store('/', '<main>home</main>', cache.mark());
    clock.now += 4_999;
    expect(cache.get('/')).not.toBeNull();
    clock.now += 1;
    expect(cache.get('/')).toBeNull();
  });

  it('keeps at most maxEntries pages, dropping the least recently used', () => {
    const { cache } = setUp(2);
    cache.store('/a', 'a', cache.mark());
    cache.store('/b', 'b', cache.mark());
    expect(cache.get('/a')).not.toBeNull(); // /a used after /b
    cache.store('/c', 'c', cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('/b')).toBeNull();
    expect(cache.get('/a')?.html).toBe('a');
    expect(cache.get('/c')?.html).toBe('c');
  });

  it('keeps nothing when made with no entries', () => {
    const { cache } = setUp(0);
    expect(cache.store('/', 'x', cache.mark())).toBeNull();
    expect(cache.get('/')).toBeNull();
  });

  it('lets the requests for a page being rendered wait for that render', async () => {
    const { cache } = setUp();
    expect(await cache.getAfterFlight('/produto/a')).toBeNull(); // nothing kept, nothing under way
    const end = cache.begin('/produto/a');
    const waiting = cache.getAfterFlight('/produto/a');
    cache.store('/produto/a', '<main>A</main>', cache.mark());
    end();
    expect((await waiting)?.html).toBe('<main>A</main>');

    // A render that kept nothing (an answer that was not shared): the waiter renders its own.
    const endB = cache.begin('/produto/b');
    const waitingB = cache.getAfterFlight('/produto/b');
    endB();
    expect(await waitingB).toBeNull();
  });

  it('compresses a page once per encoding the browsers ask for', async () => {
    const { cache } = setUp();
    const html = `<main>${'Tênis de corrida '.repeat(200)}</main>`;
    cache.store('/produto/tenis', html, cache.mark());
    const page = cache.get('/produto/tenis')!;
    const br = await cache.encode(page, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(html);
    expect((await cache.encode(page, 'br')).body).toBe(br.body);
    const gzip = await cache.encode(page, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(html);
    expect((await cache.encode(page, 'gzip')).body).toBe(gzip.body);
    expect(await cache.encode(page, undefined)).toEqual({ body: html, encoding: null });
  });

  describe('bounded in bytes', () => {
    const html = (letter: string, length = 10_000) => `<main>${letter.repeat(length)}</main>`;

    it('drops the least recently used pages until a new one fits, and counts them right', () => {
      const each = pageBytes('/a', html('a'));
      // Room for 16 such pages (a page may take an eighth: 2 of them).
      const { catalog, cache } = setUp(100, 60_000, each * 16);
      const keys = [...'abcdefghijklmnop'].map((letter) => `/${letter}`);
      for (const key of keys) cache.store(key, html(key[1]!), cache.mark());
      expect(cache.size).toBe(16);
      expect(cache.bytes).toBe(each * 16);
      expect(cache.get('/a')).not.toBeNull(); // /a used: /b is the least recently used
      cache.store('/q', html('q'), cache.mark());
      expect(cache.get('/b')).toBeNull();
      expect(cache.get('/a')).not.toBeNull();
      expect(cache.stats.evicted).toBe(1);
      expect(cache.bytes).toBe(each * 16);
      // Any change of the catalog: each page read again goes, and gives its bytes back.
      catalog.sequence += 1;
      expect(cache.get('/a')).toBeNull();
      expect(cache.bytes).toBe(each * 15);
    });

    it('counts each compressed copy, and makes room for it from the others', async () => {
      // Pages that compress badly (random letters: ~4.7 bits each), so the copies weigh.
      const noise = () =>
        [...randomBytes(5_000)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
      const pages = [...'abcdefghijklmnop'].map((letter) => ({
        key: `/${letter}`,
        html: noise(),
      }));
      const each = pageBytes('/a', pages[0]!.html);
      // Sixteen pages fit, but not with a brotli copy of one (~60 % of a page) besides.
      const { cache } = setUp(100, 60_000, Math.floor(each * 16.5));
      for (const page of pages) cache.store(page.key, page.html, cache.mark());
      expect(cache.size).toBe(16);
      const first = cache.get('/a')!;
      const { body } = await cache.encode(first, 'br');
      const copy = (body as Buffer).length;
      expect(copy).toBeGreaterThan(each * 0.5);
      // /b, the least recently used, made room; /a keeps its copy (compressed once).
      expect(cache.bytes).toBe(each * 15 + copy);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
      expect(cache.get('/b')).toBeNull();
      expect(cache.get('/c')).not.toBeNull();
      expect((await cache.encode(cache.get('/a')!, 'br')).body).toBe(body);
      expect(cache.stats.evicted).toBe(1);
      // The uncompressed body is the page itself: it costs nothing more.
      const before = cache.bytes;
      await cache.encode(cache.get('/c')!, undefined);
      expect(cache.bytes).toBe(before);
    });

    it('does not keep a page that alone costs more than its share of the budget', () => {
      const each = pageBytes('/a', html('a'));
      const { cache } = setUp(100, 60_000, each * 16);
      cache.store('/a', html('a'), cache.mark());
      // Two pages' worth is the share (an eighth); one character more is too much.
      const oversized = html('z', 10_000 + each + 1);
      expect(pageBytes('/z', oversized)).toBe(each * 2 + 1);
      expect(cache.store('/z', oversized, cache.mark())).toBeNull();
      expect(cache.get('/z')).toBeNull();
      expect(cache.stats.tooLarge).toBe(1);
      expect(cache.get('/a')).not.toBeNull();
      expect(cache.bytes).toBe(each);
    });
  });
});
