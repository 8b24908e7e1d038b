// Database access of Pix reconciliation: statements and entries, the orders their txids name,
// and the row locks that keep a bank transaction from confirming an order twice.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { orders, type OrderRow } from '../orders/orders.tables';
import {
  bankStatementEntries,
  bankStatementImports,
  type BankStatementEntryRow,
  type BankStatementImportRow,
  type EntryMatch,
  type NewBankStatementEntry,
} from './reconciliation.tables';

export async function insertStatementImport(
  db: Executor,
  values: Pick<BankStatementImportRow, 'fileName' | 'format' | 'staffId' | 'staffName'>,
): Promise<BankStatementImportRow> {
  const [row] = await db.insert(bankStatementImports).values(values).returning();
  return row!;
}

export async function insertStatementEntries(
  db: Executor,
  values: NewBankStatementEntry[],
): Promise<void> {
  // In slices: a statement of 5,000 credits stays well under the 65,535 bind parameters.
  for (let start = 0; start < values.length; start += 1000) {
    await db.insert(bankStatementEntries).values(values.slice(start, start + 1000));
  }
}

/** The orders whose numbers are given (the txids' orders), by number. */
export async function ordersByNumbers(
  db: Executor,
  numbers: readonly string[],
): Promise<Map<string, OrderRow>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.number, [...numbers]));
  return new Map(rows.map((row) => [row.number, row]));
}

/** Which of these bank ids already confirmed an order (in any import). */
export async function confirmedBankIds(
  db: Executor,
  bankIds: readonly string[],
): Promise<Set<string>> {
  if (bankIds.length === 0) return new Set();
  const found = new Set<string>();
  for (let start = 0; start < bankIds.length; start += 1000) {
    const rows = await db
      .select({ bankId: bankStatementEntries.bankId })
      .from(bankStatementEntries)
      .where(
        and(
          eq(bankStatementEntries.match, 'CONFIRMED'),
          inArray(bankStatementEntries.bankId, bankIds.slice(start, start + 1000)),
        ),
      );
    for (const row of rows) found.add(row.bankId);
  }
  return found;
}

export async function listStatementImports(
  db: Executor,
  limit: number,
): Promise<BankStatementImportRow[]> {
  return db
    .select()
    .from(bankStatementImports)
    .orderBy(desc(bankStatementImports.createdAt), desc(bankStatementImports.id))
    .limit(limit);
}

export async function findStatementImport(
  db: Executor,
  id: string,
): Promise<BankStatementImportRow | null> {
  const [row] = await db
    .select()
    .from(bankStatementImports)
    .where(eq(bankStatementImports.id, id))
    .limit(1);
  return row ?? null;
}

export async function entriesOfImports(
  db: Executor,
  importIds: readonly string[],
): Promise<BankStatementEntryRow[]> {
  if (importIds.length === 0) return [];
  return db
    .select()
    .from(bankStatementEntries)
    .where(inArray(bankStatementEntries.importId, [...importIds]))
    .orderBy(asc(bankStatementEntries.importId), asc(bankStatementEntries.position));
}

/** Serialises confirmations of one bank transaction across imports (held to the commit). */
export async function lockBankId(db: Executor, bankId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bank-statement:${bankId}`}))`);
}

export async function ordersByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, OrderRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The Pix orders waiting for payment with one of these totals, placed between `from` and `to`
 * (oldest first): what credits without a txid are matched against (a partial index keeps it small).
 */
export async function pendingPixOrdersByTotals(
  db: Executor,
  totals: readonly number[],
  from: Date,
  to: Date,
): Promise<OrderRow[]> {
  if (totals.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'PENDING_PAYMENT'),
        eq(orders.paymentMethod, 'PIX'),
        inArray(orders.totalCents, [...new Set(totals)]),
        sql`${orders.createdAt} >= ${from.toISOString()}::timestamptz`,
        sql`${orders.createdAt} <= ${to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** Locks an entry of an import whatever its match (null when there is none with that id). */
export async function lockEntry(db: Executor, id: string): Promise<BankStatementEntryRow | null> {
  const [row] = await db
    .select()
    .from(bankStatementEntries)
    .where(eq(bankStatementEntries.id, id))
    .for('update');
  return row ?? null;
}

/** The ids of an import's entries with one of these matches, in the file's order. */
export async function entryIdsWithMatch(
  db: Executor,
  importId: string,
  matches: readonly EntryMatch[],
): Promise<string[]> {
  const rows = await db
    .select({ id: bankStatementEntries.id })
    .from(bankStatementEntries)
    .where(
      and(
        eq(bankStatementEntries.importId, importId),
        inArray(bankStatementEntries.match, [...matches]),
      ),
    )
    .orderBy(asc(bankStatementEntries.position));
  return rows.map((row) => row.id);
}

/** The other open entries (SUGGESTED or AMBIGUOUS) of any import that list this order. */
export async function openEntriesListing(
  db: Executor,
  orderId: string,
  exceptEntryId: string,
): Promise<BankStatementEntryRow[]> {
  return db
    .select()
    .from(bankStatementEntries)
    .where(
      and(
        inArray(bankStatementEntries.match, ['SUGGESTED', 'AMBIGUOUS']),
        sql`${orderId}::uuid = ANY(${bankStatementEntries.candidateOrderIds})`,
        sql`${bankStatementEntries.id} <> ${exceptEntryId}::uuid`,
      ),
    )
    .orderBy(asc(bankStatementEntries.position))
    .for('update');
}

/** Sets what an entry is and which orders it may be (its match, order and candidates). */
export async function setEntryCandidates(
  db: Executor,
  id: string,
  values: { match: EntryMatch; orderId: string | null; candidateOrderIds: string[] },
): Promise<void> {
  await db
    .update(bankStatementEntries)
    .set({ ...values, confirmedAt: values.match === 'CONFIRMED' ? sql`now()` : null })
    .where(eq(bankStatementEntries.id, id));
}
