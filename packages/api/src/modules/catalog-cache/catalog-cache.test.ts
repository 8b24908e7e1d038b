// The shared cache of anonymous catalog reads (issue 17, item 2): what is kept, what is never
// kept, and that a change made by staff or by a sale reaches the answers holding it (and only
// them) within a second, on the embedded database and on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import { insertBrand, insertCategory, insertProduct } from '../catalog/catalog.fixtures';
import { TokenService } from '../auth/tokens';
import { CACHE_STATUS_HEADER } from './catalog-cache.plugin';

let ctx: TestContext;
let admin: SignedInStaff;
const ids = { aurora: '', boreal: '', camisetas: '', auroraProduct: '', auroraVariant: '' };

const PRODUCT_PAGE = `query ProductPage($slug: String!) {
  product(slug: $slug) { id name variants { id sku priceCents stock } brand { id name } }
}`;
const LISTING = `query Listing($brandSlugs: [String!]) {
  products(filter: { brandSlugs: $brandSlugs }, first: 20) {
    totalCount
    nodes { id slug name minPriceCents inStock }
  }
}`;

async function ask(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/graphql/',
    headers,
    payload: { query, variables },
  });
  return {
    status: response.statusCode,
    cache: response.headers[CACHE_STATUS_HEADER],
    etag: response.headers.etag as string | undefined,
    cacheControl: response.headers['cache-control'],
    body: response.body,
    json: () => response.json() as { data?: Record<string, unknown>; errors?: unknown[] },
  };
}

/** A staff change (the request carries the ADMIN's token, so nothing of it is cached). */
function asAdmin(query: string, variables: Record<string, unknown>) {
  return ask(query, variables, { authorization: `Bearer ${admin.token}` });
}

function priceOf(answer: { json(): { data?: Record<string, unknown> } }): number {
  const product = answer.json().data?.product as { variants: { priceCents: number }[] };
  return product.variants[0]!.priceCents;
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { CATALOG_CACHE_ENTRIES: '100' } });
  const aurora = await insertBrand(ctx.db, { slug: 'aurora', name: 'Aurora Têxtil' });
  const boreal = await insertBrand(ctx.db, { slug: 'boreal', name: 'Boreal Calçados' });
  const camisetas = await insertCategory(ctx.db, { slug: 'camisetas', name: 'Camisetas' });
  const auroraProduct = await insertProduct(ctx.db, {
    slug: 'camiseta-aurora',
    name: 'Camiseta Aurora',
    brandId: aurora.id,
    categoryId: camisetas.id,
    published: true,
    variants: [{ sku: 'AUR-M', size: 'M', priceCents: 5990, stock: 10 }],
  });
  await insertProduct(ctx.db, {
    slug: 'tenis-boreal',
    name: 'Tênis Boreal',
    brandId: boreal.id,
    categoryId: camisetas.id,
    published: true,
    variants: [{ sku: 'BOR-40', size: '40', priceCents: 19990, stock: 4 }],
  });
  const [variant] = (
    await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM variants WHERE product_id = ${auroraProduct.id}`,
    )
  ).rows;
  Object.assign(ids, {
    aurora: aurora.id,
    boreal: boreal.id,
    camisetas: camisetas.id,
    auroraProduct: auroraProduct.id,
    auroraVariant: variant!.id,
  });
  ({ admin } = await signInStaffRoles(ctx));
});

afterAll(async () => {
  await ctx?.close();
});

describe('the catalog cache', () => {
  it('answers the same anonymous read with the same bytes, an ETag and 304 to its validator', async () => {
    const first = await ask(PRODUCT_PAGE, { slug: 'tenis-boreal' });
    const second = await ask(PRODUCT_PAGE, { slug: 'tenis-boreal' });
    expect(first.status).toBe(200);
    expect(first.cache).toBe('miss');
    expect(second.cache).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.etag).toMatch(/^"[\w-]+"$/);
    expect(second.etag).toBe(first.etag);
    expect(second.cacheControl).toBe('public, no-cache');
    const revalidated = await ask(
      PRODUCT_PAGE,
      { slug: 'tenis-boreal' },
      {
        'if-none-match': second.etag!,
      },
    );
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    // Other variables: another answer.
    expect((await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' })).cache).toBe('miss');
  });

  it('shares answers between GET and POST', async () => {
    const query = 'query Brands { brands { id slug name } }';
    const posted = await ask(query);
    const got = await ctx.app.inject({
      method: 'GET',
      url: `/graphql/?query=${encodeURIComponent(query)}`,
    });
    expect(posted.status).toBe(200);
    expect(got.headers[CACHE_STATUS_HEADER]).toBe('hit');
    expect(got.body).toBe(posted.body);
  });

  it('never serves nor keeps an answer for a request with Authorization', async () => {
    const headers = { authorization: `Bearer ${admin.token}` };
    await ask(LISTING, {}, headers);
    const again = await ask(LISTING, {}, headers);
    expect(again.status).toBe(200);
    expect(again.cache).toBeUndefined();
    expect(again.cacheControl).toBe('no-store');
    expect((await ask(LISTING, {})).cache).toBe('miss');
  });

  it('serves and keeps answers for an invalid token exactly as for no token; staff fields stay UNAUTHENTICATED', async () => {
    // The same key as a valid token's, signed as if 10 minutes ago: expired 5 minutes since.
    const [, payload] = admin.token.split('.');
    const { ver } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { ver: number };
    const earlier = new TokenService(new TextEncoder().encode(ctx.config.jwtSecret!), {
      now: () => ctx.clock.now() - 10 * 60_000,
    });
    const expired = await earlier.signAccess({
      id: admin.id,
      tokenVersion: ver,
      name: admin.name,
      role: 'ADMIN',
    });
    const invalid = ['x.y.z', 'garbage', expired, `${admin.token}x`];
    // First asked with an invalid token: kept, and served to the anonymous request after it.
    const first = await ask(LISTING, { brandSlugs: ['boreal'] }, { authorization: 'Bearer x.y.z' });
    expect(first.cache).toBe('miss');
    expect(first.cacheControl).toBe('no-store');
    expect((await ask(LISTING, { brandSlugs: ['boreal'] })).cache).toBe('hit');
    for (const token of invalid) {
      const headers = { authorization: `Bearer ${token}` };
      const answer = await ask(LISTING, { brandSlugs: ['boreal'] }, headers);
      expect(answer.status, token).toBe(200);
      expect(answer.cache, token).toBe('hit');
      expect(answer.body, token).toBe(first.body);
      // Still never stored by a browser or a proxy: the request carried a token.
      expect(answer.cacheControl, token).toBe('no-store');
      const me = (await ask('{ me { id } }', {}, headers)).json();
      expect(me.data, token).toBeNull();
      expect(me.errors, token).toMatchObject([{ extensions: { code: 'UNAUTHENTICATED' } }]);
    }
  });

  it('keeps no answer of a query that is not a catalog read, nor one with errors', async () => {
    const mixed = `query Mixed($items: [CartItemInput!]!) {
      brands { id }
      shippingQuote(postalCode: "01310-100", items: $items) { name priceCents }
    }`;
    const items = [{ variantId: ids.auroraVariant, quantity: 1 }];
    expect((await ask(mixed, { items })).json().errors).toBeUndefined();
    expect((await ask(mixed, { items })).cache).toBeUndefined();
    const failing = 'query Failing { products(first: 1000) { totalCount } }';
    const refused = await ask(failing);
    expect(refused.json().errors).toBeDefined();
    expect((await ask(failing)).cache).toBeUndefined();
  });

  it("shows a staff member's price change within a second, and keeps the other products' pages", async () => {
    const before = await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' });
    expect(priceOf(before)).toBe(5990);
    await ask(PRODUCT_PAGE, { slug: 'tenis-boreal' });
    await ask(LISTING, { brandSlugs: ['boreal'] });
    expect((await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' })).cache).toBe('hit');

    const changed = await asAdmin(
      `mutation($id: ID!, $input: VariantInput!) { variantUpdate(id: $id, input: $input) { id } }`,
      { id: ids.auroraVariant, input: { sku: 'AUR-M', size: 'M', priceCents: 4990 } },
    );
    expect(changed.json()).not.toHaveProperty('errors');
    const changedAt = Date.now();
    await expect
      .poll(async () => priceOf(await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' })), {
        timeout: 1000,
        interval: 20,
      })
      .toBe(4990);
    expect(Date.now() - changedAt).toBeLessThan(1000);
    // Another product's page stays; lists go (a price moves a product in sorts and price filters,
    // and which lists a product enters is not worked out from their filters).
    expect((await ask(PRODUCT_PAGE, { slug: 'tenis-boreal' })).cache).toBe('hit');
    expect((await ask(LISTING, { brandSlugs: ['boreal'] })).cache).toBe('miss');
  });

  it("keeps the product page's offer (cartPreview of items alone) until a variant's price changes", async () => {
    const OFFER = `query Offer($items: [CartItemInput!]!) {
      cartPreview(items: $items) { totalCents pixTotalCents installments { count } }
    }`;
    const items = [{ variantId: ids.auroraVariant, quantity: 2 }];
    const totalOf = (answer: Awaited<ReturnType<typeof ask>>) =>
      (answer.json().data?.cartPreview as { totalCents: number }).totalCents;
    const first = await ask(OFFER, { items });
    const second = await ask(OFFER, { items });
    expect(first.cache).toBe('miss');
    expect(second.cache).toBe('hit');
    const price = totalOf(first) / 2;
    // With a CEP the answer holds shipping prices, which the catalog's changes do not announce.
    const withCep = `query OfferTo($items: [CartItemInput!]!) {
      cartPreview(items: $items, postalCode: "01310100") { totalCents }
    }`;
    await ask(withCep, { items });
    expect((await ask(withCep, { items })).cache).toBeUndefined();

    const changed = await asAdmin(
      `mutation($id: ID!, $priceCents: Int!) { variantPriceSet(id: $id, priceCents: $priceCents) { id } }`,
      { id: ids.auroraVariant, priceCents: price + 1000 },
    );
    expect(changed.json()).not.toHaveProperty('errors');
    await expect
      .poll(async () => totalOf(await ask(OFFER, { items })), { timeout: 1000, interval: 20 })
      .toBe((price + 1000) * 2);
  });

  it('drops the answers holding a product whose stock a sale took, and only those', async () => {
    await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' });
    await ask(LISTING, { brandSlugs: ['boreal'] });
    expect((await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' })).cache).toBe('hit');
    await ctx.db.execute(
      sql`UPDATE variants SET stock = stock - 1 WHERE id = ${ids.auroraVariant}`,
    );
    await expect
      .poll(
        async () => {
          const answer = await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' });
          return (answer.json().data?.product as { variants: { stock: number }[] }).variants[0]!
            .stock;
        },
        { timeout: 1000, interval: 20 },
      )
      .toBe(9);
    expect((await ask(LISTING, { brandSlugs: ['boreal'] })).cache).toBe('hit');
  });

  it("keeps another brand's list through a restock of many variants in one statement, and drops it when a size changes", async () => {
    const listing = () => ask(LISTING, { brandSlugs: ['boreal'] });
    await listing();
    expect((await listing()).cache).toBe('hit');
    // A second variant of the aurora product: a new variant goes into every list (list:Product),
    // so the boreal list is dropped once the notification arrives, then kept again.
    await ctx.db.execute(
      sql`INSERT INTO variants (product_id, sku, size, price_cents, stock)
          VALUES (${ids.auroraProduct}, 'AUR-G', 'G', 5990, 3)`,
    );
    await expect
      .poll(async () => (await listing()).cache, { timeout: 1000, interval: 20 })
      .toBe('miss');
    expect((await listing()).cache).toBe('hit');
    await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' });
    expect((await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' })).cache).toBe('hit');
    // The other brands' variants in stock get more, none coming back: their products' pages go,
    // the boreal list stays (the trigger compares the statement's old and new rows as sets, 0060):
    // once the page is dropped, the one notification that dropped it has been read.
    const restocked = await ctx.db.execute(
      sql`UPDATE variants SET stock = stock + 5
          WHERE stock > 0 AND product_id IN (SELECT id FROM products WHERE brand_id <> ${ids.boreal})
          RETURNING id`,
    );
    expect(restocked.rows.length).toBeGreaterThan(1);
    await expect
      .poll(async () => (await ask(PRODUCT_PAGE, { slug: 'camiseta-aurora' })).cache, {
        timeout: 1000,
        interval: 20,
      })
      .toBe('miss');
    expect((await listing()).cache).toBe('hit');
    // A size moves a product between lists: every list goes.
    await ctx.db.execute(sql`UPDATE variants SET size = 'GG' WHERE sku = 'AUR-G'`);
    await expect
      .poll(async () => (await listing()).cache, { timeout: 1000, interval: 20 })
      .toBe('miss');
    await ctx.db.execute(sql`DELETE FROM variants WHERE sku = 'AUR-G'`);
  });

  it('shows a newly published product in the lists, and a look-up that found nothing finds it', async () => {
    const missing = await ask(PRODUCT_PAGE, { slug: 'bone-aurora' });
    expect(missing.json().data?.product).toBeNull();
    const listing = await ask(LISTING, { brandSlugs: ['aurora'] });
    const count = (listing.json().data?.products as { totalCount: number }).totalCount;
    expect((await ask(LISTING, { brandSlugs: ['aurora'] })).cache).toBe('hit');
    await insertProduct(ctx.db, {
      slug: 'bone-aurora',
      name: 'Boné Aurora',
      brandId: ids.aurora,
      categoryId: ids.camisetas,
      published: true,
      variants: [{ sku: 'AUR-BONE', priceCents: 3990, stock: 3 }],
    });
    await expect
      .poll(
        async () =>
          (
            (await ask(LISTING, { brandSlugs: ['aurora'] })).json().data?.products as {
              totalCount: number;
            }
          ).totalCount,
        { timeout: 1000, interval: 20 },
      )
      .toBe(count + 1);
    await expect
      .poll(async () => (await ask(PRODUCT_PAGE, { slug: 'bone-aurora' })).json().data?.product, {
        timeout: 1000,
        interval: 20,
      })
      .toMatchObject({ name: 'Boné Aurora' });
  });

  it("drops everything when the store's settings change", async () => {
    const settings = 'query Settings { storeSettings { storeName pixDiscountPercent } }';
    await ask(settings);
    await ask(PRODUCT_PAGE, { slug: 'tenis-boreal' });
    expect((await ask(settings)).cache).toBe('hit');
    await ctx.db.execute(sql`UPDATE store_settings SET store_name = 'Loja Nova'`);
    await expect
      .poll(
        async () =>
          ((await ask(settings)).json().data?.storeSettings as { storeName: string }).storeName,
        { timeout: 1000, interval: 20 },
      )
      .toBe('Loja Nova');
    await expect
      .poll(async () => (await ask(PRODUCT_PAGE, { slug: 'tenis-boreal' })).cache, {
        timeout: 1000,
        interval: 20,
      })
      .not.toBe('hit');
  });
});
