// The SQL of the demo commerce data (checkout.seed.ts): each statement fills only what is missing.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import type { PickupPoint } from '@vitrine/rules';
import { paymentSettings, storeSettings } from '../settings/settings.tables';
import { shippingMethods } from '../shipping/shipping.tables';

export async function anyShippingMethod(db: Database): Promise<boolean> {
  const existing = await db.select({ id: shippingMethods.id }).from(shippingMethods).limit(1);
  return existing.length > 0;
}

export async function insertShippingMethods(
  db: Database,
  rows: (typeof shippingMethods.$inferInsert)[],
): Promise<void> {
  await db.insert(shippingMethods).values(rows);
}

/** The pickup method named `name` without a point gets `point` (and its address text). */
export async function fillMissingPickupPoint(
  db: Database,
  name: string,
  point: PickupPoint,
  address: string,
): Promise<void> {
  await db
    .update(shippingMethods)
    .set({ pickupPoint: point, pickupAddress: address })
    .where(
      and(
        eq(shippingMethods.kind, 'pickup'),
        eq(shippingMethods.name, name),
        isNull(shippingMethods.pickupPoint),
      ),
    );
}

/** The welcome coupon `code` (10% off, once per e-mail) unless a coupon has that code. */
export async function insertWelcomeCoupon(db: Database, code: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO coupons (code, description, kind, percent, per_email_limit)
    VALUES (${code}, 'Boas-vindas: 10% de desconto na primeira compra.', 'percent', 10, 1)
    ON CONFLICT ((upper(code))) DO NOTHING`);
}

/** The Pix receiving account, when the store has no Pix key. */
export async function setPixAccountWhereMissing(
  db: Database,
  account: Pick<
    typeof paymentSettings.$inferInsert,
    'pixKey' | 'pixMerchantName' | 'pixMerchantCity' | 'pixExpiryMinutes'
  >,
): Promise<void> {
  await db
    .update(paymentSettings)
    .set({ ...account, updatedAt: sql`now()` })
    .where(and(eq(paymentSettings.id, true), isNull(paymentSettings.pixKey)));
}

/** The store's legal identity, when it has no CNPJ. */
export async function setLegalIdentityWhereMissing(
  db: Database,
  identity: Partial<typeof storeSettings.$inferInsert>,
): Promise<void> {
  await db
    .update(storeSettings)
    .set(identity)
    .where(and(eq(storeSettings.id, true), isNull(storeSettings.cnpj)));
}

/** The store's fiscal data, when it has no inscrição estadual. */
export async function setFiscalSettingsWhereMissing(
  db: Database,
  fiscal: Partial<typeof storeSettings.$inferInsert>,
): Promise<void> {
  await db
    .update(storeSettings)
    .set(fiscal)
    .where(and(eq(storeSettings.id, true), isNull(storeSettings.stateRegistration)));
}

/** Each product without an NCM gets its category's (by category slug). */
export async function setMissingNcmByCategory(
  db: Database,
  ncmBySlug: Record<string, string>,
): Promise<void> {
  const ncms = sql.join(
    Object.entries(ncmBySlug).map(([slug, ncm]) => sql`(${slug}, ${ncm})`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE products p SET ncm = m.ncm
      FROM categories c, (VALUES ${ncms}) AS m(slug, ncm)
     WHERE p.category_id = c.id AND c.slug = m.slug AND p.ncm IS NULL`);
}
