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

export async function matchedEntryIds(db: Executor, importId: string): Promise<string[]> {
  const rows = await db
    .select({ id: bankStatementEntries.id })
    .from(bankStatementEntries)
    .where(
      and(eq(bankStatementEntries.importId, importId), eq(bankStatementEntries.match, 'MATCHED')),
    )
    .orderBy(asc(bankStatementEntries.position));
  return rows.map((row) => row.id);
}

/**
 * Locks an entry that is still MATCHED; null when it is not (any more): a concurrent confirmation
 * waits here and then finds the row CONFIRMED.
 */
export async function lockMatchedEntry(
  db: Executor,
  id: string,
): Promise<BankStatementEntryRow | null> {
  const [row] = await db
    .select()
    .from(bankStatementEntries)
    .where(and(eq(bankStatementEntries.id, id), eq(bankStatementEntries.match, 'MATCHED')))
    .for('update');
  return row ?? null;
}

/** Serialises confirmations of one bank transaction across imports (held to the commit). */
export async function lockBankId(db: Executor, bankId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bank-statement:${bankId}`}))`);
}

export async function setEntryMatch(db: Executor, id: string, match: EntryMatch): Promise<void> {
  await db
    .update(bankStatementEntries)
    .set({ match, confirmedAt: match === 'CONFIRMED' ? sql`now()` : null })
    .where(eq(bankStatementEntries.id, id));
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
