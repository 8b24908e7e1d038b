// The catalog cache's parts without a server: the tags of an answer and the store's rules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as graphqlModule from 'graphql';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../../plugins/graphql';
import { CatalogAnswerCache, etagOf, parseCatalogNotification } from './cache';
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
    const cache = new CatalogAnswerCache(10, 60_000);
    cache.store('a', '{"a":1}', new Set(['Product:1', 'list:Product']), cache.mark());
    cache.store('b', '{"b":1}', new Set(['Product:2']), cache.mark());
    expect(cache.invalidate(['Product:1'])).toBe(1);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')?.body).toBe('{"b":1}');
    cache.invalidate(['*']);
    expect(cache.get('b')).toBeNull();
  });

  it('does not keep an answer whose tags changed while it was computed', () => {
    const cache = new CatalogAnswerCache(10, 60_000);
    const marked = cache.mark();
    cache.invalidate(['Product:1']);
    expect(cache.store('a', '{}', new Set(['Product:1']), marked)).toBeNull();
    expect(cache.stats.discarded).toBe(1);
    // A change to something else does not stop it.
    expect(cache.store('b', '{}', new Set(['Product:2']), marked)).not.toBeNull();
  });

  it('forgets answers past their time and the oldest past its size', () => {
    let now = 0;
    const cache = new CatalogAnswerCache(2, 1_000, () => now);
    cache.store('a', '1', new Set(['x']), cache.mark());
    cache.store('b', '2', new Set(['x']), cache.mark());
    cache.store('c', '3', new Set(['x']), cache.mark());
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')?.body).toBe('3');
    now = 1_000;
    expect(cache.get('c')).toBeNull();
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
