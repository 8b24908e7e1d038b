// Customers: guest orders grouped by their normalised e-mail (lower case, trimmed). The customer's
// id is vitrine_customer_key(e-mail) (migrations/0024_customers.sql): the md5 of that e-mail, kept
// in the replacement address once anonymised, so the id never changes. The list, its totals and
// the search work per e-mail; the customer's orders also take in orders placed with another e-mail
// but one of the same CPFs (one person, two addresses), and so do the LGPD requests about them.
import { createHash } from 'node:crypto';
import {
  checkCustomerPage,
  checkCustomerSearch,
  customerAnonymizeRefusal,
  CUSTOMER_INPUT_LIMITS,
  CUSTOMER_INPUT_MESSAGES,
  formatCpf,
  formatPhone,
} from '@vitrine/rules';
import type { Database, Executor, Transaction } from '../../db';
import { maskEmail } from '../../lib/personal-data';
import { recordAudit, type AuditActor } from '../audit/audit';
import { maskedCpf } from '../orders/orders.staff.service';
import {
  countCustomers,
  cpfsOfCustomers,
  customersByIds,
  deleteRestockAlertsOf,
  listCustomers,
  mailsTo,
  ordersOfCustomers,
  restockAlertsOf,
  scrubMail,
  type CustomerAggregate,
  type CustomerListFilter,
  type CustomerOrderRow,
  type CustomerSearch,
  type CustomerSortKey,
} from './customers.repository';
import {
  allSavedViews,
  anonymizeOrderRow,
  lockOrderEvents,
  lockOrderJson,
  lockRowsNaming,
  orderExtrasOf,
  setNamingColumns,
  setOrderJson,
  setRedemptionEmails,
  setRefundReasons,
  setStatementDescription,
  statementEntriesOf,
  updateOrderEvent,
  updateSavedView,
  type NamingTarget,
  type OrderJsonColumn,
  type PersonIdentifiers,
} from './customers.lgpd.repository';
import { identifiersOf, personalDataScrubber, scrubJson, strongScrubber } from './customers.scrub';

export const DEFAULT_PAGE_SIZE = CUSTOMER_INPUT_LIMITS.defaultPageSize;
export const MAX_PAGE_SIZE = CUSTOMER_INPUT_LIMITS.pageSize;
export const MAX_OFFSET = CUSTOMER_INPUT_LIMITS.offset;
export const DEFAULT_ORDERS = CUSTOMER_INPUT_LIMITS.defaultOrders;

export const ANONYMIZED_NAME = 'Cliente anonimizado';
export const ALREADY_ANONYMIZED_MESSAGE = CUSTOMER_INPUT_MESSAGES.alreadyAnonymized;

/** Thrown for bad input (BAD_USER_INPUT with the field) or a missing customer (NOT_FOUND). */
export class CustomerError extends Error {
  override name = 'CustomerError';
  constructor(
    message: string,
    readonly field: string | null,
    readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND' = 'BAD_USER_INPUT',
  ) {
    super(message);
  }
}

const ID_PATTERN = /^[0-9a-f]{32}$/;

/** The customer's id of an e-mail (the same as vitrine_customer_key in SQL). */
export function customerIdOf(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * 'joana.silva@gmail.com' -> 'j***@gmail.com', 'joana@brandao.adv.br' -> 'j***@***.adv.br' (audit
 * labels never carry the address itself, nor a domain that may name its owner).
 */
export { maskEmail };

/** The customer as the API answers it. */
export interface CustomerView {
  id: string;
  name: string;
  email: string | null;
  cpf: string | null;
  phone: string | null;
  ordersCount: number;
  totalSpentCents: number;
  firstOrderAt: string;
  lastOrderAt: string;
  anonymized: boolean;
  anonymizedAt: string | null;
}

function safePhone(phone: string): string | null {
  if (phone === '') return null;
  try {
    return formatPhone(phone);
  } catch {
    return phone;
  }
}

export function customerView(row: CustomerAggregate): CustomerView {
  if (row.anonymized) {
    return {
      ...row,
      name: ANONYMIZED_NAME,
      email: null,
      cpf: null,
      phone: null,
    };
  }
  return {
    ...row,
    cpf: row.cpf === '' ? null : maskedCpf(row.cpf),
    phone: safePhone(row.phone),
  };
}

export interface CustomersArgs {
  filter?: { search?: string | null; anonymized?: boolean | null } | null;
  sort?: CustomerSortKey | null;
  first?: number | null;
  offset?: number | null;
}

/**
 * What a search of the list looks for: an e-mail (whole: the lower(e-mail) index; part of one:
 * contains), a CPF or phone with or without punctuation (11 digits: CPF or mobile; 10: phone;
 * fewer: part of either), otherwise words of the name or the e-mail.
 */
export function customerSearch(raw: string): CustomerSearch | null {
  const checked = checkCustomerSearch(raw);
  if (!checked.ok) throw new CustomerError(checked.issue.message, checked.issue.field);
  const text = checked.value;
  if (text === null) return null;
  const lower = text.toLowerCase();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(lower)) return { kind: 'email', email: lower };
  if (/^[\d\s().+-]+$/.test(text)) {
    let digits = text.replace(/\D/g, '');
    if (digits.length === 0) return null;
    // A phone typed with the country code.
    if (text.startsWith('+55') && digits.length >= 12) digits = digits.slice(2);
    if (digits.length === 11) return { kind: 'cpfOrPhone', digits };
    if (digits.length === 10) return { kind: 'phone', digits };
    return { kind: 'digitsPart', digits };
  }
  return { kind: 'words', text: lower };
}

export async function customersConnection(db: Executor, args: CustomersArgs) {
  const page = checkCustomerPage(args);
  if (!page.ok) throw new CustomerError(page.issue.message, page.issue.field);
  const { first, offset } = page.value;
  const filter: CustomerListFilter = {
    search: args.filter?.search ? customerSearch(args.filter.search) : null,
    anonymized: args.filter?.anonymized ?? null,
  };
  const sort = args.sort ?? 'LAST_ORDER_DESC';
  const [rows, totalCount] = await Promise.all([
    listCustomers(db, filter, sort, first, offset),
    countCustomers(db, filter),
  ]);
  return { nodes: rows.map(customerView), totalCount };
}

export async function findCustomer(db: Executor, id: string): Promise<CustomerView | null> {
  if (!ID_PATTERN.test(id)) return null;
  const [row] = await customersByIds(db, [id]);
  return row ? customerView(row) : null;
}

/** Each customer's orders (by e-mail, and by the same CPF under another e-mail), newest first. */
export async function ordersByCustomer(
  db: Executor,
  ids: string[],
  lock = false,
): Promise<Map<string, CustomerOrderRow[]>> {
  const valid = ids.filter((id) => ID_PATTERN.test(id));
  const cpfRows = await cpfsOfCustomers(db, valid);
  const cpfsOf = new Map<string, Set<string>>();
  for (const row of cpfRows) {
    const set = cpfsOf.get(row.id) ?? new Set<string>();
    set.add(row.cpf);
    cpfsOf.set(row.id, set);
  }
  const allCpfs = [...new Set(cpfRows.map((row) => row.cpf))];
  const rows = await ordersOfCustomers(db, valid, allCpfs, lock);
  const result = new Map<string, CustomerOrderRow[]>();
  for (const id of valid) {
    const cpfs = cpfsOf.get(id) ?? new Set<string>();
    result.set(
      id,
      rows.filter(
        (row) => row.customerKey === id || (row.anonymizedAt === null && cpfs.has(row.customerCpf)),
      ),
    );
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// LGPD: the data export (art. 18, II and V) and the anonymisation (art. 18, IV and VI).

function safeCpf(cpf: string): string | null {
  if (cpf === '') return null;
  try {
    return formatCpf(cpf);
  } catch {
    return cpf;
  }
}

/** The distinct lower-case addresses of the orders (the customer's and CPF-linked ones). */
function addressesOf(rows: CustomerOrderRow[]): string[] {
  return [...new Set(rows.map((row) => row.customerEmail.trim().toLowerCase()))];
}

async function requireCustomer(db: Executor, id: string): Promise<CustomerAggregate> {
  const [row] = ID_PATTERN.test(id) ? await customersByIds(db, [id]) : [];
  if (!row) throw new CustomerError('Cliente não encontrado.', 'id', 'NOT_FOUND');
  return row;
}

/**
 * Everything the store holds about the customer, as JSON text: the orders (customer, address,
 * lines, payments, refunds, coupons, timeline), the mails written to their addresses and their
 * "avise-me" alerts. Recorded in the audit log (customer.data_export; the label is the masked
 * e-mail, never the address).
 */
export async function exportCustomerData(
  db: Database,
  id: string,
  actor: AuditActor,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const customer = await requireCustomer(tx, id);
    const orderRows = (await ordersByCustomer(tx, [id])).get(id) ?? [];
    const extras = await orderExtrasOf(
      tx,
      orderRows.map((row) => row.id),
    );
    const addresses = addressesOf(orderRows);
    const mails = await mailsTo(tx, addresses);
    const alerts = await restockAlertsOf(tx, addresses);
    const view = customerView(customer);
    const document = {
      generatedAt: now.toISOString(),
      legalBasis: 'LGPD (Lei 13.709/2018), art. 18: confirmação e acesso aos dados.',
      customer: {
        id: customer.id,
        name: view.name,
        email: view.email,
        cpf: customer.anonymized ? null : safeCpf(customer.cpf),
        phone: view.phone,
        ordersCount: customer.ordersCount,
        totalSpentCents: customer.totalSpentCents,
        firstOrderAt: customer.firstOrderAt,
        lastOrderAt: customer.lastOrderAt,
        anonymized: customer.anonymized,
        anonymizedAt: customer.anonymizedAt,
      },
      orders: orderRows.map((row) => {
        const more = extras.get(row.id)!;
        return {
          number: row.number,
          createdAt: row.createdAt.toISOString(),
          status: row.status,
          paymentStatus: row.paymentStatus,
          fulfilmentStatus: row.fulfilmentStatus,
          paymentMethod: row.paymentMethod,
          installments: row.installments,
          customer: {
            name: row.customerName,
            email: row.customerEmail,
            cpf: safeCpf(row.customerCpf),
            phone: safePhone(row.customerPhone),
          },
          address: {
            postalCode: row.postalCode,
            street: row.street,
            number: row.streetNumber,
            complement: row.complement,
            district: row.district,
            city: row.city,
            uf: row.uf,
          },
          shipping: {
            method: row.shippingMethodName,
            kind: row.shippingMethodKind,
            priceCents: row.shippingCents,
            trackingCarrier: row.trackingCarrier,
            trackingCode: row.trackingCode,
          },
          subtotalCents: row.subtotalCents,
          discountCents: row.discountCents,
          pixDiscountCents: row.pixDiscountCents,
          totalCents: row.totalCents,
          refundedCents: row.refundedCents ?? 0,
          couponCode: row.couponCode,
          clientAddress: row.clientAddress,
          anonymizedAt: row.anonymizedAt,
          lines: more.lines,
          payments: more.payments,
          refunds: more.refunds,
          coupons: more.coupons,
          events: more.events,
        };
      }),
      mails: mails.map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        createdAt: mail.createdAt.toISOString(),
        sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
        textBody: mail.textBody,
      })),
      restockAlerts: alerts,
    };
    const label = customer.anonymized ? ANONYMIZED_NAME : maskEmail(customer.email);
    await recordAudit(tx, actor, {
      action: 'customer.data_export',
      entity: 'CUSTOMER',
      entityId: customer.id,
      entityLabel: label,
      summary: `Dados do cliente ${label} exportados (LGPD): ${orderRows.length} pedido(s), ${mails.length} e-mail(s), ${alerts.length} alerta(s).`,
    });
    return JSON.stringify(document, null, 2);
  });
}

export interface AnonymizeResult {
  customer: CustomerView;
  ordersAnonymized: number;
  mailsAnonymized: number;
  restockAlertsRemoved: number;
}

const ANONYMIZED_MAIL_TEXT =
  'Conteúdo removido: os dados pessoais deste cliente foram anonimizados (LGPD).';

/** The address orders and mails of an anonymised customer carry (it keeps the customer's id). */
export function anonymizedAddress(id: string): string {
  return `anonimizado+${id}@invalid`;
}

async function scrubOrderJson(
  tx: Transaction,
  target: OrderJsonColumn,
  orderIds: string[],
  scrub: (text: string) => string,
): Promise<void> {
  for (const row of await lockOrderJson(tx, target, orderIds)) {
    const next = scrubJson(row.value, scrub);
    if (next !== row.value) await setOrderJson(tx, target, row.id, next);
  }
}

/** What replaces, whole, a free text written about the customer's orders. */
export const REMOVED_TEXT = '[removido — LGPD]';

/**
 * Removes the customer's personal data, in one transaction, irreversibly: on their orders (and
 * the orders of the same CPF under another e-mail) the name becomes 'Cliente anonimizado', the
 * e-mail anonimizado+<id>@invalid, CPF and phone empty, street, number and district 'Anonimizado'
 * (a pickup order's stay empty), the complement and the client's IP address null and the CEP
 * its first five digits + '000' (a pickup order's may be empty); city, UF, lines and amounts stay
 * (tax and sales reports).
 *
 * Free texts people wrote about those orders (timeline notes, cancel and refund reasons, each
 * refund's reason) are replaced whole by REMOVED_TEXT: a nickname or a misspelt name would slip
 * through any search for the person's data. Structured records (timeline data, gateway payment
 * records and webhook payloads, bank statement lines) lose the person's names, address, CPF,
 * phone and e-mail (personalDataScrubber); coupon uses take the replacement address. Texts not
 * about the orders lose what names the person beyond doubt (whole name, e-mail, CPF, phone:
 * stock movements' reasons and notes, unmatched bank statement lines and webhook payloads).
 * Mails to their addresses (any spelling of them: emailIdentityKey) keep a scrubbed subject and
 * lose their bodies; their "avise-me" alerts are deleted; staff's saved list views lose a search
 * that named them. The audit log is append-only and never holds personal data (masked labels,
 * export searches by kind), so it stays as it is. Recorded as customer.anonymize.
 */
export async function anonymizeCustomer(
  db: Database,
  id: string,
  confirmation: string,
  actor: AuditActor,
): Promise<AnonymizeResult> {
  return db.transaction(async (tx) => {
    const customer = await requireCustomer(tx, id);
    const rows = ((await ordersByCustomer(tx, [id], true)).get(id) ?? []).filter(
      (row) => row.anonymizedAt === null,
    );
    // @vitrine/rules: anonymised once (no order left to scrub), confirmed by the e-mail.
    const refusal = customerAnonymizeRefusal(
      { anonymized: customer.anonymized || rows.length === 0, email: customer.email },
      confirmation,
    );
    if (refusal) throw new CustomerError(refusal.message, refusal.field);
    const label = maskEmail(customer.email);
    const scrub = personalDataScrubber(rows);
    const identifiers = identifiersOf(rows);
    const strongScrub = strongScrubber(identifiers);
    const replacement = anonymizedAddress(id);

    await anonymizeOrders(tx, rows, replacement, scrub, strongScrub);
    await scrubTextsNotAboutOrders(tx, identifiers, strongScrub);
    await scrubSavedViews(tx, scrub);
    const mailsAnonymized = await anonymizeMails(tx, addressesOf(rows), replacement, scrub);
    const removed = await deleteRestockAlertsOf(tx, addressesOf(rows));

    await recordAudit(tx, actor, {
      action: 'customer.anonymize',
      entity: 'CUSTOMER',
      entityId: id,
      entityLabel: label,
      summary: `Cliente ${label} anonimizado (LGPD): ${rows.length} pedido(s), ${mailsAnonymized} e-mail(s), ${removed} alerta(s) removido(s).`,
      after: {
        ordersAnonymized: rows.length,
        mailsAnonymized,
        restockAlertsRemoved: removed,
      },
    });
    const after = await requireCustomer(tx, id);
    return {
      customer: customerView(after),
      ordersAnonymized: rows.length,
      mailsAnonymized,
      restockAlertsRemoved: removed,
    };
  });
}

/**
 * The orders' own rows lose the person's data; their refunds' reasons and timeline notes are
 * replaced whole, their timeline data, payment records, webhook payloads and bank statement lines
 * scrubbed, their coupon uses take the replacement address.
 */
async function anonymizeOrders(
  tx: Transaction,
  rows: CustomerOrderRow[],
  replacement: string,
  scrub: (text: string) => string,
  strongScrub: (text: string) => string,
): Promise<void> {
  const orderIds = rows.map((row) => row.id);
  for (const row of rows) {
    // A key a client made of the shopper's data (the app's own are random) goes as well.
    const idempotencyKey =
      scrub(row.idempotencyKey) === row.idempotencyKey
        ? row.idempotencyKey
        : `anonimizado:${row.id}`;
    await anonymizeOrderRow(tx, row.id, {
      name: ANONYMIZED_NAME,
      email: replacement,
      removedText: REMOVED_TEXT,
      idempotencyKey,
    });
  }
  await setRefundReasons(tx, orderIds, REMOVED_TEXT);
  for (const event of await lockOrderEvents(tx, orderIds)) {
    const note = event.note === null ? null : REMOVED_TEXT;
    // The shopper acting on their own order is named as the anonymised customer; staff keep
    // their names.
    const actorName =
      event.actorName === null
        ? null
        : event.actor === 'customer'
          ? ANONYMIZED_NAME
          : strongScrub(event.actorName);
    const data = scrubJson(event.data, scrub);
    if (note === event.note && actorName === event.actorName && data === event.data) continue;
    await updateOrderEvent(tx, { id: event.id, note, actorName, data });
  }
  await scrubOrderJson(tx, { table: 'payments', column: 'raw' }, orderIds, scrub);
  await scrubOrderJson(tx, { table: 'payment_events', column: 'payload' }, orderIds, scrub);
  await setRedemptionEmails(tx, orderIds, replacement);
  for (const entry of await statementEntriesOf(tx, orderIds)) {
    const description = scrub(entry.description);
    if (description !== entry.description) {
      await setStatementDescription(tx, entry.id, description);
    }
  }
}

/**
 * Saved list views whose search named the person (the URL's words, decoded) lose that parameter
 * and keep their other filters; a view named after them is renamed.
 */
async function scrubSavedViews(tx: Transaction, scrub: (text: string) => string): Promise<void> {
  const views = await allSavedViews(tx);
  const taken = new Set(views.map((view) => `${view.owner}:${view.name.toLowerCase()}`));
  for (const view of views) {
    const params = [...new URLSearchParams(view.query)];
    const kept = params.filter(([, value]) => scrub(value) === value);
    let name = view.name;
    if (scrub(name) !== name) {
      const base = scrub(name).slice(0, 50);
      name = base;
      for (let n = 2; taken.has(`${view.owner}:${name.toLowerCase()}`); n += 1) {
        name = `${base} ${n}`;
      }
      taken.add(`${view.owner}:${name.toLowerCase()}`);
    }
    if (kept.length === params.length && name === view.name) continue;
    await updateSavedView(tx, view.id, name, new URLSearchParams(kept).toString());
  }
}

/** Mails to the addresses keep a scrubbed subject and lose their bodies; answers how many. */
async function anonymizeMails(
  tx: Transaction,
  addresses: string[],
  replacement: string,
  scrub: (text: string) => string,
): Promise<number> {
  const mails = await mailsTo(tx, addresses);
  for (const mail of mails) {
    await scrubMail(tx, mail.id, {
      toAddress: replacement,
      subject: scrub(mail.subject),
      textBody: ANONYMIZED_MAIL_TEXT,
      htmlBody: `<p>${ANONYMIZED_MAIL_TEXT}</p>`,
      lastError: mail.lastError === null ? null : scrub(mail.lastError),
    });
  }
  return mails.length;
}

/** Texts not about any order, scrubbed of what names the person beyond doubt. */
const TEXTS_NOT_ABOUT_ORDERS: NamingTarget[] = [
  { table: 'stock_movements', columns: ['reason', 'note'] },
  { table: 'bank_statement_entries', columns: ['description'], withoutOrder: true },
  { table: 'payment_events', columns: ['payload'], json: true, withoutOrder: true },
];

/**
 * Texts not tied to the customer's orders that may still name them, scrubbed of their whole
 * name, e-mail, CPF and phone: stock movements' reasons and notes, bank statement lines matched to
 * no order and webhook payloads of no order.
 */
async function scrubTextsNotAboutOrders(
  tx: Transaction,
  identifiers: PersonIdentifiers,
  scrub: (text: string) => string,
): Promise<void> {
  for (const target of TEXTS_NOT_ABOUT_ORDERS) {
    for (const row of await lockRowsNaming(tx, target, identifiers)) {
      const values = target.columns.flatMap((column) => {
        const value = row[column];
        if (value === null || value === undefined) return [];
        const next = target.json ? scrubJson(value, scrub) : scrub(value);
        return next === value ? [] : [{ column, value: next }];
      });
      await setNamingColumns(tx, target, row.id!, values);
    }
  }
}
