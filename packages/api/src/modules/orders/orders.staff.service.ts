// Staff order listing and visibility rules: who sees which orders, argument validation and the
// connection (cursor pages with a total count).
import { parseIsoDay } from '../../lib/dates';
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

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const SEARCH_MAX = 100;

export interface OrderFilterInput {
  status?: OrderRow['status'] | null;
  paymentStatus?: OrderRow['paymentStatus'] | null;
  brandId?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  search?: string | null;
}

export interface OrdersArgs {
  filter?: OrderFilterInput | null;
  sort?: OrderSortKey | null;
  first?: number | null;
  after?: string | null;
}

export interface OrderConnection {
  edges: { cursor: string; node: OrderRow }[];
  nodes: OrderRow[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

function validDay(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const day = parseIsoDay(value);
  if (!day) throw badUserInput('Data inválida: use o formato AAAA-MM-DD, como 2026-01-31.', field);
  return day;
}

export function encodeOrderCursor(sort: OrderSortKey, keyset: OrderKeyset): string {
  return Buffer.from(JSON.stringify([sort, keyset.key, keyset.id])).toString('base64url');
}

export function decodeOrderCursor(value: string, sort: OrderSortKey): OrderKeyset {
  const invalid = () =>
    badUserInput('Cursor de paginação inválido: recomece da primeira página.', 'after');
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
    typeof parsed[1] !== 'string' ||
    !/^-?\d{1,20}$/.test(parsed[1]) ||
    !isUuid(parsed[2])
  ) {
    throw invalid();
  }
  return { key: parsed[1], id: parsed[2] };
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

export async function ordersConnection(
  db: Executor,
  principal: StaffPrincipal,
  args: OrdersArgs,
): Promise<OrderConnection> {
  const sort: OrderSortKey = args.sort ?? 'NEWEST';
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw badUserInput(`Peça de 1 a ${MAX_PAGE_SIZE} pedidos por página.`, 'first');
  }
  const input = args.filter ?? {};
  if (input.brandId !== null && input.brandId !== undefined && !isUuid(input.brandId)) {
    throw badUserInput('Marca inválida.', 'brandId');
  }
  const search = input.search?.trim() ?? '';
  if (search.length > SEARCH_MAX) {
    throw badUserInput(`A busca pode ter no máximo ${SEARCH_MAX} caracteres.`, 'search');
  }
  const dateFrom = validDay(input.dateFrom, 'dateFrom');
  const dateTo = validDay(input.dateTo, 'dateTo');
  if (dateFrom && dateTo && dateFrom > dateTo) {
    throw badUserInput('A data inicial deve ser anterior ou igual à final.', 'dateFrom');
  }
  const filter: OrderListFilter = {
    status: input.status ?? null,
    paymentStatus: input.paymentStatus ?? null,
    dateFrom,
    dateTo,
    search: search || null,
    ...visibility(principal, input.brandId ?? null),
  };
  const after = args.after ? decodeOrderCursor(args.after, sort) : null;
  const [rows, totalCount] = await Promise.all([
    listOrders(db, filter, sort, first + 1, after),
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
