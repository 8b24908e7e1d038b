// Database access of the checkout. The stock and coupon updates are conditional single statements:
// they are the concurrency control (no read-then-write, no in-process lock).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import {} from '../../db/statements';
import {
  brands,
  categories,
  images,
  products,
  stockMovements,
  variants,
  type ImageSource,
} from '../catalog/catalog.tables';
import { coupons, type CouponRow } from '../coupons/coupons.tables';
import {} from '../orders/orders.tables';
import { type PaymentSettingsRow, type StoreSettingsRow } from '../settings/settings.tables';
import { shippingMethods, type ShippingMethodRow } from '../shipping/shipping.tables';

export interface CartVariantRow {
  variantId: string;
  productId: string;
  productSlug: string;
  productName: string;
  published: boolean;
  brandId: string;
  brandName: string;
  categoryId: string;
  sku: string;
  size: string | null;
  color: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  stock: number;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  /** The product's first photo (by position) as its renditions; null without photos. */
  firstImage: ImageSource[] | null;
}

/**
 * The variants of a cart with their product, brand and the product's first photo, in the order of
 * `ids`' sort: one statement.
 */
export async function loadCartVariants(
  db: Executor,
  ids: readonly string[],
): Promise<CartVariantRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      variantId: variants.id,
      productId: products.id,
      productSlug: products.slug,
      productName: products.name,
      // An inactive brand's products are off the storefront: refused as unpublished ones are.
      published: sql<boolean>`(${products.published} AND ${brands.active})`,
      brandId: brands.id,
      brandName: brands.name,
      categoryId: products.categoryId,
      sku: variants.sku,
      size: variants.size,
      color: variants.color,
      priceCents: variants.priceCents,
      compareAtPriceCents: variants.compareAtPriceCents,
      stock: variants.stock,
      weightGrams: variants.weightGrams,
      lengthCm: variants.lengthCm,
      widthCm: variants.widthCm,
      heightCm: variants.heightCm,
      firstImage: sql<ImageSource[] | null>`(
        SELECT ${images.sources} FROM ${images} WHERE ${images.productId} = ${products.id}
        ORDER BY ${images.position}, ${images.createdAt} LIMIT 1)`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(variants.id, [...ids]))
    .orderBy(asc(variants.id));
}

/** parent of every category, to expand a product's category to its ancestors. */
export async function loadCategoryParents(db: Executor): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories);
  return new Map(rows.map((row) => [row.id, row.parentId]));
}

export async function loadNames(
  db: Executor,
  brandIds: readonly string[],
  categoryIds: readonly string[],
): Promise<{ brands: Map<string, string>; categories: Map<string, string> }> {
  // Sequential: `db` may be a transaction, whose single connection runs one query at a time.
  const brandRows = brandIds.length
    ? await db
        .select({ id: brands.id, name: brands.name })
        .from(brands)
        .where(inArray(brands.id, [...brandIds]))
    : [];
  const categoryRows = categoryIds.length
    ? await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, [...categoryIds]))
    : [];
  return {
    brands: new Map(brandRows.map((row) => [row.id, row.name])),
    categories: new Map(categoryRows.map((row) => [row.id, row.name])),
  };
}

export async function activeShippingMethods(db: Executor): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.name));
}

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | null> {
  const rows = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function insertStockMovements(
  db: Executor,
  movements: ReadonlyArray<{ variantId: string; delta: number; reason: string }>,
): Promise<void> {
  if (movements.length === 0) return;
  // A checkout's movements are sales (the ledger's kind ORDER).
  await db.insert(stockMovements).values(movements.map((m) => ({ ...m, kind: 'ORDER' })));
}

export interface CheckoutSettings {
  store: StoreSettingsRow;
  payment: PaymentSettingsRow;
  /** Active shipping methods by position, then name. */
  methods: ShippingMethodRow[];
}

export * from './checkout.place.repository';
