// Per-request batch loaders: every `product.brand`, `product.variants`... asked for while one
// GraphQL operation resolves becomes one SQL statement per kind, whatever the page size.
import { keyedLoader } from '../../lib/keyed-loader';
import type { GraphQLContext } from '../../graphql/context';
import type { Executor } from '../../db';
import {
  publishedCountsByBrand,
  publishedCountsByCategory,
  staffNamesByIds,
  variantIdsWithOrders,
} from './catalog.repository';
import {
  allCategories,
  brandsByIds,
  imagesByProductIds,
  variantsByProductIds,
} from './catalog.reads.repository';
import type { BrandRow, CategoryRow, ImageRow, VariantRow } from './catalog.tables';
import type { ProductFiscal } from '@vitrine/rules';
import { NO_FISCAL, productFiscalByIds } from './catalog.fiscal';

/** A value computed once per request, on first use. */
class Once<V> {
  #value: Promise<V> | null = null;
  constructor(private readonly compute: () => Promise<V>) {}
  get(): Promise<V> {
    this.#value ??= this.compute();
    return this.#value;
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export interface CategoryTree {
  byId: Map<string, CategoryRow>;
  bySlug: Map<string, CategoryRow>;
  children: Map<string | null, CategoryRow[]>;
}

function buildTree(rows: CategoryRow[]): CategoryTree {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const children = new Map<string | null, CategoryRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId);
    if (siblings) siblings.push(row);
    else children.set(row.parentId, [row]);
  }
  return { byId, bySlug, children };
}

export function createCatalogLoaders(db: Executor) {
  return {
    brand: keyedLoader<string, BrandRow | null>(
      async (ids) => new Map((await brandsByIds(db, ids)).map((row) => [row.id, row])),
      () => null,
    ),
    brandProductCount: keyedLoader<string, number>(
      (ids) => publishedCountsByBrand(db, ids),
      () => 0,
    ),
    variants: keyedLoader<string, VariantRow[]>(
      async (ids) => groupBy(await variantsByProductIds(db, ids), (row) => row.productId),
      () => [],
    ),
    images: keyedLoader<string, ImageRow[]>(
      async (ids) => groupBy(await imagesByProductIds(db, ids), (row) => row.productId ?? ''),
      () => [],
    ),
    /** Variants that appear in some order line. */
    variantHasOrders: keyedLoader<string, boolean>(
      async (ids) => new Map((await variantIdsWithOrders(db, ids)).map((id) => [id, true])),
      () => false,
    ),
    staffName: keyedLoader<string, string | null>(
      async (ids) => new Map((await staffNamesByIds(db, ids)).map((row) => [row.id, row.name])),
      () => null,
    ),
    /** The staff Product's fiscal fields (catalog.fiscal.ts). */
    productFiscal: keyedLoader<string, ProductFiscal>(
      (ids) => productFiscalByIds(db, ids),
      () => NO_FISCAL,
    ),
    categories: new Once(async () => buildTree(await allCategories(db))),
    categoryProductCounts: new Once(() => publishedCountsByCategory(db)),
  };
}

export type CatalogLoaders = ReturnType<typeof createCatalogLoaders>;

export function catalogLoaders(ctx: Pick<GraphQLContext, 'loaders' | 'db'>): CatalogLoaders {
  return ctx.loaders.get('catalog', () => createCatalogLoaders(ctx.db));
}
