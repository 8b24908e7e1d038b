// Pix reconciliation: a bank statement's credits matched to the orders waiting for Pix (by the
// txid in the description and the exact amount), and the confirmation of the matched ones, each
// through the order transition service in its own transaction, at most once per bank transaction.
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import type { OrderRow } from '../orders/orders.tables';
import { lockOrderById, orderLineBrandIds } from '../orders/orders.repository';
import { auditActorOfStaff, recordAudit } from '../audit/audit';
import { applyOrderPaid, staffActor, type FulfilmentDeps } from '../orders/orders.transitions';
import {
  confirmedBankIds,
  findStatementImport,
  insertStatementEntries,
  insertStatementImport,
  lockBankId,
  lockMatchedEntry,
  matchedEntryIds,
  ordersByNumbers,
  setEntryMatch,
} from './reconciliation.repository';
import type { BankStatementImportRow, EntryMatch } from './reconciliation.tables';
import {
  NotAStatementError,
  orderNumberOfTxid,
  parseStatement,
  type StatementCredit,
} from './statement-parser';

export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;
export const MAX_STATEMENT_ENTRIES = 5_000;
const FILE_NAME_MAX = 200;
export const NOT_A_STATEMENT_MESSAGE = 'Não reconhecemos este arquivo como um extrato OFX ou CSV.';
export const IMPORT_NOT_FOUND_MESSAGE = 'Extrato não encontrado.';

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

function cleanFileName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') throw badUserInput('Informe o nome do arquivo do extrato.', 'fileName');
  if (name.length > FILE_NAME_MAX) {
    throw badUserInput(
      `O nome do arquivo pode ter no máximo ${FILE_NAME_MAX} caracteres.`,
      'fileName',
    );
  }
  return name;
}

/** Reads the statement, matches its credits and stores both; BAD_USER_INPUT on a bad file. */
export async function importStatement(
  db: Database,
  principal: StaffPrincipal,
  input: { fileName: string; content: string },
): Promise<BankStatementImportRow> {
  const fileName = cleanFileName(input?.fileName);
  const content = typeof input?.content === 'string' ? input.content : '';
  if (Buffer.byteLength(content, 'utf8') > MAX_STATEMENT_BYTES) {
    throw badUserInput('O extrato pode ter no máximo 2 MB.', 'content');
  }
  let statement;
  try {
    statement = parseStatement(content);
  } catch (error) {
    if (error instanceof NotAStatementError) throw badUserInput(NOT_A_STATEMENT_MESSAGE, 'content');
    throw error;
  }
  if (statement.transactionCount > MAX_STATEMENT_ENTRIES) {
    throw badUserInput(
      `O extrato pode ter no máximo ${MAX_STATEMENT_ENTRIES.toLocaleString('pt-BR')} lançamentos; exporte um período menor.`,
      'content',
    );
  }
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
        orderId: order?.id ?? null,
        match: classifyCredit(credit, order, confirmed.has(credit.bankId)),
      };
    });
    await insertStatementEntries(tx, entries);
    const matched = entries.filter((entry) => entry.match === 'MATCHED').length;
    await recordAudit(tx, auditActorOfStaff(principal), {
      action: 'bank_statement.import',
      entity: 'BANK_STATEMENT',
      entityId: row.id,
      entityLabel: fileName,
      summary: `Extrato ${fileName} importado: ${entries.length} ${entries.length === 1 ? 'crédito' : 'créditos'}, ${matched} ${matched === 1 ? 'conferido' : 'conferidos'} com pedidos`,
      after: { format: statement.format, credits: entries.length, matched },
    });
    return row;
  });
}

/**
 * Confirms the payment of each MATCHED entry of an import, one transaction per entry: the entry
 * and the bank id are locked, the order is marked paid by the transition service (note 'Pix
 * conferido no extrato <file>') and the entry becomes CONFIRMED. An entry whose bank id already
 * confirmed an order, or whose order is no longer waiting, is set to what it is now. Calling it
 * twice, at once or not, confirms nothing twice. Returns how many were confirmed.
 */
export async function confirmMatchedEntries(
  db: Database,
  deps: FulfilmentDeps,
  principal: StaffPrincipal,
  importId: string,
  onEntryError: (error: unknown, entryId: string) => void = () => undefined,
): Promise<{ statement: BankStatementImportRow; confirmed: number }> {
  const statement = isUuid(importId) ? await findStatementImport(db, importId) : null;
  if (!statement) throw notFound(IMPORT_NOT_FOUND_MESSAGE);
  const actor = staffActor(principal);
  let confirmed = 0;
  for (const entryId of await matchedEntryIds(db, statement.id)) {
    try {
      const done = await db.transaction(async (tx) => {
        const entry = await lockMatchedEntry(tx, entryId);
        if (!entry) return false;
        await lockBankId(tx, entry.bankId);
        const bankIdConfirmed = (await confirmedBankIds(tx, [entry.bankId])).size > 0;
        const order = entry.orderId ? await lockOrderById(tx, entry.orderId) : null;
        const match = classifyCredit(entry, order, bankIdConfirmed);
        if (match !== 'MATCHED' || !order) {
          await setEntryMatch(tx, entry.id, match);
          return false;
        }
        await applyOrderPaid(tx, deps, actor, order, {
          note: `Pix conferido no extrato ${statement.fileName}`,
          recordManualPayment: true,
          data: { bankStatementImportId: statement.id, bankId: entry.bankId },
        });
        await setEntryMatch(tx, entry.id, 'CONFIRMED');
        await recordAudit(tx, auditActorOfStaff(principal), {
          action: 'bank_statement.confirm',
          entity: 'BANK_STATEMENT',
          entityId: statement.id,
          entityLabel: statement.fileName,
          brandIds: (await orderLineBrandIds(tx, order.id)).filter(
            (id): id is string => id !== null,
          ),
          summary: `Pix do pedido ${order.number} confirmado pelo extrato ${statement.fileName}`,
          after: {
            orderId: order.id,
            orderNumber: order.number,
            bankId: entry.bankId,
            amountCents: entry.amountCents,
          },
        });
        return true;
      });
      if (done) confirmed += 1;
    } catch (error) {
      // The entry stays MATCHED (its transaction rolled back): the next confirmation retries it.
      onEntryError(error, entryId);
    }
  }
  return { statement, confirmed };
}

export async function statementImport(
  db: Executor,
  id: string,
): Promise<BankStatementImportRow | null> {
  return isUuid(id) ? findStatementImport(db, id) : null;
}
