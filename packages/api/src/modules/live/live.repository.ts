// The live module's only database read: which brands each order holds (a BRAND_MANAGER's filter).
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db';
import { orderLines } from '../orders/orders.tables';

/** The brand ids of each order's lines, for many orders in one query. */
export async function brandIdsOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .selectDistinct({ orderId: orderLines.orderId, brandId: orderLines.brandId })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]));
  for (const row of rows) {
    let brands = result.get(row.orderId);
    if (!brands) {
      brands = new Set();
      result.set(row.orderId, brands);
    }
    if (row.brandId) brands.add(row.brandId);
  }
  return result;
}
