// The orders domain's customers and LGPD resolvers (Clientes): the staff orders grouped by e-mail
// into customers, as the server answers them (ADMIN and SUPPORT; the CPF always masked), the data
// export (JSON text) and the anonymisation (ADMIN; the confirmation repeats the e-mail), which
// clears the personal data from the customer's orders and keeps the amounts.
import {
  checkCustomerOrdersFirst,
  checkCustomerPage,
  checkCustomerSearch,
  customerAnonymizeRefusal,
  foldText,
  type RuleResult,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import type { OrdersState } from '../orders/orders.fixtures';
import { formatMaskedCpf, type StaffOrderFixture } from '../orders/staffOrders.fixtures';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { appendAuditEntry } from '../audit/staffAudit';

/** A rule's value, or its refusal as the server throws it (BAD_USER_INPUT on the field). */
function ruled<T>(result: RuleResult<T>): T {
  if (!result.ok) throw badInput(result.issue.message, result.issue.field);
  return result.value;
}

export const CUSTOMER_NOT_FOUND_MESSAGE = 'Cliente não encontrado.';
export const CUSTOMER_FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
export const ANONYMIZED_NAME = 'Cliente anonimizado';

type CustomerSort =
  'LAST_ORDER_DESC' | 'LAST_ORDER_ASC' | 'TOTAL_SPENT_DESC' | 'ORDERS_COUNT_DESC' | 'NAME_ASC';

interface CustomerRecord {
  id: string;
  name: string;
  email: string | null;
  cpf: string | null;
  phone: string | null;
  orders: StaffOrderFixture[];
  anonymizedAt: string | null;
}

/** A stable opaque id of a normalised e-mail (FNV-1a, hex), as the server derives one. */
export function customerIdOf(email: string): string {
  let hash = 0x811c9dc5;
  for (const char of email.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `cus_${hash.toString(16).padStart(8, '0')}`;
}

// Anonymised customers of each mock world: their orders no longer carry the e-mail they were
// grouped by, so the id and the time stay here.
const anonymizedOf = new WeakMap<
  OrdersState,
  { byOrder: Map<string, string>; at: Map<string, string> }
>();

function anonymized(state: OrdersState) {
  let entry = anonymizedOf.get(state);
  if (!entry) {
    entry = { byOrder: new Map(), at: new Map() };
    anonymizedOf.set(state, entry);
  }
  return entry;
}

const PAID = new Set(['PAID', 'SHIPPED', 'DELIVERED']);

function customersOf(state: OrdersState): CustomerRecord[] {
  const gone = anonymized(state);
  const groups = new Map<string, StaffOrderFixture[]>();
  for (const order of state.staffOrders) {
    // An order given already anonymised (no e-mail) stands for a customer of its own.
    const anonymousFixture = order.customer.email === '' && !gone.byOrder.has(order.id);
    if (anonymousFixture) {
      const id = customerIdOf(`anonimizado:${order.id}`);
      gone.byOrder.set(order.id, id);
      gone.at.set(id, order.updatedAt);
    }
    const id = gone.byOrder.get(order.id) ?? customerIdOf(order.customer.email);
    groups.set(id, [...(groups.get(id) ?? []), order]);
  }
  return [...groups].map(([id, orders]) => {
    const newest = [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const latest = newest[0]!;
    const anonymizedAt = gone.at.get(id) ?? null;
    return {
      id,
      name: anonymizedAt ? ANONYMIZED_NAME : latest.customer.name,
      email: anonymizedAt ? null : latest.customer.email,
      cpf: anonymizedAt ? null : latest.customer.cpf,
      phone: anonymizedAt ? null : latest.customer.phone,
      orders: newest,
      anonymizedAt,
    };
  });
}

function requireCustomerStaff(context: RequestContext) {
  const staff = requireStaff(context);
  if (staff.role === 'BRAND_MANAGER') {
    throw new GraphQLError(CUSTOMER_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
  }
  return staff;
}

function orderNode(order: StaffOrderFixture) {
  return {
    ...order,
    customer: {
      name: order.customer.name,
      email: order.customer.email || null,
      cpf: order.customer.cpf ? formatMaskedCpf(order.customer.cpf) : null,
      phone: order.customer.phone || null,
    },
    itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    brandNames: [...new Set(order.lines.map((line) => line.brandName))],
    allowedActions: [],
    pixTxid: null,
  };
}

function present(record: CustomerRecord) {
  const orders = record.orders;
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    cpf: record.cpf ? formatMaskedCpf(record.cpf) : null,
    phone: record.phone,
    ordersCount: orders.length,
    totalSpentCents: orders
      .filter((order) => PAID.has(order.status) || order.refundedCents > 0)
      .reduce((sum, order) => sum + order.totalCents - order.refundedCents, 0),
    firstOrderAt: orders[orders.length - 1]!.createdAt,
    lastOrderAt: orders[0]!.createdAt,
    anonymized: record.anonymizedAt !== null,
    anonymizedAt: record.anonymizedAt,
    orders: ({ first }: { first?: number | null }) => {
      return orders.slice(0, ruled(checkCustomerOrdersFirst(first))).map(orderNode);
    },
  };
}

function matches(record: CustomerRecord, search: string): boolean {
  const digits = search.replace(/\D/g, '');
  if (/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(search.trim())) return record.cpf === digits;
  if (digits.length >= 4 && /^[\d\s()+-]+$/.test(search) && record.phone?.includes(digits)) {
    return true;
  }
  const text = foldText(search.trim());
  return (
    foldText(record.name).includes(text) ||
    (record.email?.toLowerCase().includes(search.trim().toLowerCase()) ?? false)
  );
}

function sortCustomers(list: CustomerRecord[], sort: CustomerSort): CustomerRecord[] {
  const last = (record: CustomerRecord) => record.orders[0]!.createdAt;
  const spent = (record: CustomerRecord) => present(record).totalSpentCents;
  const sorted = [...list];
  switch (sort) {
    case 'LAST_ORDER_DESC':
      return sorted.sort((a, b) => last(b).localeCompare(last(a)));
    case 'LAST_ORDER_ASC':
      return sorted.sort((a, b) => last(a).localeCompare(last(b)));
    case 'TOTAL_SPENT_DESC':
      return sorted.sort((a, b) => spent(b) - spent(a) || last(b).localeCompare(last(a)));
    case 'ORDERS_COUNT_DESC':
      return sorted.sort(
        (a, b) => b.orders.length - a.orders.length || last(b).localeCompare(last(a)),
      );
    case 'NAME_ASC':
      return sorted.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }
}

function findCustomer(context: RequestContext, id: string): CustomerRecord | undefined {
  return customersOf(context.world.orders).find((record) => record.id === id);
}

function notFound(): GraphQLError {
  return new GraphQLError(CUSTOMER_NOT_FOUND_MESSAGE, {
    extensions: { code: 'NOT_FOUND', field: 'id' },
  });
}

export const staffCustomerResolvers = {
  customers: (
    args: {
      filter?: { search?: string | null; anonymized?: boolean | null } | null;
      sort?: CustomerSort | null;
      first?: number | null;
      offset?: number | null;
    },
    context: RequestContext,
  ) => {
    requireCustomerStaff(context);
    // The page and the search as the server reads them (@vitrine/rules).
    const { first: size, offset } = ruled(checkCustomerPage(args));
    const search = ruled(checkCustomerSearch(args.filter?.search)) ?? '';
    const wanted = args.filter?.anonymized;
    const rows = sortCustomers(
      customersOf(context.world.orders).filter(
        (record) =>
          (wanted === null || wanted === undefined || (record.anonymizedAt !== null) === wanted) &&
          (!search || matches(record, search)),
      ),
      args.sort ?? 'LAST_ORDER_DESC',
    );
    return { nodes: rows.slice(offset, offset + size).map(present), totalCount: rows.length };
  },
  customer: ({ id }: { id: string }, context: RequestContext) => {
    requireCustomerStaff(context);
    const record = findCustomer(context, id);
    return record ? present(record) : null;
  },
  customerDataExport: ({ id }: { id: string }, context: RequestContext) => {
    requireCustomerStaff(context);
    const record = findCustomer(context, id);
    if (!record) throw notFound();
    appendAuditEntry(context.world, {
      ip: '127.0.0.1',
      userAgent: null,
      action: 'customer.data_export',
      entity: 'CUSTOMER',
      entityId: record.id,
      entityLabel: record.email ?? record.name,
      brandIds: [],
      summary: 'Dados do cliente exportados a pedido do titular (LGPD).',
      before: null,
      after: null,
    });
    return JSON.stringify(
      {
        exportedAt: new Date().toISOString(),
        customer: {
          id: record.id,
          name: record.name,
          email: record.email,
          cpf: record.cpf,
          phone: record.phone,
          anonymizedAt: record.anonymizedAt,
        },
        orders: record.orders.map((order) => ({
          number: order.number,
          createdAt: order.createdAt,
          status: order.status,
          totalCents: order.totalCents,
          customer: order.customer,
          address: order.address,
          lines: order.lines.map((line) => ({
            productName: line.productName,
            variantLabel: line.variantLabel,
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
          })),
        })),
      },
      null,
      2,
    );
  },
  customerAnonymize: (
    { id, confirmation }: { id: string; confirmation: string },
    context: RequestContext,
  ) => {
    const staff = requireStaff(context);
    if (staff.role !== 'ADMIN') {
      throw new GraphQLError(CUSTOMER_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
    }
    const record = findCustomer(context, id);
    if (!record) throw notFound();
    const refusal = customerAnonymizeRefusal(
      { anonymized: record.anonymizedAt !== null, email: record.email ?? '' },
      confirmation,
    );
    if (refusal) throw badInput(refusal.message, refusal.field);
    const gone = anonymized(context.world.orders);
    const at = new Date().toISOString();
    gone.at.set(record.id, at);
    for (const order of record.orders) {
      gone.byOrder.set(order.id, record.id);
      order.customer = { name: ANONYMIZED_NAME, email: '', cpf: '', phone: '' };
      order.address = {
        postalCode: '',
        street: '',
        number: '',
        complement: null,
        district: '',
        city: order.address.city,
        uf: order.address.uf,
      };
    }
    appendAuditEntry(context.world, {
      ip: '127.0.0.1',
      userAgent: null,
      action: 'customer.anonymize',
      entity: 'CUSTOMER',
      entityId: record.id,
      entityLabel: ANONYMIZED_NAME,
      brandIds: [],
      summary: `Cliente anonimizado a pedido do titular: ${record.orders.length} pedidos.`,
      before: null,
      after: null,
    });
    const after = findCustomer(context, id)!;
    return {
      customer: present(after),
      ordersAnonymized: record.orders.length,
      mailsAnonymized: record.orders.length * 2,
      restockAlertsRemoved: 0,
    };
  },
} satisfies RootResolvers;
