// Test fixtures: write catalog rows straight to the database (no permissions, no validation).
import type { Database, Executor } from '../../db';
import type { RawFacets } from './catalog.facets.repository';
import { brands, categories, images, products, variants } from './catalog.tables';

export async function insertBrand(
  db: Executor,
  input: { slug: string; name: string; color?: string; description?: string },
) {
  const [row] = await db
    .insert(brands)
    .values({ color: '#336699', description: '', ...input })
    .returning();
  return row!;
}

export async function insertCategory(
  db: Executor,
  input: { slug: string; name: string; parentId?: string | null; position?: number },
) {
  const [row] = await db.insert(categories).values(input).returning();
  return row!;
}

export interface FixtureVariant {
  sku: string;
  size?: string | null;
  color?: string | null;
  priceCents: number;
  compareAtPriceCents?: number | null;
  stock?: number;
}

export async function insertProduct(
  db: Executor,
  input: {
    slug: string;
    name: string;
    description?: string;
    brandId: string;
    categoryId: string;
    published?: boolean;
    featured?: boolean;
    /** Minutes after a fixed instant, so NEWEST is deterministic. */
    createdMinute?: number;
    variants: FixtureVariant[];
    imageCount?: number;
  },
) {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + (input.createdMinute ?? 0) * 60_000);
  const [product] = await db
    .insert(products)
    .values({
      slug: input.slug,
      name: input.name,
      description: input.description ?? '',
      brandId: input.brandId,
      categoryId: input.categoryId,
      published: input.published ?? true,
      featured: input.featured ?? false,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (input.variants.length > 0) {
    await db.insert(variants).values(
      input.variants.map((variant, position) => ({
        productId: product!.id,
        position,
        stock: 5,
        ...variant,
      })),
    );
  }
  for (let position = 0; position < (input.imageCount ?? 0); position += 1) {
    await db.insert(images).values({
      productId: product!.id,
      position,
      alt: input.name,
      width: 640,
      height: 800,
      sources: [
        { width: 320, path: `${input.slug}-${position}-320.webp` },
        { width: 640, path: `${input.slug}-${position}-640.webp` },
      ],
    });
  }
  return product!;
}

/**
 * Counts the SQL statements sent through the database's driver from now on (the test of the
 * "no N+1" promise), and keeps their texts. Works for both PGlite and the pg Pool: Drizzle calls
 * `$client.query` with the text or a query config.
 */
export function countStatements(db: Database): {
  readonly count: number;
  readonly texts: readonly string[];
  stop(): void;
} {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [query] = args;
    texts.push(typeof query === 'string' ? query : String((query as { text?: unknown }).text));
    return original.apply(this, args);
  };
  return {
    get count() {
      return texts.length;
    },
    texts,
    stop() {
      client.query = original;
    },
  };
}

/**
 * Facets in a form two ways of counting them can be compared in: sizes sorted (the service puts
 * them in wearing order) and the total left out (only the row-counted statement counts it).
 */
export function comparableFacets(facets: RawFacets): Omit<RawFacets, 'total'> {
  const { total: _total, ...rest } = facets;
  return {
    ...rest,
    sizes: [...(facets.sizes ?? [])].sort((a, b) => a.value.localeCompare(b.value)),
  };
}

/** The storefront listing's total and every field of its facets (no page). */
export const FACETS_DOCUMENT = /* GraphQL */ `
  query Facets($filter: ProductFilter) {
    products(filter: $filter, first: 0) {
      totalCount
      facets {
        brands {
          value
          label
          count
        }
        categories {
          value
          label
          count
          parentValue
        }
        sizes {
          value
          count
        }
        colors {
          value
          count
        }
        priceRange {
          minCents
          maxCents
        }
        inStockCount
      }
    }
  }
`;
