// The SQL of the products grid's bulk changes (catalog.bulk*.ts): the locked selection and what each
// action reads before it changes. What they change is written by the catalog writer
// (catalog.writer.repository.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import type { Selected } from './catalog.bulk.common';
import { rows } from './catalog.repository';

/** A Postgres array literal for one parameter (the drivers expand JS arrays into lists). */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}

function idArray(ids: readonly string[]): SQL {
  return sql`${arrayLiteral(ids)}::uuid[]`;
}

const SELECTED = sql`p.id, p.name, p.brand_id, p.category_id`;

/** The products with these ids, locked (FOR UPDATE, in id order so concurrent changes queue). */
export function lockProductsByIds(tx: Executor, ids: readonly string[]): Promise<Selected[]> {
  return rows<Selected>(
    tx,
    sql`SELECT ${SELECTED} FROM products p WHERE p.id = ANY(${idArray(ids)})
        ORDER BY p.id FOR UPDATE`,
  );
}

export async function countProductsWhere(tx: Executor, where: SQL): Promise<number> {
  const [counted] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`,
  );
  return Number(counted?.n ?? 0);
}

/** Up to `limit` products of a filter, locked in id order. */
export function lockProductsWhere(tx: Executor, where: SQL, limit: number): Promise<Selected[]> {
  return rows<Selected>(
    tx,
    sql`SELECT ${SELECTED} FROM products p WHERE ${where} ORDER BY p.id LIMIT ${limit} FOR UPDATE`,
  );
}

/** Names of the products among `ids` that have no variant, by name. */
export async function namesWithoutVariants(
  tx: Executor,
  ids: readonly string[],
): Promise<string[]> {
  const found = await rows<{ name: string }>(
    tx,
    sql`SELECT p.name FROM products p WHERE p.id = ANY(${idArray(ids)})
        AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id) ORDER BY p.name`,
  );
  return found.map((row) => row.name);
}

/** The category's name, kept from being deleted until the transaction ends; null if gone. */
export async function shareCategoryName(tx: Executor, id: string): Promise<string | null> {
  const [category] = await rows<{ name: string }>(
    tx,
    sql`SELECT name FROM categories WHERE id = ${id}::uuid FOR SHARE`,
  );
  return category?.name ?? null;
}

export interface ProductFiscalRow {
  id: string;
  name: string;
  ncm: string | null;
  cest: string | null;
  origin: number;
  tax_situation: string | null;
}

export function fiscalRowsOf(tx: Executor, ids: readonly string[]): Promise<ProductFiscalRow[]> {
  return rows<ProductFiscalRow>(
    tx,
    sql`SELECT id, name, ncm, cest, origin, tax_situation FROM products
        WHERE id = ANY(${idArray(ids)}) ORDER BY id`,
  );
}

export interface VariantPriceRow {
  id: string;
  product_id: string;
  price_cents: number;
  compare_at_price_cents: number | null;
}

/** The variants of these products with their prices, locked. */
export function lockVariantPricesOf(
  tx: Executor,
  productIds: readonly string[],
): Promise<VariantPriceRow[]> {
  return rows<VariantPriceRow>(
    tx,
    sql`SELECT v.id, v.product_id, v.price_cents, v.compare_at_price_cents FROM variants v
        WHERE v.product_id = ANY(${idArray(productIds)}) ORDER BY v.id FOR UPDATE`,
  );
}

export interface VariantPackageRow {
  id: string;
  product_id: string;
  weight_grams: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
}

/** The variants of these products with their package, locked. */
export function lockVariantPackagesOf(
  tx: Executor,
  productIds: readonly string[],
): Promise<VariantPackageRow[]> {
  return rows<VariantPackageRow>(
    tx,
    sql`SELECT v.id, v.product_id, v.weight_grams, v.length_cm, v.width_cm, v.height_cm
        FROM variants v WHERE v.product_id = ANY(${idArray(productIds)}) ORDER BY v.id FOR UPDATE`,
  );
}
