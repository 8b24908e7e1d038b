// The rendered pages' cache: kept until the catalog hears of any change or the time limit, never
// kept when the catalog changed while the page was rendered, the least recently used dropped first,
// each compressed copy made once.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RenderedPageCache } from './page-cache';

function setUp(maxEntries = 3, ttlMs = 60_000) {
  const catalog = { sequence: 0, mark: () => catalog.sequence };
  const clock = { now: 1_000 };
  const cache = new RenderedPageCache(catalog, maxEntries, ttlMs, () => clock.now);
  return { catalog, clock, cache };
}

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
});
