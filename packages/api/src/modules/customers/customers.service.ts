// Customers: guest orders grouped by their normalised e-mail (lower case, trimmed). The customer's
// id is vitrine_customer_key(e-mail) (migrations/0024_customers.sql): the md5 of that e-mail, kept
// in the replacement address once anonymised, so the id never changes. The list, its totals and
// the search work per e-mail; the customer's orders also take in orders placed with another e-mail
// but one of the same CPFs (one person, two addresses), and so do the LGPD requests about them.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { formatCpf, formatPhone } from '@vitrine/rules';
import type { Database, Executor, Transaction } from '../../db';
import { maskEmail } from '../../lib/personal-data';
import { recordAudit, type AuditActor } from '../audit/audit';
import { orders } from '../orders/orders.tables';
import { maskedCpf } from '../orders/orders.staff.service';
import {
  countCustomers,
  cpfsOfCustomers,
  customersByIds,
  deleteRestockAlertsOf,
  listCustomers,
  mailsTo,
  ordersOfCustomers,
  rawRows,
  restockAlertsOf,
  scrubMail,
  type CustomerAggregate,
  type CustomerListFilter,
  type CustomerOrderRow,
  type CustomerSortKey,
} from './customers.repository';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 10_000;
export const DEFAULT_ORDERS = 20;

export const ANONYMIZED_NAME = 'Cliente anonimizado';
export const ALREADY_ANONYMIZED_MESSAGE = 'Este cliente já foi anonimizado.';

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The orders a search matches: an e-mail (whole: the lower(e-mail) index; part of one: contains),
 * a CPF or phone with or without punctuation (11 digits: CPF or mobile; 10: phone; fewer: part of
 * either), otherwise words of the name or the e-mail.
 */
export function searchMatch(raw: string): SQL | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  if (text.length > 200)
    throw new CustomerError('A busca pode ter no máximo 200 caracteres.', 'filter.search');
  const lower = text.toLowerCase();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(lower)) {
    return sql`lower(${orders.customerEmail}) = ${lower}`;
  }
  if (/^[\d\s().+-]+$/.test(text)) {
    let digits = text.replace(/\D/g, '');
    if (digits.length === 0) return null;
    // A phone typed with the country code.
    if (text.startsWith('+55') && digits.length >= 12) digits = digits.slice(2);
    if (digits.length === 11) {
      return sql`(${orders.customerCpf} = ${digits} OR ${orders.customerPhone} = ${digits})`;
    }
    if (digits.length === 10) return sql`${orders.customerPhone} = ${digits}`;
    const like = `%${digits}%`;
    return sql`(${orders.customerCpf} LIKE ${like} OR ${orders.customerPhone} LIKE ${like})`;
  }
  const like = `%${escapeLike(lower)}%`;
  return sql`(lower(${orders.customerName}) LIKE ${like} OR lower(${orders.customerEmail}) LIKE ${like})`;
}

export async function customersConnection(db: Executor, args: CustomersArgs) {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const offset = args.offset ?? 0;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw new CustomerError(`Peça de 1 a ${MAX_PAGE_SIZE} clientes por página.`, 'first');
  }
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) {
    throw new CustomerError(`O deslocamento vai de 0 a ${MAX_OFFSET}.`, 'offset');
  }
  const filter: CustomerListFilter = {
    match: args.filter?.search ? searchMatch(args.filter.search) : null,
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

interface OrderExtras {
  lines: Record<string, unknown>[];
  events: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  refunds: Record<string, unknown>[];
  coupons: Record<string, unknown>[];
}

const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function extrasOf(db: Executor, orderIds: string[]): Promise<Map<string, OrderExtras>> {
  const extras = new Map<string, OrderExtras>(
    orderIds.map((id) => [id, { lines: [], events: [], payments: [], refunds: [], coupons: [] }]),
  );
  if (orderIds.length === 0) return extras;
  const ids = sql`ARRAY[${sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const [lines, events, payments, refunds, coupons] = await Promise.all([
    rawRows<Record<string, unknown>>(
      db,
      sql`SELECT order_id AS "orderId", product_name AS "productName", brand_name AS "brandName",
        variant_label AS "variantLabel", sku, unit_price_cents AS "unitPriceCents",
        quantity, line_total_cents AS "lineTotalCents", discount_cents AS "discountCents"
        FROM order_lines WHERE order_id = ANY(${ids}) ORDER BY order_id, position`,
    ),
    rawRows<Record<string, unknown>>(
      db,
      sql`SELECT order_id AS "orderId", type, from_status AS "fromStatus", to_status AS "toStatus",
        actor, note, ${sql.raw(isoText('created_at'))} AS "createdAt"
        FROM order_events WHERE order_id = ANY(${ids}) ORDER BY order_id, created_at, id`,
    ),
    rawRows<Record<string, unknown>>(
      db,
      sql`SELECT order_id AS "orderId", provider, method, status, amount_cents AS "amountCents",
        refunded_cents AS "refundedCents", ${sql.raw(isoText('created_at'))} AS "createdAt"
        FROM payments WHERE order_id = ANY(${ids}) ORDER BY order_id, created_at, id`,
    ),
    rawRows<Record<string, unknown>>(
      db,
      sql`SELECT order_id AS "orderId", amount_cents AS "amountCents", reason,
        ${sql.raw(isoText('created_at'))} AS "createdAt"
        FROM order_refunds WHERE order_id = ANY(${ids}) ORDER BY order_id, created_at, id`,
    ),
    rawRows<Record<string, unknown>>(
      db,
      sql`SELECT r.order_id AS "orderId", c.code, r.discount_cents AS "discountCents"
        FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id
        WHERE r.order_id = ANY(${ids})`,
    ),
  ]);
  const push = (rows: Record<string, unknown>[], key: keyof OrderExtras) => {
    for (const { orderId, ...row } of rows) extras.get(String(orderId))?.[key].push(row);
  };
  push(lines, 'lines');
  push(events, 'events');
  push(payments, 'payments');
  push(refunds, 'refunds');
  push(coupons, 'coupons');
  return extras;
}

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
    const extras = await extrasOf(
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word as a pattern that also matches it without accents ('Brandão' finds 'BRANDAO'). */
function accentTolerant(text: string): string {
  return [...text]
    .map((char) => {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return base !== char && base.length === 1
        ? `[${escapeRegExp(char)}${escapeRegExp(base)}]`
        : escapeRegExp(char);
    })
    .join('');
}

/** The person's identifiers on their orders: addresses, whole names, CPF and phone digits. */
interface PersonIdentifiers {
  emails: string[];
  names: string[];
  /** CPFs and phones (with and without the area code), digits only. */
  digits: string[];
}

function identifiersOf(rows: CustomerOrderRow[]): PersonIdentifiers {
  const emails = new Set<string>();
  const names = new Set<string>();
  const digits = new Set<string>();
  for (const row of rows) {
    if (row.customerEmail.trim() !== '') emails.add(row.customerEmail.trim().toLowerCase());
    const name = row.customerName.trim().replace(/\s+/g, ' ');
    if (name.length >= 3) names.add(name);
    if (row.customerCpf.length >= 8) digits.add(row.customerCpf);
    if (row.customerPhone.length >= 8) {
      digits.add(row.customerPhone);
      digits.add(row.customerPhone.slice(2));
    }
  }
  return { emails: [...emails], names: [...names], digits: [...digits] };
}

/** Digits with any punctuation between them (123.456.789-09, (21) 99123-4567), never inside a longer number. */
function digitsPattern(digits: string): RegExp {
  return new RegExp(`(?<!\\d)${digits.split('').join('[\\s.()/-]*')}(?!\\d)`, 'g');
}

function wordsPattern(words: string[]): RegExp | null {
  const list = [...new Set(words.filter((word) => word !== ''))].sort(
    (a, b) => b.length - a.length,
  );
  if (list.length === 0) return null;
  // Whole words only ('Ana' is cut out of 'Ana ligou', not out of 'Banana').
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${list.map(accentTolerant).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
}

function scrubberOf(patterns: (RegExp | null)[]): (text: string) => string {
  const list = patterns.filter((pattern): pattern is RegExp => pattern !== null);
  return (text: string) =>
    list.reduce((current, pattern) => current.replace(pattern, '[removido]'), text);
}

/**
 * Removes the person's data from a text about their orders: each name and each word of it (3
 * letters or more, with or without accents), e-mail addresses and their local parts, street,
 * complement and district, CPF and phone with or without punctuation.
 */
export function personalDataScrubber(rows: CustomerOrderRow[]): (text: string) => string {
  const ids = identifiersOf(rows);
  const words = [...ids.emails, ...ids.names];
  for (const email of ids.emails) {
    const local = email.slice(0, email.lastIndexOf('@'));
    if (local.length >= 4) words.push(local);
  }
  for (const row of rows) {
    for (const word of row.customerName.split(/\s+/)) if (word.length >= 3) words.push(word);
    for (const part of [row.street, row.complement ?? '', row.district]) {
      if (part.trim().length >= 4) words.push(part.trim());
    }
  }
  return scrubberOf([wordsPattern(words), ...ids.digits.map(digitsPattern)]);
}

/**
 * Removes only what names the person beyond doubt (a whole name, an e-mail address, CPF, phone),
 * for texts not about their orders, where a first name alone may be someone else's.
 */
function strongScrubber(ids: PersonIdentifiers): (text: string) => string {
  return scrubberOf([
    wordsPattern([...ids.emails, ...ids.names]),
    ...ids.digits.map(digitsPattern),
  ]);
}

/**
 * Rows of `table` whose `column` may name the person (a whole name or address, lower case and
 * without accents, or the digits of a CPF or phone once punctuation is dropped): the candidates a
 * strong scrub reads, so a large table is filtered by the database first.
 */
async function rowsNaming(
  tx: Transaction,
  table: 'stock_movements' | 'bank_statement_entries' | 'payment_events',
  columns: string[],
  ids: PersonIdentifiers,
  where: SQL = sql`true`,
): Promise<Record<string, string | null>[]> {
  const texts = [
    ...ids.emails.map((email) => `%${escapeLike(email.toLowerCase())}%`),
    ...ids.names.map(
      (name) => `%${escapeLike(name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''))}%`,
    ),
  ];
  const digits = ids.digits.map((d) => `%${d}%`);
  const anyOf = (list: string[]) =>
    sql`ANY(ARRAY[${sql.join(
      list.map((item) => sql`${item}`),
      sql`, `,
    )}]::text[])`;
  const conditions = columns.flatMap((column) => {
    const text = sql.raw(`${column}::text`);
    return [
      ...(texts.length > 0 ? [sql`vt_unaccent(lower(${text})) LIKE ${anyOf(texts)}`] : []),
      ...(digits.length > 0
        ? [sql`regexp_replace(${text}, '[^0-9]', '', 'g') LIKE ${anyOf(digits)}`]
        : []),
    ];
  });
  if (conditions.length === 0) return [];
  return rawRows<Record<string, string | null>>(
    tx,
    sql`SELECT id::text AS id, ${sql.join(
      columns.map((column) => sql.raw(`${column}::text AS ${column}`)),
      sql`, `,
    )} FROM ${sql.identifier(table)}
      WHERE (${where}) AND (${sql.join(conditions, sql` OR `)}) FOR UPDATE`,
  );
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

/** A JSON text with `scrub` applied to its string values (keys and structure stay). */
function scrubJson(text: string, scrub: (text: string) => string): string {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    }
    return value;
  };
  const next = JSON.stringify(walk(JSON.parse(text)));
  // Unchanged values answer the text as it was (no rewrite of an untouched row).
  return next === JSON.stringify(JSON.parse(text)) ? text : next;
}

async function scrubJsonColumn(
  tx: Transaction,
  table: 'payments' | 'payment_events',
  column: 'raw' | 'payload',
  orderIds: SQL,
  scrub: (text: string) => string,
): Promise<void> {
  const rows = await rawRows<{ id: string; value: string }>(
    tx,
    sql`SELECT id, ${sql.identifier(column)}::text AS value FROM ${sql.identifier(table)}
      WHERE order_id = ANY(${orderIds}) FOR UPDATE`,
  );
  for (const row of rows) {
    const next = scrubJson(row.value, scrub);
    if (next === row.value) continue;
    await tx.execute(
      sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${next}::jsonb WHERE id = ${row.id}`,
    );
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
    if (customer.anonymized || rows.length === 0) {
      throw new CustomerError(ALREADY_ANONYMIZED_MESSAGE, 'id');
    }
    if (confirmation.trim().toLowerCase() !== customer.email) {
      throw new CustomerError(
        'Para confirmar, digite o e-mail do cliente exatamente como aparece na ficha.',
        'confirmation',
      );
    }
    const label = maskEmail(customer.email);
    const scrub = personalDataScrubber(rows);
    const identifiers = identifiersOf(rows);
    const strongScrub = strongScrubber(identifiers);
    const addresses = addressesOf(rows);
    const replacement = anonymizedAddress(id);
    const orderIds = sql`ARRAY[${sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    )}]::uuid[]`;

    for (const row of rows) {
      // A key a client made of the shopper's data (the app's own are random) goes as well.
      const idempotencyKey =
        scrub(row.idempotencyKey) === row.idempotencyKey
          ? row.idempotencyKey
          : `anonimizado:${row.id}`;
      await tx.execute(sql`UPDATE orders SET
          customer_name = ${ANONYMIZED_NAME},
          customer_email = ${replacement},
          customer_cpf = '',
          customer_phone = '',
          street = CASE WHEN street = '' THEN '' ELSE 'Anonimizado' END,
          street_number = CASE WHEN street_number = '' THEN '' ELSE 'S/N' END,
          complement = NULL,
          district = CASE WHEN district = '' THEN '' ELSE 'Anonimizado' END,
          postal_code = CASE WHEN postal_code = '' THEN '' ELSE left(postal_code, 5) || '000' END,
          client_address = NULL,
          cancel_reason = CASE WHEN cancel_reason IS NULL THEN NULL ELSE ${REMOVED_TEXT} END,
          refund_reason = CASE WHEN refund_reason IS NULL THEN NULL ELSE ${REMOVED_TEXT} END,
          idempotency_key = ${idempotencyKey},
          anonymized_at = now(),
          updated_at = now()
        WHERE id = ${row.id}`);
    }
    await tx.execute(
      sql`UPDATE order_refunds SET reason = ${REMOVED_TEXT} WHERE order_id = ANY(${orderIds})`,
    );
    const events = await rawRows<{
      id: string;
      actor: string;
      note: string | null;
      actorName: string | null;
      data: string;
    }>(
      tx,
      sql`SELECT id, actor, note, actor_name AS "actorName", data::text AS data FROM order_events
        WHERE order_id = ANY(${orderIds}) FOR UPDATE`,
    );
    for (const event of events) {
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
      await tx.execute(
        sql`UPDATE order_events SET note = ${note}, actor_name = ${actorName}, data = ${data}::jsonb
          WHERE id = ${event.id}`,
      );
    }
    await scrubJsonColumn(tx, 'payments', 'raw', orderIds, scrub);
    await scrubJsonColumn(tx, 'payment_events', 'payload', orderIds, scrub);
    await tx.execute(
      sql`UPDATE coupon_redemptions SET email = ${replacement} WHERE order_id = ANY(${orderIds})`,
    );
    const entries = await rawRows<{ id: string; description: string }>(
      tx,
      sql`SELECT id, description FROM bank_statement_entries WHERE order_id = ANY(${orderIds})`,
    );
    for (const entry of entries) {
      const description = scrub(entry.description);
      if (description === entry.description) continue;
      await tx.execute(
        sql`UPDATE bank_statement_entries SET description = ${description} WHERE id = ${entry.id}`,
      );
    }
    await scrubTextsNotAboutOrders(tx, identifiers, strongScrub);

    // Saved list views whose search named the person (the URL's words, decoded) lose that
    // parameter and keep their other filters; a view named after them is renamed.
    const views = await rawRows<{ id: string; owner: string; name: string; query: string }>(
      tx,
      sql`SELECT id, staff_id || ':' || screen AS owner, name, query FROM staff_saved_views`,
    );
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
      await tx.execute(
        sql`UPDATE staff_saved_views SET name = ${name},
          query = ${new URLSearchParams(kept).toString()} WHERE id = ${view.id}`,
      );
    }

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
    const removed = await deleteRestockAlertsOf(tx, addresses);

    await recordAudit(tx, actor, {
      action: 'customer.anonymize',
      entity: 'CUSTOMER',
      entityId: id,
      entityLabel: label,
      summary: `Cliente ${label} anonimizado (LGPD): ${rows.length} pedido(s), ${mails.length} e-mail(s), ${removed} alerta(s) removido(s).`,
      after: {
        ordersAnonymized: rows.length,
        mailsAnonymized: mails.length,
        restockAlertsRemoved: removed,
      },
    });
    const after = await requireCustomer(tx, id);
    return {
      customer: customerView(after),
      ordersAnonymized: rows.length,
      mailsAnonymized: mails.length,
      restockAlertsRemoved: removed,
    };
  });
}

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
  const targets: Array<{
    table: 'stock_movements' | 'bank_statement_entries' | 'payment_events';
    columns: string[];
    json?: boolean;
    where?: SQL;
  }> = [
    { table: 'stock_movements', columns: ['reason', 'note'] },
    { table: 'bank_statement_entries', columns: ['description'], where: sql`order_id IS NULL` },
    { table: 'payment_events', columns: ['payload'], json: true, where: sql`order_id IS NULL` },
  ];
  for (const target of targets) {
    for (const row of await rowsNaming(
      tx,
      target.table,
      target.columns,
      identifiers,
      target.where,
    )) {
      const changes = target.columns.flatMap((column) => {
        const value = row[column];
        if (value === null || value === undefined) return [];
        const next = target.json ? scrubJson(value, scrub) : scrub(value);
        if (next === value) return [];
        return [
          sql`${sql.identifier(column)} = ${next}${target.json ? sql.raw('::jsonb') : sql``}`,
        ];
      });
      if (changes.length === 0) continue;
      await tx.execute(
        sql`UPDATE ${sql.identifier(target.table)} SET ${sql.join(changes, sql`, `)}
          WHERE id = ${row.id}::uuid`,
      );
    }
  }
}
