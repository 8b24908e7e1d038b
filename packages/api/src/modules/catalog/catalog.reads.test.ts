// The storefront's per-request reads as named statements (catalog.reads.repository.ts): each
// answers exactly what a drizzle select of its table answers (same objects, same order), and the
// published product is only a sellable one of an active brand. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL, where the statements are prepared on the connection.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { insertBrand, insertCategory, insertProduct } from './catalog.fixtures';
import {
  allCategories,
  brandsByIds,
  findPublishedProduct,
  imagesByProductIds,
  variantsByProductIds,
} from './catalog.reads.repository';
import { sqlText } from '../../db/statements';
import { findProduct, SELLABLE } from './catalog.repository';
import { brands, categories, images, variants } from './catalog.tables';

let ctx: TestContext;
const ids = { aurora: '', boreal: '', shirt: '', boots: '', draft: '', bare: '', hidden: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora Têxtil' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal Calçados' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas', position: 2 });
  const calcados = await insertCategory(db, { slug: 'calcados', name: 'Calçados', position: 1 });
  // Same position as its sibling: the name orders them.
  const botas = await insertCategory(db, { slug: 'botas', name: 'Botas', parentId: calcados.id });
  await insertCategory(db, { slug: 'tenis', name: 'Tênis', parentId: calcados.id });
  const shirt = await insertProduct(db, {
    slug: 'camiseta-aurora',
    name: 'Camiseta Aurora',
    brandId: aurora.id,
    categoryId: roupas.id,
    imageCount: 3,
    variants: [
      { sku: 'CA-G', size: 'G', color: 'Azul', priceCents: 6990, compareAtPriceCents: 7990 },
      { sku: 'CA-P', size: 'P', color: 'Azul', priceCents: 5990, stock: 0 },
      { sku: 'CA-M', size: 'M', color: 'Verde', priceCents: 5990 },
    ],
  });
  const boots = await insertProduct(db, {
    slug: 'bota-boreal',
    name: 'Bota Boreal',
    brandId: boreal.id,
    categoryId: botas.id,
    imageCount: 2,
    variants: [{ sku: 'BB-40', size: '40', priceCents: 29990 }],
  });
  const draft = await insertProduct(db, {
    slug: 'rascunho',
    name: 'Rascunho',
    brandId: aurora.id,
    categoryId: roupas.id,
    published: false,
    variants: [{ sku: 'R-M', size: 'M', priceCents: 1990 }],
  });
  // Published with no variant: no price, so not sellable.
  const bare = await insertProduct(db, {
    slug: 'sem-preco',
    name: 'Sem preço',
    brandId: aurora.id,
    categoryId: roupas.id,
    variants: [],
  });
  const hiddenBrand = await insertBrand(db, { slug: 'inativa', name: 'Marca inativa' });
  const hidden = await insertProduct(db, {
    slug: 'da-marca-inativa',
    name: 'Da marca inativa',
    brandId: hiddenBrand.id,
    categoryId: roupas.id,
    variants: [{ sku: 'MI-M', size: 'M', priceCents: 4990 }],
  });
  await db.update(brands).set({ active: false }).where(eq(brands.id, hiddenBrand.id));
  Object.assign(ids, {
    aurora: aurora.id,
    boreal: boreal.id,
    shirt: shirt.id,
    boots: boots.id,
    draft: draft.id,
    bare: bare.id,
    hidden: hidden.id,
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('the storefront reads as named statements', () => {
  it('answers the brands a drizzle select answers, and none for no id', async () => {
    const wanted = [ids.aurora, ids.boreal, ids.aurora];
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    const expected = await ctx.db.select().from(brands).where(inArray(brands.id, wanted));
    const found = await brandsByIds(ctx.db, wanted);
    expect(found).toHaveLength(2);
    expect([...found].sort(byId)).toEqual([...expected].sort(byId));
    expect(found[0]!.createdAt).toBeInstanceOf(Date);
    expect(await brandsByIds(ctx.db, [])).toEqual([]);
  });

  it('answers every category in the tree order of a drizzle select (position, then name)', async () => {
    const expected = await ctx.db
      .select()
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name));
    const found = await allCategories(ctx.db);
    expect(found).toEqual(expected);
    expect(found.map((row) => row.slug)).toEqual(['botas', 'tenis', 'calcados', 'roupas']);
  });

  it('answers the variants of several products in the order of a drizzle select', async () => {
    const wanted = [ids.shirt, ids.boots, ids.bare];
    const expected = await ctx.db
      .select()
      .from(variants)
      .where(inArray(variants.productId, wanted))
      .orderBy(asc(variants.position), asc(variants.priceCents), asc(variants.sku));
    const found = await variantsByProductIds(ctx.db, wanted);
    expect(found).toEqual(expected);
    expect(found.map((row) => row.sku)).toEqual(['CA-G', 'BB-40', 'CA-P', 'CA-M']);
    expect(found[0]!.compareAtPriceCents).toBe(7990);
    expect(await variantsByProductIds(ctx.db, [])).toEqual([]);
  });

  it('answers the images of several products as a drizzle select does, sources as objects', async () => {
    const wanted = [ids.shirt, ids.boots];
    const expected = await ctx.db
      .select()
      .from(images)
      .where(inArray(images.productId, wanted))
      .orderBy(asc(images.position), asc(images.createdAt), asc(images.id));
    const found = await imagesByProductIds(ctx.db, wanted);
    expect(found).toHaveLength(5);
    // Images of one position were inserted one by one: created_at orders them as it does above.
    expect(found.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(found).toEqual(expected);
    expect(found[0]!.sources).toEqual([
      { width: 320, path: expect.stringMatching(/-0-320\.webp$/) },
      { width: 640, path: expect.stringMatching(/-0-640\.webp$/) },
    ]);
  });

  it('finds a published product by slug as findProduct reads it by id', async () => {
    const found = await findPublishedProduct(ctx.db, 'camiseta-aurora');
    expect(found).toEqual(await findProduct(ctx.db, ids.shirt));
    expect(found).toMatchObject({
      slug: 'camiseta-aurora',
      brandId: ids.aurora,
      minPriceCents: 5990,
      maxPriceCents: 6990,
      inStock: true,
    });
    expect(found!.createdAt).toEqual(new Date(Date.UTC(2026, 0, 1)));
  });

  it('finds no product that the storefront does not sell: draft, without price, inactive brand, unknown', async () => {
    for (const id of [ids.draft, ids.bare, ids.hidden]) {
      expect(await findProduct(ctx.db, id)).not.toBeNull();
    }
    for (const slug of ['rascunho', 'sem-preco', 'da-marca-inativa', 'nao-existe', "'; --"]) {
      expect(await findPublishedProduct(ctx.db, slug)).toBeNull();
    }
  });

  it('runs the same statements inside a transaction', async () => {
    const found = await ctx.db.transaction(async (tx) => ({
      product: await findPublishedProduct(tx, 'bota-boreal'),
      variants: await variantsByProductIds(tx, [ids.boots]),
    }));
    expect(found.product?.id).toBe(ids.boots);
    expect(found.variants.map((row) => row.sku)).toEqual(['BB-40']);
  });
});

describe('sqlText', () => {
  it('renders shared fragments into a statement text and refuses a value inside it', () => {
    expect(
      sqlText(sql`SELECT 1 FROM products p WHERE p.slug = ${sql.raw('$1')} AND ${SELLABLE}`),
    ).toBe('SELECT 1 FROM products p WHERE p.slug = $1 AND p.min_price_cents IS NOT NULL');
    expect(() => sqlText(sql`SELECT 1 WHERE p.slug = ${'camiseta'}`)).toThrow(/\$n/);
  });
});
