// The read replica (DATABASE_READ_URL): an anonymous catalog read the cache did not answer runs on
// the replica; a staff member's read, a shopper's cart with a CEP (which the cache does not keep
// either) and a mutation run on the primary; a read
// stays on the primary while the replica lags past DATABASE_READ_MAX_LAG_MS, or has not been
// measured lately, and during that time after a catalog change. The "replica" here is a second
// database holding a product of another name, so where each answer came from shows in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase, type OpenedDatabase } from '../../db';
import { migrate } from '../../db/migrate';
import {
  createScratchDatabase,
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import { insertBrand, insertCategory, insertProduct } from '../catalog/catalog.fixtures';

const PRODUCT = `query Product($slug: String!, $n: Int) {
  product(slug: $slug) { name }
  products(first: $n) { nodes { slug } }
}`;

let ctx: TestContext;
let replica: OpenedDatabase;
let dropReplica: (() => Promise<void>) | null = null;
let admin: SignedInStaff;

async function seed(db: OpenedDatabase['db'], name: string) {
  const brand = await insertBrand(db, { slug: 'aurora', name: 'Aurora' });
  const category = await insertCategory(db, { slug: 'camisetas', name: 'Camisetas' });
  await insertProduct(db, {
    slug: 'camiseta',
    name,
    brandId: brand.id,
    categoryId: category.id,
    published: true,
    variants: [{ sku: 'CAM-1', priceCents: 9990, stock: 5 }],
  });
}

let reads = 0;
/** An anonymous read of the product's name, with variables the cache has not seen. */
async function productName(token?: string): Promise<string> {
  reads += 1;
  const answer = await graphql(ctx.app, PRODUCT, { slug: 'camiseta', n: reads }, token);
  expect(answer.body.errors).toBeUndefined();
  return (answer.body.data!.product as { name: string }).name;
}

beforeAll(async () => {
  const baseUrl = process.env.TEST_DATABASE_URL?.trim();
  if (baseUrl) {
    const scratch = await createScratchDatabase(baseUrl);
    dropReplica = scratch.drop;
    replica = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
  } else {
    replica = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  }
  await migrate(replica.db);
  await seed(replica.db, 'Camiseta lida na réplica');
  ctx = await createTestContext({
    env: { DATABASE_READ_MAX_LAG_MS: '60000', CATALOG_CACHE_ENTRIES: '100' },
    app: { readDb: replica.db, readReplicaCheckMs: 60_000 },
  });
  await seed(ctx.db, 'Camiseta lida no primário');
  ({ admin } = await signInStaffRoles(ctx));
  // The seed's own change notifications: once they have arrived, start with no recent change.
  const cache = ctx.app.catalogCache!;
  for (let waited = 0; cache.lastInvalidationAt === null && waited < 5_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  cache.lastInvalidationAt = null;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await replica?.close();
  await dropReplica?.();
});

describe('the read replica', () => {
  it('answers an anonymous catalog read the cache did not hold, and measures its lag', async () => {
    expect(ctx.app.readReplica.lagMs).toBe(0);
    const before = ctx.app.readReplica.stats.replica;
    expect(await productName()).toBe('Camiseta lida na réplica');
    expect(ctx.app.readReplica.stats.replica).toBe(before + 1);
  });

  it("keeps a staff member's read, a shopper's cart and a mutation on the primary", async () => {
    expect(await productName(admin.token)).toBe('Camiseta lida no primário');
    const before = { ...ctx.app.readReplica.stats };
    const cart = await graphql(
      ctx.app,
      `
        query {
          cartPreview(
            items: [{ variantId: "0b1e6a52-5f0c-4d7e-9a43-0d7c1c9e2f11", quantity: 1 }]
            postalCode: "01310-100"
          ) {
            itemCount
          }
        }
      `,
      {},
    );
    expect(cart.body.errors).toBeUndefined();
    const mutation = await graphql(
      ctx.app,
      `
        mutation {
          requestRestockAlert(
            variantId: "0b1e6a52-5f0c-4d7e-9a43-0d7c1c9e2f11"
            email: "a@b.com.br"
          )
        }
      `,
      {},
    );
    expect(mutation.statusCode).toBeLessThan(500);
    expect(ctx.app.readReplica.stats).toEqual(before);
  });

  it('stays on the primary after a catalog change, for DATABASE_READ_MAX_LAG_MS', async () => {
    ctx.app.catalogCache!.invalidate(['product:camiseta']);
    const before = ctx.app.readReplica.stats.primaryAfterChange;
    expect(await productName()).toBe('Camiseta lida no primário');
    expect(ctx.app.readReplica.stats.primaryAfterChange).toBe(before + 1);
    ctx.app.catalogCache!.lastInvalidationAt = Date.now() - 60_001;
    expect(await productName()).toBe('Camiseta lida na réplica');
  });

  it('stays on the primary while the replica lags or its lag is unknown', async () => {
    const replicaState = ctx.app.readReplica;
    replicaState.lagMs = 60_001;
    expect(await productName()).toBe('Camiseta lida no primário');
    replicaState.lagMs = null;
    expect(await productName()).toBe('Camiseta lida no primário');
    await replicaState.check();
    expect(replicaState.lagMs).toBe(0);
    replicaState.checkedAt = Date.now() - 60_000 * 3 - 1;
    expect(await productName()).toBe('Camiseta lida no primário');
    await replicaState.check();
    expect(await productName()).toBe('Camiseta lida na réplica');
    expect(replicaState.stats.primaryLagging).toBe(3);
  });

  it('refuses a replica without a PostgreSQL primary, in Portuguese', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/loja' })).toThrow(
      'DATABASE_READ_URL é uma réplica de leitura do PostgreSQL de DATABASE_URL',
    );
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://primary/loja',
        DATABASE_READ_URL: 'postgres://replica/loja',
      }),
    ).toMatchObject({ databaseReadUrl: 'postgres://replica/loja', databaseReadMaxLagMs: 2000 });
  });
});
