// The SQL of "Avise-me quando chegar" (restock.service.ts): the requests (restock_alerts), their
// links' hashes, and the variants they watch.
import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { products, variants } from '../catalog/catalog.tables';
import { restockAlerts } from './restock.tables';

/**
 * Gives the unconfirmed request `id` created after `createdAfter` the link hash `tokenHash`;
 * whether there was such a request.
 */
export async function setUnconfirmedAlertTokenHash(
  tx: Executor,
  id: string,
  tokenHash: string,
  createdAfter: Date,
): Promise<boolean> {
  const rows = await tx
    .update(restockAlerts)
    .set({ tokenHash })
    .where(
      and(
        eq(restockAlerts.id, id),
        isNull(restockAlerts.confirmedAt),
        gt(restockAlerts.createdAt, createdAfter),
      ),
    )
    .returning({ id: restockAlerts.id });
  return rows.length > 0;
}

/** The variant a shopper asks about: its stock, labels, and whether the storefront shows it. */
export async function restockVariant(db: Executor, variantId: string) {
  const [variant] = await db
    .select({
      stock: variants.stock,
      size: variants.size,
      color: variants.color,
      productName: products.name,
      // An inactive brand's products are off the storefront, as unpublished ones are.
      published: sql<boolean>`(${products.published} AND EXISTS (SELECT 1 FROM brands b WHERE b.id = ${products.brandId} AND b.active))`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId));
  return variant;
}

/**
 * Records a request, or gives an unconfirmed one of the same variant and e-mail a new hash and
 * date; answers its id, or undefined when a confirmed request was there (kept as it is).
 */
export async function upsertRestockAlert(
  tx: Executor,
  alert: { variantId: string; email: string; tokenHash: string; createdAt: Date },
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .insert(restockAlerts)
    .values({
      variantId: alert.variantId,
      email: alert.email,
      tokenHash: alert.tokenHash,
      createdAt: alert.createdAt,
    })
    .onConflictDoUpdate({
      target: [restockAlerts.variantId, restockAlerts.email],
      set: { tokenHash: alert.tokenHash, createdAt: alert.createdAt },
      // A confirmed request is kept as it is: no new link, no mail.
      setWhere: isNull(restockAlerts.confirmedAt),
    })
    .returning({ id: restockAlerts.id });
  return row;
}

/** The product's name and slug and the variant's size and color. */
export async function watchedVariantOf(db: Executor, variantId: string) {
  const [variant] = await db
    .select({
      productName: products.name,
      productSlug: products.slug,
      size: variants.size,
      color: variants.color,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId));
  return variant;
}

/**
 * Confirms (at `now`) the unconfirmed request with the link hash `tokenHash` created after
 * `createdAfter`; answers its variant, or undefined.
 */
export async function confirmAlertByTokenHash(
  db: Executor,
  tokenHash: string,
  now: Date,
  createdAfter: Date,
): Promise<{ variantId: string } | undefined> {
  const [row] = await db
    .update(restockAlerts)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(restockAlerts.tokenHash, tokenHash),
        isNull(restockAlerts.confirmedAt),
        gt(restockAlerts.createdAt, createdAfter),
      ),
    )
    .returning({ variantId: restockAlerts.variantId });
  return row;
}

/** The variant of the confirmed request with the link hash `tokenHash`, or undefined. */
export async function confirmedAlertByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<{ variantId: string } | undefined> {
  const [confirmed] = await db
    .select({ variantId: restockAlerts.variantId })
    .from(restockAlerts)
    .where(and(eq(restockAlerts.tokenHash, tokenHash), isNotNull(restockAlerts.confirmedAt)));
  return confirmed;
}

/** Deletes the unconfirmed requests created before `createdBefore`; answers how many. */
export async function deleteUnconfirmedAlertsBefore(
  db: Executor,
  createdBefore: Date,
): Promise<number> {
  const expired = await db
    .delete(restockAlerts)
    .where(and(isNull(restockAlerts.confirmedAt), lt(restockAlerts.createdAt, createdBefore)))
    .returning({ id: restockAlerts.id });
  return expired.length;
}

/**
 * Up to `limit` confirmed requests whose variant has stock again, oldest first, locked until the
 * transaction ends (SKIP LOCKED), with what their mail names.
 */
export function lockDueRestockAlerts(tx: Executor, limit: number) {
  return tx
    .select({
      id: restockAlerts.id,
      email: restockAlerts.email,
      productName: products.name,
      productSlug: products.slug,
      size: variants.size,
      color: variants.color,
    })
    .from(restockAlerts)
    .innerJoin(variants, eq(variants.id, restockAlerts.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(isNotNull(restockAlerts.confirmedAt), gt(variants.stock, 0)))
    .orderBy(restockAlerts.createdAt)
    .limit(limit)
    .for('update', { of: restockAlerts, skipLocked: true });
}

export async function deleteRestockAlerts(tx: Executor, ids: string[]): Promise<void> {
  await tx.delete(restockAlerts).where(inArray(restockAlerts.id, ids));
}
