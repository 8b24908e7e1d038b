// Reads of the labels: an order's latest (batched per request), a label's or a batch's PDF; the
// orders a batch asks for and their live labels; and the batch's and its labels' inserts.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import type { GraphQLContext } from '../../graphql/context';
import { keyedLoader } from '../../lib/keyed-loader';
import { variants } from '../catalog/catalog.tables';
import { orders } from '../orders/orders.tables';
import { shippingMethods } from '../shipping/shipping.tables';
import { labelBatches, shippingLabels, type ShippingLabelRow } from './labels.tables';

/** The order's live label, else its latest failed attempt; null when none was ever tried. */
export function latestLabelOf(
  ctx: Pick<GraphQLContext, 'db' | 'loaders'>,
  orderId: string,
): Promise<ShippingLabelRow | null> {
  const loader = ctx.loaders.get('shipping-labels', () =>
    keyedLoader<string, ShippingLabelRow | null>(
      async (ids) => {
        const rows = await ctx.db
          .select()
          .from(shippingLabels)
          .where(inArray(shippingLabels.orderId, ids))
          .orderBy(desc(shippingLabels.createdAt));
        const latest = new Map<string, ShippingLabelRow>();
        for (const row of rows) {
          const seen = latest.get(row.orderId);
          if (!seen || (seen.status !== 'PURCHASED' && row.status === 'PURCHASED')) {
            latest.set(row.orderId, row);
          }
        }
        return latest;
      },
      () => null,
    ),
  );
  return loader.load(orderId);
}

export async function labelPdf(
  db: Executor,
  id: string,
): Promise<{ pdf: Uint8Array; trackingCode: string | null } | null> {
  const [row] = await db
    .select({ pdf: shippingLabels.pdf, trackingCode: shippingLabels.trackingCode })
    .from(shippingLabels)
    .where(eq(shippingLabels.id, id));
  return row?.pdf ? { pdf: row.pdf, trackingCode: row.trackingCode } : null;
}

export async function batchPdf(
  db: Executor,
  id: string,
): Promise<{ pdf: Uint8Array; createdAt: Date } | null> {
  const [row] = await db
    .select({ pdf: labelBatches.pdf, createdAt: labelBatches.createdAt })
    .from(labelBatches)
    .where(eq(labelBatches.id, id));
  return row?.pdf ? { pdf: row.pdf, createdAt: row.createdAt } : null;
}

export interface VariantParcelRow {
  id: string;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

/** The variants' current weight and size (what the packing rule packs), by id. */
export async function variantParcelsByIds(
  db: Executor,
  ids: string[],
): Promise<VariantParcelRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: variants.id,
      weightGrams: variants.weightGrams,
      lengthCm: variants.lengthCm,
      widthCm: variants.widthCm,
      heightCm: variants.heightCm,
    })
    .from(variants)
    .where(inArray(variants.id, ids));
}

/** The orders `ids` (not empty) with their shipping method's carrier and service. */
export function ordersWithCarrier(db: Executor, ids: string[]) {
  return db
    .select({
      order: orders,
      carrier: shippingMethods.carrier,
      carrierService: shippingMethods.carrierService,
    })
    .from(orders)
    .leftJoin(shippingMethods, eq(shippingMethods.id, orders.shippingMethodId))
    .where(inArray(orders.id, ids));
}

/** The purchased labels of the orders `orderIds` (not empty). */
export function purchasedLabelsOf(db: Executor, orderIds: string[]): Promise<ShippingLabelRow[]> {
  return db
    .select()
    .from(shippingLabels)
    .where(
      sql`${shippingLabels.orderId} IN ${orderIds} AND ${shippingLabels.status} = 'PURCHASED'`,
    );
}

/** Records a batch of purchases; answers its id. */
export async function insertLabelBatch(
  tx: Executor,
  batch: typeof labelBatches.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(labelBatches).values(batch).returning({ id: labelBatches.id });
  return row!.id;
}

/** Records one label of a batch (purchased or failed); answers the row. */
export async function insertShippingLabel(
  tx: Executor,
  label: typeof shippingLabels.$inferInsert,
): Promise<ShippingLabelRow> {
  const [row] = await tx.insert(shippingLabels).values(label).returning();
  return row!;
}
