// The SQL of the products CSV export (exports.products.ts): its single-use tickets
// (product_export_tickets) and the keyset batches of products with their variants.
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db';

/** Stores a ticket's hash with its request (JSON). */
export async function insertProductExportTicket(
  db: Executor,
  ticket: { hash: string; staffId: string; request: unknown; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO product_export_tickets (token_hash, staff_id, request, created_at, expires_at)
    VALUES (${ticket.hash}, ${ticket.staffId}::uuid, ${JSON.stringify(ticket.request)}::jsonb,
            ${ticket.createdAt.toISOString()}::timestamptz,
            ${ticket.expiresAt.toISOString()}::timestamptz)`);
}

/** Marks an unused, unexpired ticket used; answers who made it and its request, or undefined. */
export async function takeProductExportTicket(
  db: Database,
  hash: string,
  now: Date,
): Promise<{ staff_id: string; request: unknown } | undefined> {
  const result = await db.execute<{ staff_id: string; request: unknown }>(sql`
    UPDATE product_export_tickets SET used_at = ${now.toISOString()}::timestamptz
    WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz
    RETURNING staff_id, request`);
  return result.rows[0];
}

export async function setProductRowsExported(
  db: Executor,
  hash: string,
  rows: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE product_export_tickets SET rows_exported = ${rows} WHERE token_hash = ${hash}`,
  );
}

export type ExportRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  brand_id: string;
  category_id: string;
  published: boolean;
  featured: boolean;
  seo_title: string | null;
  seo_description: string | null;
  ncm: string | null;
  cest: string | null;
  origin: number;
  tax_situation: string | null;
  sku: string | null;
  size: string | null;
  color: string | null;
  price_cents: number | null;
  compare_at_price_cents: number | null;
  stock: number | null;
  weight_grams: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  gtin: string | null;
  low_stock_threshold: number | null;
};

/**
 * Up to `size` products matching `where` (on `products p`) after the id `after`, by id, each with
 * its variants in their display order (one row per variant; a product without any: one row of
 * nulls).
 */
export async function productExportBatch(
  db: Executor,
  where: SQL,
  after: string | null,
  size: number,
): Promise<ExportRow[]> {
  const batch = await db.execute<ExportRow>(sql`
        WITH page AS (
          SELECT p.* FROM products p
          WHERE ${where} ${after ? sql`AND p.id > ${after}::uuid` : sql``}
          ORDER BY p.id LIMIT ${size})
        SELECT p.id, p.slug, p.name, p.description, p.brand_id, p.category_id, p.published,
               p.featured, p.seo_title, p.seo_description, p.ncm, p.cest, p.origin,
               p.tax_situation, v.sku, v.size, v.color, v.price_cents,
               v.compare_at_price_cents, v.stock, v.weight_grams, v.length_cm, v.width_cm,
               v.height_cm, v.gtin, v.low_stock_threshold
        FROM page p LEFT JOIN variants v ON v.product_id = p.id
        ORDER BY p.id, v.position, v.id`);
  return batch.rows;
}
