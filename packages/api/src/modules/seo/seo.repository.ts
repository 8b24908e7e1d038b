// The catalog rows the sitemap lists: every active brand, every category and every published
// product of an active brand.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { brands, categories, products } from '../catalog/catalog.tables';

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
