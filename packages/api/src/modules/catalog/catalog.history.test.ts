// The catalog's history: entries appended in the caller's transaction (at most 100 ids kept, the
// real count), and catalogHistory's order, pages, product filter and per-role scope.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import { insertBrand } from './catalog.fixtures';
import { HISTORY_MAX_PRODUCT_IDS, recordCatalogChange } from './catalog.history';
import { catalogHistory } from './catalog.tables';

let ctx: TestContext;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;
const brand = { aurora: '', boreal: '' };
const product = { a: crypto.randomUUID(), b: crypto.randomUUID() };
const entry = { aurora: '', boreal: '', mixed: '', store: '', many: '' };

const HISTORY = `query($productId: ID, $first: Int, $offset: Int) {
  catalogHistory(productId: $productId, first: $first, offset: $offset) {
    id createdAt staffName action summary productIds productCount
  }
}`;

interface Entry {
  id: string;
  createdAt: string;
  staffName: string | null;
  action: string;
  summary: string;
  productIds: string[];
  productCount: number;
}

async function history(
  as: 'admin' | 'manager' | 'support' | null,
  variables: Record<string, unknown> = {},
) {
  const { body } = await graphql(ctx.app, HISTORY, variables, as ? staff[as].token : undefined);
  return body as {
    data?: { catalogHistory: Entry[] } | null;
    errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const aurora = await insertBrand(ctx.db, { slug: 'aurora', name: 'Aurora' });
  const boreal = await insertBrand(ctx.db, { slug: 'boreal', name: 'Boreal' });
  brand.aurora = aurora.id;
  brand.boreal = boreal.id;
  staff = await signInStaffRoles(ctx, {
    managerBrandIds: [aurora.id],
    names: { admin: 'Ana Admin' },
  });
  const admin = { id: staff.admin.id, name: 'Ana Admin' };
  // Oldest first; each gets its own minute so the order is certain.
  const rows = [
    ['aurora', 'product.save', 'Produto A salvo', [product.a], [aurora.id]],
    ['boreal', 'product.save', 'Produto B salvo', [product.b], [boreal.id]],
    [
      'mixed',
      'products.bulk.feature',
      'Destacados 2 produtos',
      [product.a, product.b],
      [aurora.id, boreal.id],
    ],
    ['store', 'category.move', 'Categoria movida', [], []],
  ] as const;
  for (const [index, [key, action, summary, productIds, brandIds]] of rows.entries()) {
    const row = await ctx.db.transaction((tx) =>
      recordCatalogChange(tx, { staff: admin, action, summary, productIds, brandIds }),
    );
    await ctx.db
      .update(catalogHistory)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, index)) })
      .where(eq(catalogHistory.id, row.id));
    entry[key] = row.id;
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('recordCatalogChange', () => {
  it('keeps at most 100 product ids and the real count, with the staff name', async () => {
    const ids = Array.from({ length: 150 }, () => crypto.randomUUID());
    const row = await ctx.db.transaction((tx) =>
      recordCatalogChange(tx, {
        staff: { id: staff.admin.id, name: 'Ana Admin' },
        action: 'products.bulk.publish',
        summary: 'Publicados 150 produtos',
        productIds: [...ids, ids[0]!],
        brandIds: [brand.aurora, brand.aurora],
        after: { published: true },
      }),
    );
    entry.many = row.id;
    expect(row.productIds).toHaveLength(HISTORY_MAX_PRODUCT_IDS);
    expect(row.productIds).toEqual(ids.slice(0, 100));
    expect(row.productCount).toBe(150);
    expect(row.brandIds).toEqual([brand.aurora]);
    expect(row.staffName).toBe('Ana Admin');
    expect(row.staffId).toBe(staff.admin.id);
    expect(row.after).toEqual({ published: true });
    await ctx.db
      .update(catalogHistory)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, 30)) })
      .where(eq(catalogHistory.id, row.id));
  });

  it('is part of the caller’s transaction: a rollback leaves no entry', async () => {
    const [before] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(catalogHistory);
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordCatalogChange(tx, {
          staff: null,
          action: 'product.save',
          summary: 'Não vai ficar',
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const [after] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(catalogHistory);
    expect(after!.n).toBe(before!.n);
  });
});

describe('catalogHistory', () => {
  it('lists everything, newest first, for ADMIN and SUPPORT', async () => {
    const admin = await history('admin');
    expect(admin.errors).toBeUndefined();
    expect(admin.data!.catalogHistory.map((row) => row.id)).toEqual([
      entry.many,
      entry.store,
      entry.mixed,
      entry.boreal,
      entry.aurora,
    ]);
    const first = admin.data!.catalogHistory[0]!;
    expect(first).toMatchObject({
      staffName: 'Ana Admin',
      action: 'products.bulk.publish',
      summary: 'Publicados 150 produtos',
      productCount: 150,
      createdAt: '2026-01-01T12:30:00.000Z',
    });
    expect(first.productIds).toHaveLength(100);
    const support = await history('support');
    expect(support.data!.catalogHistory).toHaveLength(5);
  });

  it('pages with first and offset, and checks them', async () => {
    const page = await history('admin', { first: 2, offset: 1 });
    expect(page.data!.catalogHistory.map((row) => row.id)).toEqual([entry.store, entry.mixed]);
    const tooMany = await history('admin', { first: 101 });
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'first',
    });
    const negative = await history('admin', { offset: -1 });
    expect(negative.errors?.[0]?.extensions?.field).toBe('offset');
  });

  it('narrows to one product', async () => {
    const a = await history('admin', { productId: product.a });
    expect(a.data!.catalogHistory.map((row) => row.id)).toEqual([entry.mixed, entry.aurora]);
    const unknown = await history('admin', { productId: 'nao-e-um-id' });
    expect(unknown.data!.catalogHistory).toEqual([]);
  });

  it('shows a BRAND_MANAGER only entries all within their brands', async () => {
    const manager = await history('manager');
    expect(manager.data!.catalogHistory.map((row) => row.id)).toEqual([entry.many, entry.aurora]);
    const b = await history('manager', { productId: product.b });
    expect(b.data!.catalogHistory).toEqual([]);
  });

  it('gives 20 entries unless asked for more', async () => {
    await ctx.db.transaction(async (tx) => {
      for (let n = 0; n < 20; n += 1) {
        await recordCatalogChange(tx, {
          staff: null,
          action: 'product.save',
          summary: `Extra ${n}`,
        });
      }
    });
    expect((await history('admin')).data!.catalogHistory).toHaveLength(20);
    expect((await history('admin', { first: 100 })).data!.catalogHistory).toHaveLength(25);
    // Entries of no brand are not a BRAND_MANAGER's.
    expect((await history('manager', { first: 100 })).data!.catalogHistory).toHaveLength(2);
  });

  it('is for staff only', async () => {
    const anonymous = await history(null);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
