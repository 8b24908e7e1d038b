// Bank statements for the Pix reconciliation mock (BankStatementImport of the schema): a sample
// statement over the staff order fixtures (two Pix that match, one with a different amount, one
// without an order, a debit that is left out), a statement of Pix without txid (suggested and
// ambiguous credits, over two more orders waiting for the same amount), and how the mock reads
// OFX and CSV and matches credits as the server does.
import { payerNameIn } from '@vitrine/rules';

import { makeStaffOrders, type StaffOrderFixture } from '../orders/staffOrders.fixtures';
import type { StatementEntryMatch } from '../../graphql/generated';

export type { StatementEntryMatch };

export interface StatementEntryFixture {
  id: string;
  bankId: string;
  postedAt: string;
  amountCents: number;
  description: string;
  txid: string | null;
  /** The payer's name read from a Pix credit's description. */
  payerName: string | null;
  match: StatementEntryMatch;
  orderId: string | null;
  /** SUGGESTED and AMBIGUOUS: the orders waiting for Pix this credit may pay. */
  candidateIds: string[];
}

export interface StatementImportFixture {
  id: string;
  fileName: string;
  format: 'OFX' | 'CSV';
  createdAt: string;
  staffName: string | null;
  entries: StatementEntryFixture[];
}

export interface StatementCredit {
  bankId: string;
  postedAt: string;
  amountCents: number;
  description: string;
}

/** The txid of a Pix order: its number without the dash ('VT-10027' -> 'VT10027'). */
export function pixTxidOf(number: string): string {
  return number.replace('-', '');
}

const TXID_PATTERN = /\bVT-?(\d{5,})\b/i;

/** The txid a bank's description carries, if any. */
export function txidIn(description: string): string | null {
  const found = TXID_PATTERN.exec(description);
  return found ? `VT${found[1]}` : null;
}

/** The Pix orders waiting for payment, the soonest expiry first (as the queue lists them). */
function pendingPix(orders: StaffOrderFixture[]): StaffOrderFixture[] {
  return orders
    .filter((order) => order.status === 'PENDING_PAYMENT' && order.paymentMethod === 'PIX')
    .sort((a, b) => (a.paymentExpiresAt ?? '~').localeCompare(b.paymentExpiresAt ?? '~'));
}

/**
 * A CSV statement as Brazilian banks export it (date;description;amount, '1.234,56'): the first
 * two Pix orders waiting paid exactly, the third paid R$ 1,00 short, a Pix nobody ordered, and a
 * debit (left out).
 */
export function makeSampleStatementCsv(orders: StaffOrderFixture[] = makeStaffOrders()): string {
  const waiting = pendingPix(orders);
  const reais = (cents: number) =>
    (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const day = (order: StaffOrderFixture | undefined) => {
    const date = new Date(order?.createdAt ?? '2026-03-10T15:00:00Z');
    return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
  };
  const lines = ['Data;Descrição;Valor'];
  const [first, second, third] = waiting;
  if (first)
    lines.push(
      `${day(first)};PIX RECEBIDO ${pixTxidOf(first.number)} ${first.customer.name.toUpperCase()};${reais(first.totalCents)}`,
    );
  if (second)
    lines.push(
      `${day(second)};PIX RECEBIDO ${pixTxidOf(second.number)} ${second.customer.name.toUpperCase()};${reais(second.totalCents)}`,
    );
  if (third)
    lines.push(
      `${day(third)};PIX RECEBIDO ${pixTxidOf(third.number)} ${third.customer.name.toUpperCase()};${reais(third.totalCents - 100)}`,
    );
  lines.push(`${day(first)};PIX RECEBIDO SEM IDENTIFICACAO FULANO DE TAL;150,00`);
  lines.push(`${day(first)};TARIFA PACOTE DE SERVICOS;-29,90`);
  return `${lines.join('\n')}\n`;
}

export const SAMPLE_STATEMENT_FILE_NAME = 'extrato-marco.csv';

function centsOf(amount: string): number | null {
  const clean = amount.trim().replace(/^R\$\s*/, '');
  const normalized = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean;
  const value = Number(normalized);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

function hash(text: string): string {
  let value = 2166136261;
  for (const char of text) {
    value ^= char.charCodeAt(0);
    value = Math.imul(value, 16777619);
  }
  return (value >>> 0).toString(16).padStart(8, '0');
}

/**
 * The credits of an OFX or CSV statement and how many transactions (credits and debits) it lists;
 * null when the text is neither.
 */
export function readStatement(
  content: string,
): { format: 'OFX' | 'CSV'; credits: StatementCredit[]; transactionCount: number } | null {
  if (/<OFX>/i.test(content)) {
    const credits: StatementCredit[] = [];
    const blocks = content.split(/<STMTTRN>/i).slice(1);
    for (const block of blocks) {
      const field = (name: string) =>
        new RegExp(`<${name}>([^<\\r\\n]*)`, 'i').exec(block)?.[1]?.trim() ?? '';
      const amountCents = centsOf(field('TRNAMT'));
      const posted = field('DTPOSTED');
      if (amountCents === null || amountCents <= 0 || posted.length < 8) continue;
      credits.push({
        bankId: field('FITID') || hash(block),
        postedAt: `${posted.slice(0, 4)}-${posted.slice(4, 6)}-${posted.slice(6, 8)}T12:00:00.000Z`,
        amountCents,
        description: field('MEMO') || field('NAME'),
      });
    }
    return { format: 'OFX', credits, transactionCount: blocks.length };
  }
  const rows = content.split(/\r?\n/).filter((line) => line.trim() !== '');
  const credits: StatementCredit[] = [];
  let transactionCount = 0;
  for (const row of rows) {
    const [date = '', description = '', amount = ''] = row.split(';');
    const day = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date.trim());
    const amountCents = centsOf(amount);
    if (!day || amountCents === null) continue;
    transactionCount += 1;
    if (amountCents <= 0) continue;
    credits.push({
      bankId: hash(row),
      postedAt: `${day[3]}-${day[2]}-${day[1]}T12:00:00.000Z`,
      amountCents,
      description: description.trim(),
    });
  }
  return transactionCount > 0 ? { format: 'CSV', credits, transactionCount } : null;
}

/** How one credit with a txid matches the orders now (see StatementEntryMatch). */
export function matchCredit(
  credit: StatementCredit,
  orders: StaffOrderFixture[],
): { txid: string | null; match: StatementEntryMatch; orderId: string | null } {
  const txid = txidIn(credit.description);
  const order = txid ? orders.find((item) => pixTxidOf(item.number) === txid) : undefined;
  if (!order || order.paymentMethod !== 'PIX') return { txid, match: 'UNMATCHED', orderId: null };
  if (order.status !== 'PENDING_PAYMENT') {
    return {
      txid,
      match: order.paidAt ? 'ALREADY_PAID' : 'UNMATCHED',
      orderId: order.paidAt ? order.id : null,
    };
  }
  return {
    txid,
    match: order.totalCents === credit.amountCents ? 'MATCHED' : 'AMOUNT_MISMATCH',
    orderId: order.id,
  };
}

const DAY_MS = 86_400_000;
/** São Paulo is UTC-3 all year (no daylight saving time since 2019). */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

function saoPauloDay(instant: string): number {
  return Math.floor((Date.parse(instant) + SAO_PAULO_OFFSET_MS) / DAY_MS);
}

/** Whether an order still waits for a Pix credit of this amount. */
export function waitsFor(order: StaffOrderFixture | undefined, amountCents: number): boolean {
  return (
    order !== undefined &&
    order.status === 'PENDING_PAYMENT' &&
    order.paymentMethod === 'PIX' &&
    order.paidAt === null &&
    order.totalCents === amountCents
  );
}

/**
 * What each credit no txid linked to an order is, as the server decides: the orders waiting for
 * Pix with exactly its amount, placed within its day window (the day before to the credit's day,
 * São Paulo time). One order that no other credit also fits: SUGGESTED; several orders, or one
 * order two credits fit: AMBIGUOUS (never guessed); none: UNMATCHED.
 */
export function suggestOrders(
  credits: Pick<StatementCredit, 'postedAt' | 'amountCents'>[],
  waiting: StaffOrderFixture[],
): { match: 'SUGGESTED' | 'AMBIGUOUS' | 'UNMATCHED'; candidateIds: string[] }[] {
  const fits = credits.map((credit) => {
    const day = saoPauloDay(credit.postedAt);
    return waiting
      .filter((order) => {
        const placed = saoPauloDay(order.createdAt);
        return waitsFor(order, credit.amountCents) && placed <= day && placed >= day - 1;
      })
      .map((order) => order.id);
  });
  const listedBy = new Map<string, number>();
  for (const ids of fits) for (const id of ids) listedBy.set(id, (listedBy.get(id) ?? 0) + 1);
  return fits.map((candidateIds) => ({
    match:
      candidateIds.length === 0
        ? 'UNMATCHED'
        : candidateIds.length === 1 && listedBy.get(candidateIds[0]!) === 1
          ? 'SUGGESTED'
          : 'AMBIGUOUS',
    candidateIds,
  }));
}

/**
 * An open entry stops listing an order (paid by another credit, or no longer waiting): with none
 * left it is UNMATCHED; otherwise it stays what it was, never turned into a guess.
 */
export function dropCandidate(entry: StatementEntryFixture, orderId: string): void {
  entry.candidateIds = entry.candidateIds.filter((id) => id !== orderId);
  if (entry.candidateIds.length === 0) {
    entry.match = 'UNMATCHED';
    entry.orderId = null;
  } else if (entry.match !== 'SUGGESTED') {
    entry.orderId = null;
  }
}

/** An import of `content` over `orders`, as bankStatementImportCreate makes it. */
export function makeStatementImport(
  input: {
    id: string;
    fileName: string;
    content: string;
    createdAt: string;
    staffName: string | null;
  },
  orders: StaffOrderFixture[],
): StatementImportFixture | null {
  const read = readStatement(input.content);
  if (read === null) return null;
  const entries: StatementEntryFixture[] = read.credits.map((credit, index) => ({
    id: `${input.id}-entry-${index + 1}`,
    ...credit,
    payerName: payerNameIn(credit.description),
    ...matchCredit(credit, orders),
    candidateIds: [],
  }));
  // The credits no txid linked, offered the orders waiting for their amounts (an order a txid of
  // this file names is that credit's, not a suggestion).
  const open = entries.filter((entry) => entry.match === 'UNMATCHED' && entry.orderId === null);
  const named = new Set(entries.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])));
  const suggestions = suggestOrders(
    open,
    pendingPix(orders).filter((order) => !named.has(order.id)),
  );
  open.forEach((entry, index) => {
    const { match, candidateIds } = suggestions[index]!;
    entry.match = match;
    entry.candidateIds = candidateIds;
    entry.orderId = match === 'SUGGESTED' ? candidateIds[0]! : null;
  });
  return {
    id: input.id,
    fileName: input.fileName,
    format: read.format,
    createdAt: input.createdAt,
    staffName: input.staffName,
    entries,
  };
}

/** The sample statement imported over the default fixtures (matched, mismatch, unmatched). */
export function makeSampleStatementImport(
  orders: StaffOrderFixture[] = makeStaffOrders(),
  overrides: Partial<StatementImportFixture> = {},
): StatementImportFixture {
  const made = makeStatementImport(
    {
      id: 'statement-1',
      fileName: SAMPLE_STATEMENT_FILE_NAME,
      content: makeSampleStatementCsv(orders),
      createdAt: '2026-03-10T15:05:00.000Z',
      staffName: 'Ana Souza',
    },
    orders,
  );
  if (made === null) throw new Error('The sample statement must be readable.');
  return { ...made, ...overrides };
}

/**
 * Two more Pix orders waiting for the same amount (R$ 209,71, as a paid order's items), placed
 * 40 and 25 minutes before the fixtures' instant: a credit of that amount without txid is
 * ambiguous between them.
 */
export function makeSuggestionOrders(
  orders: StaffOrderFixture[] = makeStaffOrders(),
): StaffOrderFixture[] {
  const template = orders.find((order) => order.number === 'VT-10024') ?? orders[0]!;
  const newest = orders.reduce(
    (latest, order) => (order.createdAt > latest ? order.createdAt : latest),
    '',
  );
  const extra = [
    { number: 10031, name: 'José da Conceição', email: 'jose.conceicao@example.com', ago: 40 },
    { number: 10032, name: 'Fernanda Lima', email: 'fernanda.lima@example.com', ago: 25 },
  ].map(({ number, name, email, ago }): StaffOrderFixture => {
    const id = `order-${number}`;
    const createdAt = new Date(Date.parse(newest) + 6 * 60_000 - ago * 60_000).toISOString();
    const copy = structuredClone(template);
    return {
      ...copy,
      id,
      number: `VT-${number}`,
      status: 'PENDING_PAYMENT',
      paymentStatus: 'PENDING',
      fulfilmentStatus: 'UNFULFILLED',
      paymentMethod: 'PIX',
      customer: { ...copy.customer, name, email },
      createdAt,
      updatedAt: createdAt,
      paidAt: null,
      shippedAt: null,
      deliveredAt: null,
      paymentExpiresAt: new Date(Date.parse(createdAt) + 30 * 60_000).toISOString(),
      lines: copy.lines.map((line, position) => ({ ...line, id: `${id}-line-${position}` })),
      timeline: copy.timeline.slice(0, 1).map((event) => ({
        ...event,
        id: `${id}-event-1`,
        createdAt,
      })),
      payments: [],
      refunds: [],
      lastMailSubject: `Recebemos seu pedido VT-${number}`,
    };
  });
  return [...extra, ...orders];
}

/** 'DD/MM/AAAA' of an instant in São Paulo, as a CSV statement dates its lines. */
function csvDay(instant: string): string {
  const [year, month, day] = new Date(Date.parse(instant) + SAO_PAULO_OFFSET_MS)
    .toISOString()
    .slice(0, 10)
    .split('-');
  return `${day}/${month}/${year}`;
}

function csvAmount(cents: number): string {
  return (cents / 100).toLocaleString('pt-BR', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/**
 * A CSV statement of Pix mostly without txid, over makeSuggestionOrders(): the oldest order
 * waiting paid with its txid (MATCHED), the second paid by the customer without txid (SUGGESTED,
 * the names agree), the third by someone else (SUGGESTED, another name), José da Conceição's
 * R$ 209,71 (AMBIGUOUS: two orders wait for it) and a Pix nobody ordered (UNMATCHED).
 */
export function makeSuggestionStatementCsv(
  orders: StaffOrderFixture[] = makeSuggestionOrders(),
): string {
  const byNumber = (number: string) => orders.find((order) => order.number === number);
  const matched = byNumber('VT-10027');
  const agrees = byNumber('VT-10029');
  const differs = byNumber('VT-10030');
  const ambiguous = byNumber('VT-10031');
  const day = csvDay(ambiguous?.createdAt ?? matched?.createdAt ?? '2026-03-10T15:00:00Z');
  const lines = ['Data;Descrição;Valor'];
  if (matched) {
    lines.push(
      `${day};PIX RECEBIDO ${pixTxidOf(matched.number)} ${matched.customer.name.toUpperCase()};${csvAmount(matched.totalCents)}`,
    );
  }
  if (agrees) {
    lines.push(
      `${day};PIX RECEBIDO ${agrees.customer.name.toUpperCase()};${csvAmount(agrees.totalCents)}`,
    );
  }
  if (differs) lines.push(`${day};PIX RECEBIDO MARCOS VIEIRA;${csvAmount(differs.totalCents)}`);
  if (ambiguous) {
    lines.push(
      `${day};PIX RECEBIDO ${ambiguous.customer.name.toUpperCase()};${csvAmount(ambiguous.totalCents)}`,
    );
  }
  lines.push(`${day};PIX RECEBIDO FULANO DE TAL;150,00`);
  return `${lines.join('\n')}\n`;
}

export const SUGGESTION_STATEMENT_FILE_NAME = 'extrato-pix-sem-txid.csv';

/** The statement of Pix without txid imported over makeSuggestionOrders(). */
export function makeSuggestionStatementImport(
  orders: StaffOrderFixture[] = makeSuggestionOrders(),
  overrides: Partial<StatementImportFixture> = {},
): StatementImportFixture {
  const made = makeStatementImport(
    {
      id: 'statement-suggestions',
      fileName: SUGGESTION_STATEMENT_FILE_NAME,
      content: makeSuggestionStatementCsv(orders),
      createdAt: '2026-03-10T15:05:00.000Z',
      staffName: 'Ana Souza',
    },
    orders,
  );
  if (made === null) throw new Error('The suggestion statement must be readable.');
  return { ...made, ...overrides };
}
