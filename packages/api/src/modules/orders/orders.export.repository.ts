// Orders read for the CSV export: keyset batches of the staff list (the grid's filters, sort
// and visibility, listOrders) with the lines of each batch, so any number of orders streams in
// constant memory.
import type { Executor } from '../../db';
import type { OrderLineRow, OrderRow } from './orders.tables';
import {
  linesByOrderIds,
  listOrders,
  type OrderKeyset,
  type OrderListFilter,
  type OrderSortKey,
} from './orders.staff.repository';

export type { OrderListFilter, OrderSortKey };

export interface OrderExportBatch {
  orders: OrderRow[];
  /** Each order's lines, in their position order. */
  lines: Map<string, OrderLineRow[]>;
  /** Where the next batch starts; null after the last one. */
  next: OrderKeyset | null;
}

export async function orderExportBatch(
  db: Executor,
  filter: OrderListFilter,
  sort: OrderSortKey,
  size: number,
  after: OrderKeyset | null,
): Promise<OrderExportBatch> {
  const rows = await listOrders(db, filter, sort, size, after);
  const lines = new Map<string, OrderLineRow[]>();
  for (const line of await linesByOrderIds(
    db,
    rows.map((row) => row.id),
  )) {
    const group = lines.get(line.orderId);
    if (group) group.push(line);
    else lines.set(line.orderId, [line]);
  }
  const last = rows.at(-1);
  return {
    orders: rows.map(({ sortKey: _sortKey, ...order }) => order),
    lines,
    next: rows.length === size && last ? { key: last.sortKey, id: last.id } : null,
  };
}
