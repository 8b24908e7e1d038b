// Database access of the checkout. The stock and coupon updates are conditional single statements:
// they are the concurrency control (no read-then-write, no in-process lock).
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { emailIdentityKey, emailIdentityKeySql } from '../../lib/email-identity';
import type { Executor } from '../../db';
import {
  brands,
  categories,
  images,
  products,
  stockMovements,
  variants,
  type ImageSource,
} from '../catalog/catalog.tables';
import { couponRedemptions, coupons, type CouponRow } from '../coupons/coupons.tables';
import { orders } from '../orders/orders.tables';
import {
  paymentSettings,
  storeSettings,
  type PaymentSettingsRow,
  type StoreSettingsRow,
} from '../settings/settings.tables';
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

/**
 * The coupon's uses by this shopper: redemptions whose e-mail is the same address once normalised
 * (case, "+tag", Gmail dots; see emailIdentityKey) or whose order carries the same CPF.
 */
export async function couponUsesByCustomer(
  db: Executor,
  couponId: string,
  customer: { email: string; cpf: string },
): Promise<number> {
  const cpf = customer.cpf.replace(/\D/g, '');
  const rows = await db
    .select({ uses: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .leftJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        or(
          sql`${emailIdentityKeySql(couponRedemptions.email)} = ${emailIdentityKey(customer.email)}`,
          sql`regexp_replace(${orders.customerCpf}, '[^0-9]', '', 'g') = ${cpf}`,
        ),
      ),
    );
  return Number(rows[0]?.uses ?? 0);
}

/**
 * Counts one use of the coupon if a use is left: a single conditional UPDATE, so two orders racing
 * for the last use cannot both get it. The row stays locked until the transaction ends, which
 * also serialises the per-e-mail check that follows. Returns the row as it was before, or null.
 */
export async function claimCouponUse(db: Executor, couponId: string): Promise<CouponRow | null> {
  const rows = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.usageLimit} IS NULL OR ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning();
  const row = rows[0];
  return row ? { ...row, usedCount: row.usedCount - 1 } : null;
}

export interface DecrementedVariant {
  priceCents: number;
  compareAtPriceCents: number | null;
  stock: number;
}

/**
 * Takes `quantity` units if that many are left; null when not (nothing changed). The price comes
 * from the locked row, so the order is priced with exactly what the database holds now.
 */
export async function takeStock(
  db: Executor,
  variantId: string,
  quantity: number,
): Promise<DecrementedVariant | null> {
  const rows = await db
    .update(variants)
    .set({ stock: sql`${variants.stock} - ${quantity}` })
    .where(and(eq(variants.id, variantId), sql`${variants.stock} >= ${quantity}`))
    .returning({
      priceCents: variants.priceCents,
      compareAtPriceCents: variants.compareAtPriceCents,
      stock: variants.stock,
    });
  return rows[0] ?? null;
}

export async function currentStock(db: Executor, variantId: string): Promise<number> {
  const rows = await db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId));
  return rows[0]?.stock ?? 0;
}

export async function insertStockMovements(
  db: Executor,
  movements: ReadonlyArray<{ variantId: string; delta: number; reason: string }>,
): Promise<void> {
  if (movements.length === 0) return;
  // A checkout's movements are sales (the ledger's kind ORDER).
  await db.insert(stockMovements).values(movements.map((m) => ({ ...m, kind: 'ORDER' })));
}

export async function insertCouponRedemption(
  db: Executor,
  redemption: typeof couponRedemptions.$inferInsert,
): Promise<void> {
  await db.insert(couponRedemptions).values(redemption);
}

export interface CheckoutSettings {
  store: StoreSettingsRow;
  payment: PaymentSettingsRow;
  /** Active shipping methods by position, then name. */
  methods: ShippingMethodRow[];
}

/**
 * What an order is priced and paid with (a transaction is one connection: each statement is a
 * round trip): the store's settings with the Pix account in one statement (one row each), then
 * the active shipping methods. Not one join of the three: before PostgreSQL has statistics of
 * these small tables it guesses millions of rows for it and spends half a second compiling it (JIT).
 */
export async function loadCheckoutSettings(db: Executor): Promise<CheckoutSettings> {
  const [settings] = await db
    .select({ store: storeSettings, payment: paymentSettings })
    .from(storeSettings)
    .innerJoin(paymentSettings, eq(paymentSettings.id, true))
    .where(eq(storeSettings.id, true))
    .limit(1);
  // The migrations insert both rows; their absence means the database was tampered with.
  if (!settings) throw new Error('store_settings or payment_settings row is missing');
  return { ...settings, methods: await activeShippingMethods(db) };
}
