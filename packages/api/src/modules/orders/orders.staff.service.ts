// Staff order listing and visibility rules: who sees which orders, argument validation and the
// connection (cursor pages with a total count).
import {
  checkOrderListFilter,
  checkOrderPage,
  ORDER_INPUT_LIMITS,
  ORDER_INPUT_MESSAGES,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import { badUserInput } from '../../graphql/errors';
import type { StaffPrincipal } from '../../graphql/context';
import type { OrderLineRow, OrderRow } from './orders.tables';
import { isUuid } from '../../lib/ids';
import {
  countOrders,
  findOrderById,
  linesByOrderIds,
  listOrders,
  type OrderKeyset,
  type OrderListFilter,
  type OrderSortKey,
} from './orders.staff.repository';

export const DEFAULT_PAGE_SIZE = ORDER_INPUT_LIMITS.defaultPageSize;
export const MAX_PAGE_SIZE = ORDER_INPUT_LIMITS.pageSize;
export const MAX_OFFSET = ORDER_INPUT_LIMITS.offset;

export interface OrderFilterInput {
  status?: OrderRow['status'] | null;
  paymentStatus?: OrderRow['paymentStatus'] | null;
  brandId?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  search?: string | null;
  fulfilmentStatus?: OrderRow['fulfilmentStatus'] | null;
  paymentMethod?: OrderRow['paymentMethod'] | null;
  expiresBefore?: string | null;
  deliveryProblem?: boolean | null;
}

export interface OrdersArgs {
  filter?: OrderFilterInput | null;
  sort?: OrderSortKey | null;
  first?: number | null;
  after?: string | null;
  offset?: number | null;
}

export interface OrderConnection {
  edges: { cursor: string; node: OrderRow }[];
  nodes: OrderRow[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export function encodeOrderCursor(sort: OrderSortKey, keyset: OrderKeyset): string {
  return Buffer.from(JSON.stringify([sort, keyset.key, keyset.id])).toString('base64url');
}

export function decodeOrderCursor(value: string, sort: OrderSortKey): OrderKeyset {
  const invalid = () => badUserInput(ORDER_INPUT_MESSAGES.cursor, 'after');
  if (value.length > 200) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== sort ||
    !(
      (typeof parsed[1] === 'string' && /^-?\d{1,20}$/.test(parsed[1])) ||
      // Under EXPIRES_SOONEST an order without a deadline has no key.
      (parsed[1] === null && sort === 'EXPIRES_SOONEST')
    ) ||
    !isUuid(parsed[2])
  ) {
    throw invalid();
  }
  return { key: parsed[1] as string | null, id: parsed[2] };
}

/**
 * The part of the filter that depends on who asks: a BRAND_MANAGER sees only orders with lines of
 * their brands, filters by their brands only, and never searches by e-mail or CPF.
 */
function visibility(
  principal: StaffPrincipal,
  brandId: string | null,
): Pick<OrderListFilter, 'visibleBrandIds' | 'searchContact' | 'brandId'> {
  if (principal.role !== 'BRAND_MANAGER') return { brandId };
  const visibleBrandIds =
    brandId === null
      ? principal.brandIds
      : principal.brandIds.filter((id) => id === brandId.toLowerCase());
  return { visibleBrandIds, searchContact: false, brandId: null };
}

/** An OrderFilter checked, before who asks is taken into account (orderListFilter). */
export type CheckedOrderFilter = Omit<OrderListFilter, 'visibleBrandIds' | 'searchContact'>;

/**
 * Checks an OrderFilter as the `orders` query and the CSV export both take it; BAD_USER_INPUT
 * naming the field (brandId, dateFrom, dateTo, search, expiresBefore) when it is wrong.
 */
export function checkOrderFilter(input: OrderFilterInput | null | undefined): CheckedOrderFilter {
  const filter = input ?? {};
  if (filter.brandId !== null && filter.brandId !== undefined && !isUuid(filter.brandId)) {
    throw badUserInput('Marca inválida.', 'brandId');
  }
  // The search, the days and the deadline by @vitrine/rules (the mocks check the same).
  const checked = checkOrderListFilter(filter);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  const { search, dateFrom, dateTo, expiresBefore } = checked.value;
  return {
    status: filter.status ?? null,
    paymentStatus: filter.paymentStatus ?? null,
    fulfilmentStatus: filter.fulfilmentStatus ?? null,
    paymentMethod: filter.paymentMethod ?? null,
    expiresBefore,
    deliveryProblem: filter.deliveryProblem === true,
    brandId: filter.brandId?.toLowerCase() ?? null,
    dateFrom,
    dateTo,
    search,
  };
}

/**
 * The list filter of `input` for `principal`: checked (checkOrderFilter) and narrowed to what
 * they may see (visibility). The `orders` query and the CSV export both read orders through it,
 * so the two always agree on which orders a filter means.
 */
export function orderListFilter(
  principal: StaffPrincipal,
  input: OrderFilterInput | null | undefined,
): OrderListFilter {
  const { brandId, ...checked } = checkOrderFilter(input);
  return { ...checked, ...visibility(principal, brandId ?? null) };
}

export async function ordersConnection(
  db: Executor,
  principal: StaffPrincipal,
  args: OrdersArgs,
): Promise<OrderConnection> {
  const sort: OrderSortKey = args.sort ?? 'NEWEST';
  const paging = checkOrderPage(args);
  if (!paging.ok) throw badUserInput(paging.issue.message, paging.issue.field);
  const { first, offset } = paging.value;
  const filter = orderListFilter(principal, args.filter);
  const after = args.after ? decodeOrderCursor(args.after, sort) : null;
  const [rows, totalCount] = await Promise.all([
    listOrders(db, filter, sort, first + 1, after, offset),
    countOrders(db, filter),
  ]);
  const page = rows.slice(0, first);
  const edges = page.map(({ sortKey, ...node }) => ({
    cursor: encodeOrderCursor(sort, { key: sortKey, id: node.id }),
    node,
  }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount,
  };
}

/** The order when the caller may see it: everyone on staff, a BRAND_MANAGER only with their brands. */
export async function visibleOrder(
  db: Executor,
  principal: StaffPrincipal,
  id: string,
): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const order = await findOrderById(db, id);
  if (!order) return null;
  if (principal.role !== 'BRAND_MANAGER') return order;
  const own = new Set(principal.brandIds);
  const lines = await linesByOrderIds(db, [id]);
  return lines.some((line) => line.brandId !== null && own.has(line.brandId)) ? order : null;
}

/**
 * What a BRAND_MANAGER sees of an order that also holds other brands' lines: their own lines and
 * the figures of those lines alone (the coupon's share each line carries, and the Pix discount in
 * proportion to their lines' value). Null when the whole order is theirs, or for other roles.
 */
export interface BrandShare {
  lines: OrderLineRow[];
  subtotalCents: number;
  discountCents: number;
  pixDiscountCents: number;
  totalCents: number;
}

export function brandShare(
  principal: StaffPrincipal,
  order: Pick<OrderRow, 'subtotalCents' | 'discountCents' | 'pixDiscountCents'>,
  lines: OrderLineRow[],
): BrandShare | null {
  if (principal.role !== 'BRAND_MANAGER') return null;
  const own = new Set(principal.brandIds);
  const ownLines = lines.filter((line) => line.brandId !== null && own.has(line.brandId));
  if (ownLines.length === lines.length) return null;
  const subtotalCents = ownLines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const discountCents = ownLines.reduce((sum, line) => sum + line.discountCents, 0);
  const orderMerchandise = order.subtotalCents - order.discountCents;
  const ownMerchandise = subtotalCents - discountCents;
  const pixDiscountCents =
    orderMerchandise > 0
      ? Math.round((order.pixDiscountCents * ownMerchandise) / orderMerchandise)
      : 0;
  return {
    lines: ownLines,
    subtotalCents,
    discountCents,
    pixDiscountCents,
    totalCents: ownMerchandise - pixDiscountCents,
  };
}

/** A CPF as SUPPORT sees it: the middle digits only (`***.444.777-**`), as receipts print it. */
export function maskedCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  if (digits.length !== 11) return '***.***.***-**';
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}
