// The staff's order list in the orders domain's mock (the `orders` query of orders/staffOrders.ts):
// the filter, the search and the sort, validated and answered as the API does
// (orders.staff.repository): a BRAND_MANAGER sees only orders with their brands and never searches
// by e-mail or CPF; dates are days in São Paulo.
import { checkOrderListFilter, foldText } from '@vitrine/rules';

import type { StaffFixture } from '../auth/staff.fixtures';
import { badInput } from '../shared/graphqlDomain';
import type { StaffOrderFixture, StaffOrderStatus } from './staffOrders.fixtures';

export interface OrderFilterInput {
  status?: StaffOrderStatus | null;
  paymentStatus?: string | null;
  brandId?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  search?: string | null;
  fulfilmentStatus?: string | null;
  paymentMethod?: string | null;
  expiresBefore?: string | null;
  /** Shipped orders the carrier could not deliver or that go back (as the API). */
  deliveryProblem?: boolean | null;
}

export type OrderSort = 'NEWEST' | 'OLDEST' | 'TOTAL_DESC' | 'TOTAL_ASC' | 'EXPIRES_SOONEST';

const dayKey = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

// The server's search kinds (orders.staff.repository classifySearch), by the search's shape.
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const CPF_SHAPE = /^\d{3}[.\s]?\d{3}[.\s]?\d{3}[-\s]?\d{2}$/;
const ORDER_NUMBER = /^(?:vt)?[\s-]?(\d{1,15})$/i;

/**
 * As the server: a whole e-mail matches exactly (any case), a CPF (11 digits, punctuated or not)
 * exactly (11 bare digits may also be an order number), an order number ('VT-10023', 'vt10023',
 * '10023') exactly; anything else is text, part of the name (accents ignored), number or e-mail.
 * `contacts` false (a BRAND_MANAGER): never by e-mail or CPF.
 */
function matchesSearch(order: StaffOrderFixture, search: string, contacts: boolean): boolean {
  const text = search.trim();
  if (WHOLE_EMAIL.test(text)) {
    return contacts && order.customer.email.toLowerCase() === text.toLowerCase();
  }
  const numberDigits = ORDER_NUMBER.exec(text)?.[1];
  const number = numberDigits ? `VT-${Number(numberDigits)}` : null;
  if (CPF_SHAPE.test(text)) {
    const cpf = text.replace(/\D/g, '');
    return (contacts && order.customer.cpf === cpf) || order.number === number;
  }
  if (number) return order.number === number;
  const lower = text.toLowerCase();
  return (
    order.number.toLowerCase().includes(lower) ||
    foldText(order.customer.name).includes(foldText(text)) ||
    (contacts && order.customer.email.toLowerCase().includes(lower))
  );
}

export function sortOrders(list: StaffOrderFixture[], sort: OrderSort): StaffOrderFixture[] {
  const byNewest = (a: StaffOrderFixture, b: StaffOrderFixture) =>
    b.createdAt.localeCompare(a.createdAt);
  const sorted = [...list];
  switch (sort) {
    case 'NEWEST':
      return sorted.sort(byNewest);
    case 'OLDEST':
      return sorted.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    case 'TOTAL_DESC':
      return sorted.sort((a, b) => b.totalCents - a.totalCents || byNewest(a, b));
    case 'TOTAL_ASC':
      return sorted.sort((a, b) => a.totalCents - b.totalCents || byNewest(a, b));
    case 'EXPIRES_SOONEST': {
      const hold = (order: StaffOrderFixture) =>
        order.status === 'PENDING_PAYMENT' ? order.paymentExpiresAt : null;
      return sorted.sort((a, b) => {
        const ha = hold(a);
        const hb = hold(b);
        if (ha && hb) return ha.localeCompare(hb) || byNewest(a, b);
        if (ha) return -1;
        if (hb) return 1;
        return byNewest(a, b);
      });
    }
  }
}

/** The orders of the world this staff member may see, filtered (the `orders` query's rows). */
export function filterStaffOrders(
  all: StaffOrderFixture[],
  staff: StaffFixture,
  filter: OrderFilterInput,
): StaffOrderFixture[] {
  // The search, the days and the deadline by the server's rule (@vitrine/rules).
  const checked = checkOrderListFilter(filter);
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
  const { search, dateFrom, dateTo } = checked.value;
  const expiresBefore = checked.value.expiresBefore?.toISOString() ?? null;
  const manager = staff.role === 'BRAND_MANAGER';
  const brandIds = manager
    ? staff.brandIds.filter((id) => !filter.brandId || id === filter.brandId)
    : filter.brandId
      ? [filter.brandId]
      : null;
  return all.filter((order) => {
    if (brandIds && !order.lines.some((line) => line.brandId && brandIds.includes(line.brandId))) {
      return false;
    }
    if (filter.status && order.status !== filter.status) return false;
    if (filter.paymentStatus && order.paymentStatus !== filter.paymentStatus) return false;
    if (filter.fulfilmentStatus && order.fulfilmentStatus !== filter.fulfilmentStatus) {
      return false;
    }
    if (filter.paymentMethod && order.paymentMethod !== filter.paymentMethod) return false;
    const day = dayKey.format(new Date(order.createdAt));
    if (dateFrom && day < dateFrom) return false;
    if (dateTo && day > dateTo) return false;
    if (expiresBefore) {
      if (order.status !== 'PENDING_PAYMENT' || !order.paymentExpiresAt) return false;
      if (order.paymentExpiresAt >= expiresBefore) return false;
    }
    if (
      filter.deliveryProblem &&
      !(
        order.status === 'SHIPPED' &&
        (order.trackingStatus === 'DELIVERY_FAILED' || order.trackingStatus === 'RETURNING')
      )
    ) {
      return false;
    }
    if (search && !matchesSearch(order, search, !manager)) return false;
    return true;
  });
}
