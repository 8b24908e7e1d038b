// The staff's product selection (the products grid's filter), shared by staffProducts, the bulk
// changes and the CSV export so that "every product of this filter" means the same everywhere.
import { sql, type SQL } from 'drizzle-orm';
import { normalizeGtin } from '@vitrine/rules';
import { badUserInput } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { foldText } from './catalog.listing';

export type StockLevel = 'OUT' | 'LOW' | 'AVAILABLE';

/** StaffProductFilter of the contract. */
export interface StaffProductFilterInput {
  search?: string | null;
  brandIds?: string[] | null;
  categoryId?: string | null;
  published?: boolean | null;
  featured?: boolean | null;
  stockLevel?: StockLevel | null;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
}

/** The store's low-stock threshold when a variant has none of its own. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

const MAX_SEARCH_LENGTH = 100;
const MAX_BRAND_IDS = 50;
const MAX_SEARCH_WORDS = 8;

/** A variant `v` at or under its low-stock threshold. */
export const VARIANT_IS_LOW = sql`v.stock <= coalesce(v.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD})`;

/** SQL of a product `p`'s stock level (OUT, LOW, AVAILABLE). */
export const PRODUCT_STOCK_LEVEL = sql`CASE
  WHEN NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.stock > 0) THEN 'OUT'
  WHEN EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND ${VARIANT_IS_LOW}) THEN 'LOW'
  ELSE 'AVAILABLE' END`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function stockLevelCondition(level: StockLevel): SQL {
  const anyUnit = sql`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.stock > 0)`;
  const anyLow = sql`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND ${VARIANT_IS_LOW})`;
  switch (level) {
    case 'OUT':
      return sql`NOT ${anyUnit}`;
    case 'LOW':
      return sql`${anyUnit} AND ${anyLow}`;
    case 'AVAILABLE':
      return sql`${anyUnit} AND NOT ${anyLow}`;
    default:
      throw badUserInput('Nível de estoque inválido.', 'filter.stockLevel');
  }
}

function priceBound(value: number | null | undefined, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < 0) {
    throw badUserInput('O preço do filtro não pode ser negativo.', field);
  }
  return value;
}

/**
 * The WHERE condition (over `products p`) of a staff product filter: search (name or slug,
 * accents and case ignored; part of a SKU, case ignored; a whole GTIN), brands, category with its subtree,
 * published, featured, stock level and lowest-price range. `brandScope` is the caller's brands
 * (a BRAND_MANAGER's; null: every brand) and always applies. Bad input throws BAD_USER_INPUT
 * with extensions.field 'filter.<name>'.
 *
 * Usage: sql`SELECT p.id FROM products p WHERE ${staffProductWhere(filter, brandScopeOf(staff))}`.
 */
export function staffProductWhere(
  filter: StaffProductFilterInput | null | undefined,
  brandScope: readonly string[] | null,
): SQL {
  const conditions: SQL[] = [];
  if (brandScope !== null) {
    conditions.push(
      brandScope.length > 0
        ? sql`p.brand_id IN (${sql.join(
            brandScope.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  const search = filter?.search?.trim() ?? '';
  if (search.length > MAX_SEARCH_LENGTH) {
    throw badUserInput(
      `A busca aceita no máximo ${MAX_SEARCH_LENGTH} caracteres.`,
      'filter.search',
    );
  }
  if (search) {
    // Every word in the name or the slug (accents and case ignored), or the search is part of a
    // variant's SKU as staff type it ('MAR-0002' finds MAR-00025-M-PRT, case ignored; a trigram
    // index, migration 0034), or a whole GTIN.
    const words = foldText(search)
      .split(/[\s-]+/)
      .filter(Boolean)
      .slice(0, MAX_SEARCH_WORDS);
    const byName = sql.join(
      words.map((word) => {
        const pattern = likePattern(word);
        return sql`(p.name_folded LIKE ${pattern} OR p.slug LIKE ${pattern})`;
      }),
      sql` AND `,
    );
    conditions.push(sql`((${byName})
      OR p.id IN (SELECT v.product_id FROM variants v
                  WHERE upper(v.sku) LIKE ${likePattern(search.toUpperCase())}
                     OR v.gtin = ${normalizeGtin(search)}))`);
  }
  const brandIds = [...new Set(filter?.brandIds ?? [])];
  if (brandIds.length > MAX_BRAND_IDS) {
    throw badUserInput(`Escolha no máximo ${MAX_BRAND_IDS} marcas no filtro.`, 'filter.brandIds');
  }
  if (brandIds.length > 0) {
    if (!brandIds.every(isUuid)) throw badUserInput('Marca inválida no filtro.', 'filter.brandIds');
    conditions.push(
      sql`p.brand_id IN (${sql.join(
        brandIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  const categoryId = filter?.categoryId ?? null;
  if (categoryId !== null) {
    if (!isUuid(categoryId)) {
      throw badUserInput('Categoria inválida no filtro.', 'filter.categoryId');
    }
    conditions.push(sql`p.category_id IN (
      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM categories WHERE id = ${categoryId}::uuid
        UNION ALL
        SELECT c.id FROM categories c JOIN subtree ON c.parent_id = subtree.id
      )
      SELECT id FROM subtree)`);
  }
  if (filter?.published !== null && filter?.published !== undefined) {
    conditions.push(sql`p.published = ${filter.published}`);
  }
  if (filter?.featured !== null && filter?.featured !== undefined) {
    conditions.push(sql`p.featured = ${filter.featured}`);
  }
  if (filter?.stockLevel) conditions.push(stockLevelCondition(filter.stockLevel));
  const min = priceBound(filter?.minPriceCents, 'filter.minPriceCents');
  const max = priceBound(filter?.maxPriceCents, 'filter.maxPriceCents');
  if (min !== null && max !== null && min > max) {
    throw badUserInput(
      'O preço mínimo não pode ser maior que o preço máximo.',
      'filter.minPriceCents',
    );
  }
  if (min !== null) conditions.push(sql`p.min_price_cents >= ${min}`);
  if (max !== null) conditions.push(sql`p.min_price_cents <= ${max}`);
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
}
