// The catalog rows the sitemap lists (every active brand, every category and every published
// product of an active brand) and those a storefront page's head names (seo.page.ts).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { brands, categories, images, products, variants } from '../catalog/catalog.tables';

export interface SitemapEntryRow {
  slug: string;
  updatedAt: Date;
}

export interface SitemapRows {
  brands: SitemapEntryRow[];
  categories: SitemapEntryRow[];
  products: SitemapEntryRow[];
}

export async function listSitemapRows(db: Executor): Promise<SitemapRows> {
  const [brandRows, categoryRows, productRows] = await Promise.all([
    db
      .select({ slug: brands.slug, updatedAt: brands.updatedAt })
      .from(brands)
      .where(eq(brands.active, true))
      .orderBy(asc(brands.slug)),
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .orderBy(asc(categories.slug)),
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(products.published, true), eq(brands.active, true)))
      .orderBy(asc(products.slug)),
  ]);
  return { brands: brandRows, categories: categoryRows, products: productRows };
}

/** Every category's id, parent, slug and name (the breadcrumbs' tree). */
export function categoryTreeRows(db: Executor) {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
    })
    .from(categories);
}

/** The first picture of the newest featured product on the storefront, else the newest one's. */
export async function homeCoverImage(db: Executor) {
  const [cover] = await db
    .select({ sources: images.sources })
    .from(images)
    .innerJoin(products, eq(products.id, images.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.published, true), eq(brands.active, true)))
    .orderBy(desc(products.featured), desc(products.createdAt), images.position, images.createdAt)
    .limit(1);
  return cover;
}

/** The storefront's product with that slug (published, of an active brand), or undefined. */
export async function storefrontProductBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({
      name: products.name,
      description: products.description,
      brandName: brands.name,
      productId: products.id,
      categoryId: products.categoryId,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.slug, slug), eq(products.published, true), eq(brands.active, true)))
    .limit(1);
  return row;
}

/** The product's pictures in their order. */
export function productImagesInOrder(db: Executor, productId: string) {
  return db
    .select()
    .from(images)
    .where(eq(images.productId, productId))
    .orderBy(images.position, images.createdAt);
}

/** The product's variants' SKU, price and stock, in display order. */
export function productOffers(db: Executor, productId: string) {
  return db
    .select({ sku: variants.sku, priceCents: variants.priceCents, stock: variants.stock })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.priceCents), asc(variants.sku));
}

/** The active brand with that slug, or undefined. */
export async function activeBrandBySlug(db: Executor, slug: string) {
  const [brand] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.slug, slug), eq(brands.active, true)))
    .limit(1);
  return brand;
}

/** The id and name of the category with that slug, or undefined. */
export async function categoryBySlug(db: Executor, slug: string) {
  const [category] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(sql`${categories.slug}`, slug))
    .limit(1);
  return category;
}
