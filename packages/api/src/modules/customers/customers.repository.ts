// Customers SQL: guest orders grouped by orders.customer_key (vitrine_customer_key(customer_email),
// stored: migrations/0024), in one aggregate query per page (orders_customer_key_idx), plus what
// the LGPD requests read, lock and change (customers.service.ts keeps the rules, the audit and the
// flow). Dates leave the database as ISO text, so PGlite and PostgreSQL answer alike.
import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { emailIdentityKey, emailIdentityKeySql } from '../../lib/email-identity';
import { mailOutbox } from '../mail/mail.tables';
import { orders, type OrderRow } from '../orders/orders.tables';

/** The customer's id of an order row (orders.customer_key, stored by the database: 0024). */
export const customerKey = sql<string>`${orders}.customer_key`;

export const iso = (value: SQL | unknown) =>
  sql<string>`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Paid orders (the money the customer really spent), minus what was refunded. */
const SPENT_STATUSES = sql`('PAID', 'SHIPPED', 'DELIVERED')`;

const latest = (column: SQL | unknown) =>
  sql<string>`(array_agg(${column} ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC))[1]`;

const anonymizedAt = sql`anonymized_at`;

/** One customer as the aggregate reads it. */
export interface CustomerAggregate {
  id: string;
  name: string;
  email: string;
  cpf: string;
  phone: string;
  ordersCount: number;
  totalSpentCents: number;
  firstOrderAt: string;
  lastOrderAt: string;
  /** Every order of the e-mail is anonymised. */
  anonymized: boolean;
  anonymizedAt: string | null;
}

const aggregateColumns = {
  id: customerKey,
  name: latest(orders.customerName),
  email: latest(sql`lower(btrim(${orders.customerEmail}))`),
  cpf: latest(orders.customerCpf),
  phone: latest(orders.customerPhone),
  ordersCount: sql<number>`count(*)::int`,
  totalSpentCents: sql<string>`coalesce(sum(CASE WHEN ${orders.status} IN ${SPENT_STATUSES} THEN ${orders.totalCents} - coalesce(${orders.refundedCents}, 0) ELSE 0 END), 0)::bigint::text`,
  firstOrderAt: iso(sql`min(${orders.createdAt})`),
  lastOrderAt: iso(sql`max(${orders.createdAt})`),
  anonymized: sql<boolean>`bool_and(${anonymizedAt} IS NOT NULL)`,
  anonymizedAt: sql<string | null>`${iso(sql`max(${anonymizedAt})`)}`,
};

type AggregateRow = Omit<CustomerAggregate, 'totalSpentCents'> & { totalSpentCents: string };

function toAggregate(row: AggregateRow): CustomerAggregate {
  return { ...row, totalSpentCents: Number(row.totalSpentCents), anonymized: row.anonymized };
}

export type CustomerSortKey =
  'LAST_ORDER_DESC' | 'LAST_ORDER_ASC' | 'TOTAL_SPENT_DESC' | 'ORDERS_COUNT_DESC' | 'NAME_ASC';

export interface CustomerListFilter {
  /** Orders matching the search (their customers are listed with all their orders). */
  search: CustomerSearch | null;
  anonymized: boolean | null;
}

function listWhere(filter: CustomerListFilter): SQL | undefined {
  if (!filter.search) return undefined;
  // The inner FROM orders shadows the outer one: the match reads the subquery's rows.
  return sql`${customerKey} IN (SELECT ${customerKey} FROM ${orders} WHERE ${searchCondition(filter.search)})`;
}

function listHaving(filter: CustomerListFilter): SQL | undefined {
  if (filter.anonymized === null) return undefined;
  return filter.anonymized
    ? sql`bool_and(${anonymizedAt} IS NOT NULL)`
    : sql`NOT bool_and(${anonymizedAt} IS NOT NULL)`;
}

/** One page of customers: one aggregate over the orders (filtered first when searching). */
export async function listCustomers(
  db: Executor,
  filter: CustomerListFilter,
  sort: CustomerSortKey,
  limit: number,
  offset: number,
): Promise<CustomerAggregate[]> {
  const sortSql: Record<CustomerSortKey, SQL[]> = {
    LAST_ORDER_DESC: [sql`max(${orders.createdAt}) DESC`],
    LAST_ORDER_ASC: [sql`max(${orders.createdAt}) ASC`],
    TOTAL_SPENT_DESC: [
      sql`sum(CASE WHEN ${orders.status} IN ${SPENT_STATUSES} THEN ${orders.totalCents} - coalesce(${orders.refundedCents}, 0) ELSE 0 END) DESC`,
      sql`max(${orders.createdAt}) DESC`,
    ],
    ORDERS_COUNT_DESC: [sql`count(*) DESC`, sql`max(${orders.createdAt}) DESC`],
    NAME_ASC: [
      sql`lower((array_agg(${orders.customerName} ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC))[1]) ASC`,
    ],
  };
  // Two steps: the page's keys from cheap aggregates (a hash aggregate over the stored key), then
  // the page's customers whole (latest name, e-mail... by orders_customer_key_idx): ordering
  // every order of the store to find each customer's latest name took a second on 100,000 orders.
  const page = await db
    .select({ id: customerKey })
    .from(orders)
    .where(listWhere(filter))
    .groupBy(customerKey)
    .having(listHaving(filter))
    .orderBy(...sortSql[sort], customerKey)
    .limit(limit)
    .offset(offset);
  const byId = new Map(
    (
      await customersByIds(
        db,
        page.map((row) => row.id),
      )
    ).map((c) => [c.id, c]),
  );
  return page.flatMap((row) => byId.get(row.id) ?? []);
}

export async function countCustomers(db: Executor, filter: CustomerListFilter): Promise<number> {
  const groups = db
    .select({ id: customerKey })
    .from(orders)
    .where(listWhere(filter))
    .groupBy(customerKey)
    .having(listHaving(filter))
    .as('groups');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(groups);
  return Number(row?.count ?? 0);
}

/** The customers with these ids (absent ones are left out). */
export async function customersByIds(db: Executor, ids: string[]): Promise<CustomerAggregate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(aggregateColumns)
    .from(orders)
    .where(inArray(customerKey, ids))
    .groupBy(customerKey);
  return (rows as AggregateRow[]).map(toAggregate);
}

/** An order with its customer's key and the time its personal data was removed. */
export type CustomerOrderRow = OrderRow & { customerKey: string; anonymizedAt: string | null };

const customerOrderColumns = {
  ...getTableColumns(orders),
  customerKey,
  anonymizedAt: sql<string | null>`${iso(anonymizedAt)}`,
};

/** The CPFs the customers' non-anonymised orders carry, by customer. */
export async function cpfsOfCustomers(
  db: Executor,
  ids: string[],
): Promise<{ id: string; cpf: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectDistinct({ id: customerKey, cpf: orders.customerCpf })
    .from(orders)
    .where(and(inArray(customerKey, ids), sql`${anonymizedAt} IS NULL`));
}

/**
 * The orders of the customers (by e-mail) and those of other e-mails with one of `cpfs` (not
 * anonymised), newest first; `lock` takes them `for update`.
 */
export async function ordersOfCustomers(
  db: Executor,
  ids: string[],
  cpfs: string[],
  lock = false,
): Promise<CustomerOrderRow[]> {
  if (ids.length === 0) return [];
  const byCpf =
    cpfs.length > 0
      ? and(inArray(orders.customerCpf, cpfs), sql`${anonymizedAt} IS NULL`)
      : undefined;
  const query = db
    .select(customerOrderColumns)
    .from(orders)
    .where(byCpf ? or(inArray(customerKey, ids), byCpf) : inArray(customerKey, ids))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const rows = lock ? await query.for('update') : await query;
  return rows as CustomerOrderRow[];
}

/**
 * Whether `column` holds one of these addresses (lower case) or another spelling of the same
 * mailbox (emailIdentityKey: '+tags', Gmail's dots).
 */
function addressIn(column: SQL | unknown, addresses: string[]): SQL {
  const keys = [...new Set(addresses.map(emailIdentityKey))];
  return sql`(lower(btrim(${column})) IN (${sql.join(
    addresses.map((address) => sql`${address}`),
    sql`, `,
  )}) OR ${emailIdentityKeySql(sql`${column}`)} IN (${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}))`;
}

/** The mails written to any of these addresses (lower case, or the same mailbox), oldest first. */
export async function mailsTo(db: Executor, addresses: string[]) {
  if (addresses.length === 0) return [];
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(addressIn(mailOutbox.toAddress, addresses))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

/**
 * The one write the LGPD anonymisation makes to the mail outbox (its own columns only: recipient,
 * subject, bodies and the last error), so the mail module's other columns stay its own.
 */
export async function scrubMail(
  db: Executor,
  id: string,
  values: {
    toAddress: string;
    subject: string;
    textBody: string;
    htmlBody: string;
    lastError: string | null;
  },
): Promise<void> {
  await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
}

/** The "avise-me" alerts of these addresses (lower case, or the same mailbox), as the export shows them. */
export async function restockAlertsOf(db: Executor, addresses: string[]) {
  if (addresses.length === 0) return [];
  return rawRows<Record<string, unknown>>(
    db,
    sql`SELECT a.email, p.name AS "productName", v.sku, v.size, v.color,
      ${iso(sql`a.created_at`)} AS "createdAt", ${iso(sql`a.confirmed_at`)} AS "confirmedAt"
      FROM restock_alerts a JOIN variants v ON v.id = a.variant_id
      JOIN products p ON p.id = v.product_id
      WHERE ${addressIn(sql`a.email`, addresses)}
      ORDER BY a.created_at`,
  );
}

/** Deletes the "avise-me" alerts of these addresses (or the same mailbox); answers how many. */
export async function deleteRestockAlertsOf(db: Executor, addresses: string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const removed = await rawRows<{ id: string }>(
    db,
    sql`DELETE FROM restock_alerts WHERE ${addressIn(sql`email`, addresses)} RETURNING id`,
  );
  return removed.length;
}

/** Raw rows of a query (the tables of other modules the LGPD requests read and scrub). */
export async function rawRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

// ---------------------------------------------------------------------------------------------
// The search of the list (customers.service.ts reads it from what was typed).

/**
 * What a search looks for in the orders: a whole address (lower case), 11 digits (a CPF or a
 * mobile), 10 digits (a phone), fewer digits (part of either), or words of the name or e-mail.
 */
export type CustomerSearch =
  | { kind: 'email'; email: string }
  | { kind: 'cpfOrPhone'; digits: string }
  | { kind: 'phone'; digits: string }
  | { kind: 'digitsPart'; digits: string }
  | { kind: 'words'; text: string };

/** A text as the literal part of a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(search: CustomerSearch): SQL {
  switch (search.kind) {
    case 'email':
      return sql`lower(${orders.customerEmail}) = ${search.email}`;
    case 'cpfOrPhone':
      return sql`(${orders.customerCpf} = ${search.digits} OR ${orders.customerPhone} = ${search.digits})`;
    case 'phone':
      return sql`${orders.customerPhone} = ${search.digits}`;
    case 'digitsPart': {
      const like = `%${search.digits}%`;
      return sql`(${orders.customerCpf} LIKE ${like} OR ${orders.customerPhone} LIKE ${like})`;
    }
    case 'words': {
      const like = `%${escapeLike(search.text)}%`;
      return sql`(lower(${orders.customerName}) LIKE ${like} OR lower(${orders.customerEmail}) LIKE ${like})`;
    }
  }
}
