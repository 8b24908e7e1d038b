// The catalog cache's parts without a server: the tags of an answer and the store's rules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as graphqlModule from 'graphql';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../../plugins/graphql';
import {
  answerBytes,
  CatalogAnswerCache,
  etagOf,
  MAX_ANSWER_SHARE,
  parseCatalogNotification,
  stringBytes,
} from './cache';
import { answerTags, isCacheableOperation, selectOperation } from './tags';

// Built as Mercurius builds it (graphql's CommonJS copy), as tags.ts expects.
const { buildSchema } = createRequire(import.meta.url)('graphql') as typeof graphqlModule;
const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));

function tagsOf(source: string, data: Record<string, unknown>, operationName?: string) {
  const document = parse(source);
  const operation = selectOperation(document, operationName)!;
  const tags = answerTags(schema, document, operation, data as never);
  return tags ? [...tags].sort() : null;
}

describe('answerTags', () => {
  it('names each entity by its id, whatever the alias or fragment it came through', () => {
    const source = `query P { item: product(slug: "a") { ...Card brand { key: id name } } }
      fragment Card on Product { id name variants { sku } }`;
    expect(
      tagsOf(source, {
        item: { id: 'p1', name: 'A', variants: [{ sku: 'X' }], brand: { key: 'b1', name: 'B' } },
      }),
    ).toEqual(['Brand:b1', 'Product:p1']);
  });

  it('names the type when the id was not asked, and lists of entities as lists', () => {
    expect(
      tagsOf('query L { products(first: 2) { nodes { slug brand { name } } } }', {
        products: { nodes: [{ slug: 'a', brand: { name: 'B' } }] },
      }),
    ).toEqual(['Brand', 'Product', 'list:Product']);
  });

  it('marks a look-up that found nothing with its list (a new entity may match it later)', () => {
    expect(tagsOf('query P { product(slug: "x") { id } }', { product: null })).toEqual([
      'list:Product',
    ]);
  });

  it('makes counts of products depend on product lists', () => {
    expect(
      tagsOf('query B { brand(slug: "b") { id productCount } }', {
        brand: { id: 'b1', productCount: 3 },
      }),
    ).toEqual(['Brand:b1', 'list:Product']);
  });

  it('adds the root fields’ own dependencies', () => {
    expect(
      tagsOf('query H { storeSettings { storeName } bestSellers(first: 1) { id } }', {
        storeSettings: { storeName: 'Loja' },
        bestSellers: [{ id: 'p1' }],
      }),
    ).toEqual(['Product:p1', 'StoreSettings', 'bestSellers', 'list:Product']);
  });
});

describe('isCacheableOperation', () => {
  const cacheable = (source: string, name?: string) => {
    const document = parse(source);
    return isCacheableOperation(document, selectOperation(document, name)!);
  };
  it('accepts queries of catalog reads only', () => {
    expect(cacheable('query { brands { id } categories { id } }')).toBe(true);
    expect(cacheable('query { storeSettings { storeName } paymentMethods { method } }')).toBe(true);
    expect(cacheable('query { ...Root } fragment Root on Query { products { totalCount } }')).toBe(
      true,
    );
    expect(cacheable('query { brands { id } me { id } }')).toBe(false);
    expect(cacheable('query { shippingQuote(postalCode: "01310100", items: []) { name } }')).toBe(
      false,
    );
    expect(cacheable('mutation { productDelete(id: "1") }')).toBe(false);
    expect(cacheable('query A { brands { id } } mutation B { productDelete(id: "1") }', 'B')).toBe(
      false,
    );
  });

  it("accepts the product page's offer (cartPreview of items alone), never with a CEP or coupon", () => {
    expect(
      cacheable(
        'query Offer($items: [CartItemInput!]!) { cartPreview(items: $items) { pixTotalCents } }',
      ),
    ).toBe(true);
    expect(
      cacheable('query { cartPreview(items: [], postalCode: "01310100") { totalCents } }'),
    ).toBe(false);
    expect(
      cacheable('query { cartPreview(items: [], couponCode: "BEMVINDO") { totalCents } }'),
    ).toBe(false);
    expect(
      cacheable('query { cartPreview(items: [], shippingMethodId: "1") { totalCents } }'),
    ).toBe(false);
  });
});

describe('CatalogAnswerCache', () => {
  it('drops exactly the answers holding a changed tag', () => {
    const cache = new CatalogAnswerCache({ maxEntries: 10, maxBytes: Infinity, ttlMs: 60_000 });
    cache.store('a', '{"a":1}', new Set(['Product:1', 'list:Product']), cache.mark());
    cache.store('b', '{"b":1}', new Set(['Product:2']), cache.mark());
    expect(cache.invalidate(['Product:1'])).toBe(1);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')?.body).toBe('{"b":1}');
    cache.invalidate(['*']);
    expect(cache.get('b')).toBeNull();
  });

  it('does not keep an answer whose tags changed while it was computed', () => {
    const cache = new CatalogAnswerCache({ maxEntries: 10, maxBytes: Infinity, ttlMs: 60_000 });
    const marked = cache.mark();
    cache.invalidate(['Product:1']);
    expect(cache.store('a', '{}', new Set(['Product:1']), marked)).toBeNull();
    expect(cache.stats.discarded).toBe(1);
    // A change to something else does not stop it.
    expect(cache.store('b', '{}', new Set(['Product:2']), marked)).not.toBeNull();
  });

  it('forgets answers past their time and the least recently used past its size', () => {
    let now = 0;
    const cache = new CatalogAnswerCache(
      { maxEntries: 2, maxBytes: Infinity, ttlMs: 1_000 },
      () => now,
    );
    cache.store('a', '1', new Set(['x']), cache.mark());
    cache.store('b', '2', new Set(['x']), cache.mark());
    expect(cache.get('a')?.body).toBe('1'); // a used after b: b is the least recently used
    cache.store('c', '3', new Set(['x']), cache.mark());
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')?.body).toBe('1');
    expect(cache.get('c')?.body).toBe('3');
    expect(cache.stats.evicted).toBe(1);
    now = 1_000;
    expect(cache.get('c')).toBeNull();
  });

  describe('bounded in bytes', () => {
    const tags = new Set(['Product:1', 'list:Product']);
    /** What an answer of `length` characters under a one-letter key costs. */
    const cost = (key: string, body: string) => answerBytes(key, body, etagOf(body), tags);
    const body = (letter: string, length = 1_000) => letter.repeat(length);

    it('counts what each answer costs: its body, key, validator and tags', () => {
      const cache = new CatalogAnswerCache({ maxEntries: 10, maxBytes: 1e9, ttlMs: 60_000 });
      cache.store('a', body('a'), tags, cache.mark());
      cache.store('b', body('b', 2_000), tags, cache.mark());
      expect(cache.bytes).toBe(cost('a', body('a')) + cost('b', body('b', 2_000)));
      expect(cost('a', body('a', 2_000)) - cost('a', body('a'))).toBe(1_000);
      // Characters outside Latin-1 take two bytes each in V8.
      expect(stringBytes('ação')).toBe(4);
      expect(stringBytes('R$ 1.234,56 – à vista')).toBe(42);
    });

    it('drops the least recently used answers until a new one fits', () => {
      const each = cost('a', body('a'));
      // Room for 16 answers of this size; one answer may take an eighth of it (2 of them).
      const cache = new CatalogAnswerCache({
        maxEntries: 100,
        maxBytes: each * 16,
        ttlMs: 60_000,
      });
      const keys = 'abcdefghijklmnop';
      for (const key of keys) cache.store(key, body(key), tags, cache.mark());
      expect(cache.size).toBe(16);
      expect(cache.bytes).toBe(each * 16);
      expect(cache.get('a')).not.toBeNull(); // a used: b is now the least recently used
      cache.store('q', body('q'), tags, cache.mark());
      expect(cache.get('b')).toBeNull();
      expect(cache.get('a')).not.toBeNull();
      expect(cache.size).toBe(16);
      expect(cache.stats.evicted).toBe(1);
      // An answer of twice the size takes the room of the next two least recently used (c, d).
      const large = body('r', 1_000 + each);
      expect(cost('r', large)).toBe(each * 2);
      expect(cache.store('r', large, tags, cache.mark())).not.toBeNull();
      expect(cache.get('c')).toBeNull();
      expect(cache.get('d')).toBeNull();
      expect(cache.get('e')).not.toBeNull();
      expect(cache.get('r')?.body).toBe(large);
      expect(cache.size).toBe(15);
      expect(cache.stats.evicted).toBe(3);
      expect(cache.bytes).toBe(each * 16);
    });

    it('does not keep an answer that alone costs more than its share of the budget', () => {
      const each = cost('a', body('a'));
      const cache = new CatalogAnswerCache({
        maxEntries: 100,
        maxBytes: each * 16,
        ttlMs: 60_000,
      });
      cache.store('a', body('a'), tags, cache.mark());
      // One byte over its share (an eighth: two answers' worth).
      const oversized = body('z', 1_001 + each * (16 * MAX_ANSWER_SHARE - 1));
      expect(cost('z', oversized)).toBe(each * 16 * MAX_ANSWER_SHARE + 1);
      expect(cache.store('z', oversized, tags, cache.mark())).toBeNull();
      expect(cache.get('z')).toBeNull();
      expect(cache.stats.tooLarge).toBe(1);
      // Nothing else was dropped for it.
      expect(cache.get('a')?.body).toBe(body('a'));
      expect(cache.bytes).toBe(each);
      expect(cache.stats.stored).toBe(1);
      // A budget of 0 keeps nothing.
      const none = new CatalogAnswerCache({ maxEntries: 100, maxBytes: 0, ttlMs: 60_000 });
      expect(none.store('a', '{}', tags, none.mark())).toBeNull();
      expect(none.size).toBe(0);
    });

    it('gives the bytes back when answers go: invalidated, replaced, expired or all at once', () => {
      let now = 0;
      const cache = new CatalogAnswerCache(
        { maxEntries: 10, maxBytes: 1e9, ttlMs: 1_000 },
        () => now,
      );
      cache.store('a', body('a'), new Set(['Product:1']), cache.mark());
      cache.store('b', body('b'), new Set(['Product:2']), cache.mark());
      const b = answerBytes('b', body('b'), etagOf(body('b')), ['Product:2']);
      expect(cache.invalidate(['Product:1'])).toBe(1);
      expect(cache.bytes).toBe(b);
      // Stored again under the same key: counted once, at its new size.
      cache.store('b', body('b', 3_000), new Set(['Product:2']), cache.mark());
      expect(cache.size).toBe(1);
      expect(cache.bytes).toBe(
        answerBytes('b', body('b', 3_000), etagOf(body('b', 3_000)), ['Product:2']),
      );
      now = 1_000;
      expect(cache.get('b')).toBeNull();
      expect(cache.bytes).toBe(0);
      cache.store('c', body('c'), new Set(['Product:3']), cache.mark());
      cache.clear();
      expect(cache.bytes).toBe(0);
      expect(cache.size).toBe(0);
      expect(cache.stats.evicted).toBe(0);
    });
  });

  it('gives each body a strong validator', () => {
    expect(etagOf('{"a":1}')).toMatch(/^"[\w-]{27}"$/);
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });

  it('reads the tags of a notification', () => {
    expect(parseCatalogNotification('Product:1  list:Product ')).toEqual([
      'Product:1',
      'list:Product',
    ]);
  });
});
