// Customers: guest orders grouped by their normalised e-mail (lower case, trimmed). The customer's
// id is vitrine_customer_key(e-mail) (migrations/0024_customers.sql): the md5 of that e-mail, kept
// in the replacement address once anonymised, so the id never changes. The list, its totals and
// the search work per e-mail; the customer's orders also take in orders placed with another e-mail
// but one of the same CPFs (one person, two addresses), and so do the LGPD requests about them.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { formatCpf, formatPhone } from '@vitrine/rules';
import type { Database, Executor, Transaction } from '../../db';
import { recordAudit, type AuditActor } from '../audit/audit';
import { orders } from '../orders/orders.tables';
import { maskedCpf } from '../orders/orders.staff.service';
import {
  countCustomers,
  cpfsOfCustomers,
  customersByIds,
  listCustomers,
  mailsTo,
  ordersOfCustomers,
  rawRows,
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

/** 'joana.silva@gmail.com' -> 'j***@gmail.com' (audit labels never carry the address itself). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

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
    const alerts = await rawRows<Record<string, unknown>>(
      tx,
      sql`SELECT a.email, p.name AS "productName", v.sku, v.size, v.color,
        ${sql.raw(isoText('a.created_at'))} AS "createdAt",
        ${sql.raw(isoText('a.confirmed_at'))} AS "confirmedAt"
        FROM restock_alerts a JOIN variants v ON v.id = a.variant_id
        JOIN products p ON p.id = v.product_id
        WHERE a.email IN (${sql.join(
          (addresses.length > 0 ? addresses : ['']).map((a) => sql`${a}`),
          sql`, `,
        )})
        ORDER BY a.created_at`,
    );
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

/** Builds a function that removes the person's data (names, addresses, CPF, phone) from a text. */
export function personalDataScrubber(rows: CustomerOrderRow[]): (text: string) => string {
  const needles = new Set<string>();
  const patterns: RegExp[] = [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const row of rows) {
    needles.add(row.customerEmail.trim());
    needles.add(row.customerName.trim());
    for (const word of row.customerName.split(/\s+/)) if (word.length >= 3) needles.add(word);
    for (const part of [row.street, row.complement ?? '', row.district]) {
      if (part.trim().length >= 4) needles.add(part.trim());
    }
    for (const digits of [row.customerCpf, row.customerPhone]) {
      if (digits.length < 8) continue;
      // The digits with any punctuation between them: 123.456.789-09, (11) 98765-4321.
      patterns.push(new RegExp(digits.split('').join('[\\s.()/-]*'), 'g'));
      // A phone without its DDD.
      if (digits === row.customerPhone) {
        patterns.push(new RegExp(digits.slice(2).split('').join('[\\s.-]*'), 'g'));
      }
    }
  }
  const words = [...needles].filter((n) => n !== '').sort((a, b) => b.length - a.length);
  // Whole words only ('Ana' is cut out of 'Ana ligou', not out of 'Banana').
  if (words.length > 0) {
    patterns.unshift(
      new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu'),
    );
  }
  return (text: string) =>
    patterns.reduce((current, pattern) => current.replace(pattern, '[removido]'), text);
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
    const next = scrub(row.value);
    if (next === row.value) continue;
    await tx.execute(
      sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${next}::jsonb WHERE id = ${row.id}`,
    );
  }
}

/**
 * Removes the customer's personal data, in one transaction, irreversibly: on their orders (and
 * the orders of the same CPF under another e-mail) the name becomes 'Cliente anonimizado', the
 * e-mail anonimizado+<id>@invalid, CPF and phone empty, street, number and district 'Anonimizado'
 * (a pickup order's stay empty), the complement and the client's IP address null and the CEP
 * its first five digits + '000'; city, UF, lines and amounts stay (tax and sales reports). The
 * mails to their addresses lose their bodies, their "avise-me" alerts are deleted, and the
 * person's name, address, CPF, phone and e-mail are cut out of the orders' timeline notes, payment
 * records, coupon uses and bank statement lines; staff's saved list views lose a search that
 * named them. Recorded as customer.anonymize.
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
    const addresses = addressesOf(rows);
    const replacement = anonymizedAddress(id);
    const orderIds = sql`ARRAY[${sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    )}]::uuid[]`;

    // Free texts staff or the bank wrote about the orders, scrubbed before the data goes.
    for (const row of rows) {
      const cancelReason = row.cancelReason === null ? null : scrub(row.cancelReason);
      const refundReason = row.refundReason === null ? null : scrub(row.refundReason);
      await tx.execute(sql`UPDATE orders SET
          customer_name = ${ANONYMIZED_NAME},
          customer_email = ${replacement},
          customer_cpf = '',
          customer_phone = '',
          street = CASE WHEN street = '' THEN '' ELSE 'Anonimizado' END,
          street_number = CASE WHEN street_number = '' THEN '' ELSE 'S/N' END,
          complement = NULL,
          district = CASE WHEN district = '' THEN '' ELSE 'Anonimizado' END,
          postal_code = left(postal_code, 5) || '000',
          client_address = NULL,
          cancel_reason = ${cancelReason},
          refund_reason = ${refundReason},
          anonymized_at = now(),
          updated_at = now()
        WHERE id = ${row.id}`);
    }
    const events = await rawRows<{
      id: string;
      note: string | null;
      actorName: string | null;
      data: string;
    }>(
      tx,
      sql`SELECT id, note, actor_name AS "actorName", data::text AS data FROM order_events
        WHERE order_id = ANY(${orderIds})`,
    );
    for (const event of events) {
      const note = event.note === null ? null : scrub(event.note);
      const actorName = event.actorName === null ? null : scrub(event.actorName);
      const data = scrub(event.data);
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
    const removed = await rawRows<{ id: string }>(
      tx,
      sql`DELETE FROM restock_alerts WHERE lower(email) IN (${sql.join(
        addresses.map((address) => sql`${address}`),
        sql`, `,
      )}) RETURNING id`,
    );

    await recordAudit(tx, actor, {
      action: 'customer.anonymize',
      entity: 'CUSTOMER',
      entityId: id,
      entityLabel: label,
      summary: `Cliente ${label} anonimizado (LGPD): ${rows.length} pedido(s), ${mails.length} e-mail(s), ${removed.length} alerta(s) removido(s).`,
      after: {
        ordersAnonymized: rows.length,
        mailsAnonymized: mails.length,
        restockAlertsRemoved: removed.length,
      },
    });
    const after = await requireCustomer(tx, id);
    return {
      customer: customerView(after),
      ordersAnonymized: rows.length,
      mailsAnonymized: mails.length,
      restockAlertsRemoved: removed.length,
    };
  });
}
