// Pix reconciliation: a bank statement's credits matched to the orders waiting for Pix (by the
// txid in the description and the exact amount: MATCHED; without a txid, by the exact amount in the
// credit's day window: SUGGESTED when one order fits, AMBIGUOUS when several do), and the
// confirmation of matched and suggested ones, each through the order transition service in its own
// transaction, at most once per bank transaction.
import type { Database, Executor, Transaction } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import type { OrderRow } from '../orders/orders.tables';
import { lockOrderById, orderLineBrandIds } from '../orders/orders.repository';
import { auditActorOfStaff, recordAudit } from '../audit/audit';
import { applyOrderPaid, staffActor, type FulfilmentDeps } from '../orders/orders.transitions';
import {
  confirmedBankIds,
  entryIdsWithMatch,
  findStatementImport,
  insertStatementEntries,
  insertStatementImport,
  lockBankId,
  lockEntry,
  openEntriesListing,
  ordersByNumbers,
  pendingPixOrdersByTotals,
  setEntryCandidates,
} from './reconciliation.repository';
import type {
  BankStatementEntryRow,
  BankStatementImportRow,
  EntryMatch,
} from './reconciliation.tables';
import { decodeStatement } from './statement-encoding';
import {
  NotAStatementError,
  orderNumberOfTxid,
  parseStatement,
  saoPauloTime,
  type ParsedStatement,
  type StatementCredit,
} from './statement-parser';
import { STORE_TIME_ZONE } from '../../lib/dates';
import {
  checkStatementFile,
  checkStatementRead,
  PAYMENT_INPUT_LIMITS,
  PAYMENT_MESSAGES,
} from '@vitrine/rules';

export const MAX_STATEMENT_BYTES = PAYMENT_INPUT_LIMITS.statementBytes;
export const MAX_STATEMENT_ENTRIES = PAYMENT_INPUT_LIMITS.statementEntries;
export const NOT_A_STATEMENT_MESSAGE = PAYMENT_MESSAGES.notAStatement;
export const IMPORT_NOT_FOUND_MESSAGE = PAYMENT_MESSAGES.statementNotFound;
export const ENTRY_NOT_FOUND_MESSAGE = PAYMENT_MESSAGES.entryNotFound;
export const NOT_THIS_ENTRYS_ORDER_MESSAGE = PAYMENT_MESSAGES.notThisEntrysOrder;
export const ENTRY_NOT_OPEN_MESSAGE = PAYMENT_MESSAGES.entryNotOpen;
export const ORDER_NOT_WAITING_MESSAGE = PAYMENT_MESSAGES.orderNotWaitingForPix;

const PAID_STATUSES: ReadonlySet<OrderRow['status']> = new Set([
  'PAID',
  'SHIPPED',
  'DELIVERED',
  'REFUNDED',
]);

/** What a credit is to the order its txid names, as things stand now. */
export function classifyCredit(
  credit: Pick<StatementCredit, 'amountCents' | 'txid'>,
  order: OrderRow | null,
  bankIdConfirmed: boolean,
): EntryMatch {
  if (bankIdConfirmed) return 'ALREADY_PAID';
  if (!credit.txid || !order) return 'UNMATCHED';
  if (order.paidAt !== null || PAID_STATUSES.has(order.status)) return 'ALREADY_PAID';
  if (order.status !== 'PENDING_PAYMENT' || order.paymentMethod !== 'PIX') return 'UNMATCHED';
  return credit.amountCents === order.totalCents ? 'MATCHED' : 'AMOUNT_MISMATCH';
}

const SP_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The orders a credit without a txid may pay were placed from 00:00 of the day before the
 * credit's day to the end of its day, São Paulo time (a Pix is paid minutes after the order;
 * statements often give the day only, and a payment made just before midnight posts the next day).
 */
export function creditWindow(postedAt: Date): { from: Date; to: Date } {
  const [year, month, day] = SP_DAY.format(postedAt).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  return {
    from: saoPauloTime(year, month, day - 1),
    to: new Date(saoPauloTime(year, month, day + 1).getTime() - 1),
  };
}

export interface Suggestion {
  match: 'SUGGESTED' | 'AMBIGUOUS' | 'UNMATCHED';
  candidates: OrderRow[];
}

/**
 * What each credit without a txid order is: the orders waiting for Pix with exactly its amount in
 * its window. One order that no other credit of the file also fits: SUGGESTED; several orders, or
 * one order two credits fit: AMBIGUOUS (never guessed); none: UNMATCHED.
 */
export function suggestOrders(
  credits: ReadonlyArray<Pick<StatementCredit, 'amountCents' | 'postedAt'>>,
  waiting: readonly OrderRow[],
): Suggestion[] {
  const fits = credits.map((credit) => {
    const { from, to } = creditWindow(credit.postedAt);
    return waiting.filter(
      (order) =>
        order.totalCents === credit.amountCents &&
        order.createdAt.getTime() >= from.getTime() &&
        order.createdAt.getTime() <= to.getTime(),
    );
  });
  const listedBy = new Map<string, number>();
  for (const candidates of fits) {
    for (const order of candidates) listedBy.set(order.id, (listedBy.get(order.id) ?? 0) + 1);
  }
  return fits.map((candidates) => {
    if (candidates.length === 0) return { match: 'UNMATCHED', candidates };
    if (candidates.length === 1 && listedBy.get(candidates[0]!.id) === 1) {
      return { match: 'SUGGESTED', candidates };
    }
    return { match: 'AMBIGUOUS', candidates };
  });
}

/** The statement `content` is, or null when it is none. */
function statementOrNull(content: string): ParsedStatement | null {
  try {
    return parseStatement(content);
  } catch (error) {
    if (error instanceof NotAStatementError) return null;
    throw error;
  }
}

/** Reads the statement, matches its credits and stores both; BAD_USER_INPUT on a bad file. */
export async function importStatement(
  db: Database,
  principal: StaffPrincipal,
  input: { fileName: string; content?: string | null; contentBase64?: string | null },
): Promise<BankStatementImportRow> {
  const file = checkStatementFile(input);
  if (!file.ok) throw badUserInput(file.issue.message, file.issue.field);
  const { fileName, source } = file.value;
  const content = source.kind === 'bytes' ? decodeStatement(source.bytes) : source.text;
  const read = checkStatementRead(statementOrNull(content));
  if (!read.ok) throw badUserInput(read.issue.message, read.issue.field);
  const statement = read.value;
  // A bank id listed twice in one file is one transaction.
  const seen = new Set<string>();
  const credits = statement.credits.filter((credit) => {
    if (seen.has(credit.bankId)) return false;
    seen.add(credit.bankId);
    return true;
  });
  return db.transaction(async (tx) => {
    const numbers = [
      ...new Set(credits.flatMap((c) => (c.txid ? [orderNumberOfTxid(c.txid)] : []))),
    ];
    const orders = await ordersByNumbers(tx, numbers);
    const confirmed = await confirmedBankIds(
      tx,
      credits.map((c) => c.bankId),
    );
    const row = await insertStatementImport(tx, {
      fileName,
      format: statement.format,
      staffId: principal.id,
      staffName: principal.name,
    });
    const entries = credits.map((credit, position) => {
      const order = credit.txid ? (orders.get(orderNumberOfTxid(credit.txid)) ?? null) : null;
      return {
        importId: row.id,
        position,
        bankId: credit.bankId.slice(0, 255),
        postedAt: credit.postedAt,
        amountCents: credit.amountCents,
        description: credit.description,
        txid: credit.txid,
        payerName: credit.payerName,
        orderId: order?.id ?? null,
        match: classifyCredit(credit, order, confirmed.has(credit.bankId)),
        candidateOrderIds: [] as string[],
      };
    });
    await suggestForUnmatched(tx, entries);
    await insertStatementEntries(tx, entries);
    const count = (match: EntryMatch) => entries.filter((entry) => entry.match === match).length;
    const [matched, suggested, ambiguous] = [
      count('MATCHED'),
      count('SUGGESTED'),
      count('AMBIGUOUS'),
    ];
    await recordAudit(tx, auditActorOfStaff(principal), {
      action: 'bank_statement.import',
      entity: 'BANK_STATEMENT',
      entityId: row.id,
      entityLabel: fileName,
      summary: `Extrato ${fileName} importado: ${entries.length} ${entries.length === 1 ? 'crédito' : 'créditos'}, ${matched} ${matched === 1 ? 'conferido' : 'conferidos'} com pedidos, ${suggested} ${suggested === 1 ? 'sugerido' : 'sugeridos'} pelo valor`,
      after: { format: statement.format, credits: entries.length, matched, suggested, ambiguous },
    });
    return row;
  });
}

/** Offers the credits no txid linked the orders waiting for their amounts (suggestOrders). */
async function suggestForUnmatched(
  tx: Executor,
  entries: Array<{
    amountCents: number;
    postedAt: Date;
    orderId: string | null;
    match: EntryMatch;
    candidateOrderIds: string[];
  }>,
): Promise<void> {
  const open = entries.filter((entry) => entry.match === 'UNMATCHED' && entry.orderId === null);
  if (open.length === 0) return;
  const times = open.map((entry) => entry.postedAt.getTime());
  const waiting = await pendingPixOrdersByTotals(
    tx,
    open.map((entry) => entry.amountCents),
    creditWindow(new Date(Math.min(...times))).from,
    creditWindow(new Date(Math.max(...times))).to,
  );
  // An order a txid of this file already names is that credit's, not a suggestion.
  const named = new Set(entries.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])));
  const suggestions = suggestOrders(
    open,
    waiting.filter((order) => !named.has(order.id)),
  );
  open.forEach((entry, index) => {
    const { match, candidates } = suggestions[index]!;
    entry.match = match;
    entry.candidateOrderIds = candidates.map((order) => order.id);
    entry.orderId = match === 'SUGGESTED' ? candidates[0]!.id : null;
  });
}

/** Whether an order still waits for a credit of this amount. */
function waitsFor(order: OrderRow | null, amountCents: number): order is OrderRow {
  return (
    order !== null &&
    order.status === 'PENDING_PAYMENT' &&
    order.paymentMethod === 'PIX' &&
    order.paidAt === null &&
    order.totalCents === amountCents
  );
}

type ConfirmOutcome = 'CONFIRMED' | 'CHANGED';

/**
 * Confirms one entry as the payment of `orderId` inside `tx` (the entry, its bank id and the order
 * locked): the order is marked paid by the transition service, the entry becomes CONFIRMED, and
 * other open entries that listed the order stop listing it. When things changed since the import
 * (the bank id confirmed elsewhere, the order paid or canceled), the entry is set to what it is now
 * and CHANGED is answered.
 */
async function confirmEntryIn(
  tx: Transaction,
  deps: FulfilmentDeps,
  principal: StaffPrincipal,
  statement: BankStatementImportRow,
  entry: BankStatementEntryRow,
  orderId: string,
): Promise<ConfirmOutcome> {
  await lockBankId(tx, entry.bankId);
  const bankIdConfirmed = (await confirmedBankIds(tx, [entry.bankId])).size > 0;
  const order = await lockOrderById(tx, orderId);
  if (entry.match === 'MATCHED') {
    const match = classifyCredit(entry, order, bankIdConfirmed);
    if (match !== 'MATCHED') {
      await setEntryCandidates(tx, entry.id, {
        match,
        orderId: entry.orderId,
        candidateOrderIds: [],
      });
      return 'CHANGED';
    }
  } else if (bankIdConfirmed) {
    await setEntryCandidates(tx, entry.id, {
      match: 'ALREADY_PAID',
      orderId: null,
      candidateOrderIds: [],
    });
    return 'CHANGED';
  } else if (!waitsFor(order, entry.amountCents)) {
    await dropCandidate(tx, entry, orderId);
    return 'CHANGED';
  }
  const paidOrder = order!;
  const suggested = entry.match !== 'MATCHED';
  await applyOrderPaid(tx, deps, staffActor(principal), paidOrder, {
    note: suggested
      ? `Pix conferido no extrato ${statement.fileName} pelo valor${entry.payerName ? ` (pagador: ${entry.payerName})` : ''}`
      : `Pix conferido no extrato ${statement.fileName}`,
    recordManualPayment: true,
    data: { bankStatementImportId: statement.id, bankId: entry.bankId },
  });
  await setEntryCandidates(tx, entry.id, {
    match: 'CONFIRMED',
    orderId: paidOrder.id,
    candidateOrderIds: entry.candidateOrderIds,
  });
  for (const other of await openEntriesListing(tx, paidOrder.id, entry.id)) {
    await dropCandidate(tx, other, paidOrder.id);
  }
  await recordAudit(tx, auditActorOfStaff(principal), {
    action: 'bank_statement.confirm',
    entity: 'BANK_STATEMENT',
    entityId: statement.id,
    entityLabel: statement.fileName,
    brandIds: (await orderLineBrandIds(tx, paidOrder.id)).filter((id): id is string => id !== null),
    summary: `Pix do pedido ${paidOrder.number} confirmado pelo extrato ${statement.fileName}${suggested ? ' (sugerido pelo valor)' : ''}`,
    after: {
      orderId: paidOrder.id,
      orderNumber: paidOrder.number,
      bankId: entry.bankId,
      amountCents: entry.amountCents,
      ...(suggested ? { suggested: true, payerName: entry.payerName } : {}),
    },
  });
  return 'CONFIRMED';
}

/** An open entry stops listing an order (paid by another credit, or no longer waiting). */
async function dropCandidate(
  tx: Executor,
  entry: BankStatementEntryRow,
  orderId: string,
): Promise<void> {
  const candidateOrderIds = entry.candidateOrderIds.filter((id) => id !== orderId);
  if (candidateOrderIds.length === 0) {
    await setEntryCandidates(tx, entry.id, {
      match: 'UNMATCHED',
      orderId: null,
      candidateOrderIds,
    });
    return;
  }
  // Never turned into a guess: what is left stays for staff to choose.
  await setEntryCandidates(tx, entry.id, {
    match: entry.match,
    orderId: entry.match === 'SUGGESTED' ? entry.orderId : null,
    candidateOrderIds,
  });
}

async function findImportOrThrow(db: Executor, importId: string) {
  const statement = isUuid(importId) ? await findStatementImport(db, importId) : null;
  if (!statement) throw notFound(IMPORT_NOT_FOUND_MESSAGE);
  return statement;
}

/**
 * Confirms the payment of each MATCHED entry of an import (and each SUGGESTED one with
 * includeSuggested), one transaction per entry (confirmEntryIn). Calling it twice, at once or
 * not, confirms nothing twice. Returns how many were confirmed.
 */
export async function confirmMatchedEntries(
  db: Database,
  deps: FulfilmentDeps,
  principal: StaffPrincipal,
  importId: string,
  onEntryError: (error: unknown, entryId: string) => void = () => undefined,
  options: { includeSuggested?: boolean } = {},
): Promise<{ statement: BankStatementImportRow; confirmed: number }> {
  const statement = await findImportOrThrow(db, importId);
  const matches: EntryMatch[] = options.includeSuggested ? ['MATCHED', 'SUGGESTED'] : ['MATCHED'];
  let confirmed = 0;
  for (const entryId of await entryIdsWithMatch(db, statement.id, matches)) {
    try {
      const done = await db.transaction(async (tx) => {
        const entry = await lockEntry(tx, entryId);
        if (!entry || !matches.includes(entry.match) || !entry.orderId) return false;
        return (
          (await confirmEntryIn(tx, deps, principal, statement, entry, entry.orderId)) ===
          'CONFIRMED'
        );
      });
      if (done) confirmed += 1;
    } catch (error) {
      // The entry stays as it was (its transaction rolled back): the next confirmation retries it.
      onEntryError(error, entryId);
    }
  }
  return { statement, confirmed };
}

/**
 * Confirms one entry as the payment of one order: a MATCHED or SUGGESTED entry's own order, or one
 * of an AMBIGUOUS entry's candidates. BAD_USER_INPUT when the order is not the entry's, the entry
 * is no longer open, or the order no longer waits for it (the entry is updated to say so).
 */
export async function confirmEntry(
  db: Database,
  deps: FulfilmentDeps,
  principal: StaffPrincipal,
  entryId: string,
  orderId: string,
): Promise<BankStatementImportRow> {
  if (!isUuid(entryId)) throw notFound(ENTRY_NOT_FOUND_MESSAGE);
  const outcome = await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (!entry) throw notFound(ENTRY_NOT_FOUND_MESSAGE);
    if (!['MATCHED', 'SUGGESTED', 'AMBIGUOUS'].includes(entry.match)) {
      throw badUserInput(ENTRY_NOT_OPEN_MESSAGE, 'id');
    }
    const own =
      entry.match === 'AMBIGUOUS'
        ? isUuid(orderId) && entry.candidateOrderIds.includes(orderId)
        : entry.orderId === orderId;
    if (!own) throw badUserInput(NOT_THIS_ENTRYS_ORDER_MESSAGE, 'orderId');
    const statement = await findImportOrThrow(tx, entry.importId);
    return {
      statement,
      result: await confirmEntryIn(tx, deps, principal, statement, entry, orderId),
    };
  });
  if (outcome.result === 'CHANGED') throw badUserInput(ORDER_NOT_WAITING_MESSAGE, 'orderId');
  return outcome.statement;
}

export async function statementImport(
  db: Executor,
  id: string,
): Promise<BankStatementImportRow | null> {
  return isUuid(id) ? findStatementImport(db, id) : null;
}
