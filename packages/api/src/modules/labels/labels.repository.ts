// Reads of the labels: an order's latest (batched per request), a label's or a batch's PDF.
import { desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db';
import type { GraphQLContext } from '../../graphql/context';
import { keyedLoader } from '../../lib/keyed-loader';
import { variants } from '../catalog/catalog.tables';
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
