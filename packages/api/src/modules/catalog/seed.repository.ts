// The SQL of the demo catalog (seed.ts): whether the catalog is empty, the seed's lock, the rows'
// inserts, and the planner statistics after a bulk load.
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db';
import { brands, categories, images, products, stockMovements, variants } from './catalog.tables';

/** No brand, no category and no product. */
export async function catalogIsEmpty(db: Executor): Promise<boolean> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT ((SELECT count(*) FROM brands) + (SELECT count(*) FROM categories)
               + (SELECT count(*) FROM products))::int AS n`,
  );
  return Number(result.rows[0]?.n ?? 0) === 0;
}

/** Waits for (and holds until the transaction ends) the seed's advisory lock. */
export async function lockSeed(tx: Executor, key: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
}

export function insertBrandRows(
  tx: Executor,
  rows: (typeof brands.$inferInsert)[],
): Promise<{ id: string; slug: string }[]> {
  return tx.insert(brands).values(rows).returning({ id: brands.id, slug: brands.slug });
}

export function insertCategoryRows(
  tx: Executor,
  rows: (typeof categories.$inferInsert)[],
): Promise<{ id: string; slug: string }[]> {
  return tx.insert(categories).values(rows).returning({ id: categories.id, slug: categories.slug });
}

export function insertProductRows(
  tx: Executor,
  rows: (typeof products.$inferInsert)[],
): Promise<{ id: string; slug: string }[]> {
  return tx.insert(products).values(rows).returning({ id: products.id, slug: products.slug });
}

export function insertVariantRows(
  tx: Executor,
  rows: (typeof variants.$inferInsert)[],
): Promise<{ id: string; stock: number }[]> {
  return tx.insert(variants).values(rows).returning({ id: variants.id, stock: variants.stock });
}

export async function insertStockMovementRows(
  tx: Executor,
  rows: (typeof stockMovements.$inferInsert)[],
): Promise<void> {
  await tx.insert(stockMovements).values(rows);
}

export async function insertImageRows(
  tx: Executor,
  rows: (typeof images.$inferInsert)[],
): Promise<void> {
  await tx.insert(images).values(rows);
}

/** Fresh planner statistics of the catalog's big tables (after a bulk load). */
export async function vacuumAnalyze(
  db: Database,
  table: 'products' | 'variants' | 'images',
): Promise<void> {
  await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
}
