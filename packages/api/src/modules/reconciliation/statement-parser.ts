// Reads a bank statement's credits: OFX (SGML 1.x with unclosed leaf tags, or XML 2.x) and CSV as
// Brazilian banks export it (';' or ',' separated, dd/mm/aaaa dates, '1.234,56' amounts). Pure
// functions: no database, no time zone of the process (São Paulo's offset comes from Intl).
import { createHash } from 'node:crypto';
import { CsvUnclosedQuoteError, readCsv, type CsvRecord } from '../../lib/csv-records';
import { STORE_TIME_ZONE } from '../../lib/dates';
import { payerNameIn } from '@vitrine/rules';

export type StatementFormat = 'OFX' | 'CSV';

export interface StatementCredit {
  /** OFX FITID, a CSV id column, or a hash of the CSV line (stable across imports of the file). */
  bankId: string;
  postedAt: Date;
  amountCents: number;
  description: string;
  /** The Pix txid found in the description ('VT10023'), or null. */
  txid: string | null;
  /** The payer's name a Pix credit's description carries (@vitrine/rules payer.ts), or null. */
  payerName: string | null;
}

export interface ParsedStatement {
  format: StatementFormat;
  credits: StatementCredit[];
  /** Every transaction read (credits and debits), for the size limit. */
  transactionCount: number;
}

/** Thrown when the text is neither an OFX nor a CSV statement. */
export class NotAStatementError extends Error {
  constructor() {
    super('not a bank statement');
  }
}

const DESCRIPTION_MAX = 500;

// 'VT10023', 'vt-10023', 'TXID:VT10023' (not inside a longer word or number).
const TXID_PATTERN = /(?<![A-Za-z0-9])VT-?(\d{1,15})(?!\d)/i;

// The txid of a charge at the PSP ('vt' and the order's id as 32 hex digits, pix-psp.config.ts):
// not an order number, whatever digits it starts with.
const CHARGE_TXID_PATTERN = /(?<![A-Za-z0-9])vt[0-9a-f]{32}(?![A-Za-z0-9])/gi;

/** The order's txid (its number without the dash) named in a description, or null. */
export function txidIn(text: string): string | null {
  const digits = TXID_PATTERN.exec(text.replace(CHARGE_TXID_PATTERN, ' '))?.[1];
  return digits ? `VT${digits}` : null;
}

/** The order number a txid stands for: 'VT10023' -> 'VT-10023'. */
export function orderNumberOfTxid(txid: string): string {
  return `VT-${txid.slice(2)}`;
}

/**
 * Centavos from a decimal text: '1234.56', '1234,56', '1.234,56', '1,234.56', '-50', 'R$ 10,5'.
 * With one kind of separator it is the decimal one, except a CSV's '1.234' (a thousands dot,
 * as Brazilian banks write). Null when it is not an amount.
 */
export function parseAmountCents(raw: string, format: StatementFormat): number | null {
  let text = raw.replace(/R\$|\s|\u00a0/g, '');
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    sign = -sign;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  if (text.endsWith('-')) {
    // '150,00-' and 'D' suffixes of some bank exports.
    sign = -sign;
    text = text.slice(0, -1);
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let decimal: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastComma >= 0) decimal = text.indexOf(',') === lastComma ? ',' : null;
  else if (lastDot >= 0) {
    const single = text.indexOf('.') === lastDot;
    const thousands = format === 'CSV' && /^\d{1,3}(\.\d{3})+$/.test(text);
    decimal = single && !thousands ? '.' : null;
  }
  let whole = text;
  let fraction = '';
  if (decimal) {
    const at = text.lastIndexOf(decimal);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
  }
  const thousandsSeparator = decimal === ',' ? '.' : ',';
  if (decimal === null) whole = whole.replace(/[.,]/g, '');
  else whole = whole.split(thousandsSeparator).join('');
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

/** The UTC instant of a São Paulo wall-clock time (its offset from Intl, DST years included). */
export function saoPauloTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset only changes on the hour: one Intl look-up per wall-clock hour of the statement.
  const hourKey = Math.floor(wall / 3_600_000);
  let offset = offsetByWallHour.get(hourKey);
  if (offset === undefined) {
    let guess = wall + 3 * 3_600_000;
    for (let i = 0; i < 2; i += 1) guess = wall - offsetMs(guess);
    offset = wall - guess;
    if (offsetByWallHour.size > 10_000) offsetByWallHour.clear();
    offsetByWallHour.set(hourKey, offset);
  }
  return new Date(wall - offset);
}

const offsetByWallHour = new Map<number, number>();

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** São Paulo's offset from UTC at an instant, in ms (e.g. -3 h). */
function offsetMs(instant: number): number {
  const parts = Object.fromEntries(
    zoneParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * OFX DTPOSTED: YYYYMMDD[HHMMSS[.XXX]][[+-]h[.mm]:TZ]. Without an offset, the bank's (São
 * Paulo's) wall clock, which is what Brazilian banks write.
 */
export function parseOfxDate(raw: string): Date | null {
  const match =
    /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2}))?(?:\.\d{1,3})?)?\s*(?:\[([+-]?\d{1,2}(?:[.:]\d{2})?)(?::[^\]]*)?\])?$/.exec(
      raw.trim(),
    );
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!validDate(year, month, day)) return null;
  const hour = Number(match[4] ?? 0);
  const minute = Number(match[5] ?? 0);
  const second = Number(match[6] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = match[7];
  if (offset === undefined) return saoPauloTime(year, month, day, hour, minute, second);
  const [h, m] = offset.replace('+', '').split(/[.:]/);
  const sign = offset.startsWith('-') ? -1 : 1;
  const offsetMinutes = sign * (Math.abs(Number(h)) * 60 + Number(m ?? 0));
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000);
}

/** CSV dates: dd/mm/aaaa (or dd/mm/aa, dd-mm-aaaa, aaaa-mm-dd), optionally with HH:mm[:ss]. */
export function parseCsvDate(raw: string): Date | null {
  const text = raw.trim();
  let year: number;
  let month: number;
  let day: number;
  let rest: string;
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(.*)$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(text);
  if (br) {
    day = Number(br[1]);
    month = Number(br[2]);
    year = br[3]!.length === 2 ? 2000 + Number(br[3]) : Number(br[3]);
    rest = br[4]!;
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
    rest = iso[4]!;
  } else {
    return null;
  }
  if (!validDate(year, month, day)) return null;
  const time = /^(?:\s+|T)(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(rest);
  if (rest.trim() !== '' && !time) return null;
  const [hour, minute, second] = time
    ? [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)]
    : [0, 0, 0];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return saoPauloTime(year, month, day, hour, minute, second);
}

function cleanDescription(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, DESCRIPTION_MAX)
  );
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&apos;/gi, "'")
    .replace(/&#(\d{1,6});/g, (_m, code: string) => String.fromCodePoint(Number(code) % 0x110000))
    .replace(/&amp;/gi, '&');
}

// Transaction types that are money going out, whatever the sign the bank wrote.
const OFX_DEBIT_TYPES = new Set([
  'DEBIT',
  'PAYMENT',
  'ATM',
  'POS',
  'FEE',
  'SRVCHG',
  'CHECK',
  'DIRECTDEBIT',
  'REPEATPMT',
  'CASH',
]);

export function looksLikeOfx(content: string): boolean {
  return /^\s*(?:OFXHEADER\s*:|<\?xml[^>]*>\s*<\?OFX)/i.test(content) || /<OFX>/i.test(content);
}

const OFX_LEAF: Record<string, RegExp> = Object.fromEntries(
  ['TRNTYPE', 'TRNAMT', 'DTPOSTED', 'FITID', 'NAME', 'MEMO'].map((tag) => [
    tag,
    new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i'),
  ]),
);

function parseOfx(content: string): ParsedStatement {
  if (!/<OFX>/i.test(content)) throw new NotAStatementError();
  const credits: StatementCredit[] = [];
  const blocks = content.split(/<STMTTRN>/i).slice(1);
  blocks.forEach((rawBlock, index) => {
    const block = rawBlock.split(/<\/STMTTRN>|<\/BANKTRANLIST>/i)[0] ?? '';
    // A leaf's value runs to the next tag or the line's end (SGML leaves are not closed).
    const field = (tag: string): string | null => {
      const match = OFX_LEAF[tag]!.exec(block);
      return match ? decodeEntities(match[1]!).trim() : null;
    };
    const type = (field('TRNTYPE') ?? '').toUpperCase();
    const amountCents = parseAmountCents(field('TRNAMT') ?? '', 'OFX');
    const postedAt = parseOfxDate(field('DTPOSTED') ?? '');
    if (amountCents === null || postedAt === null) return;
    if (amountCents <= 0 || OFX_DEBIT_TYPES.has(type)) return;
    const description = cleanDescription(
      [field('NAME'), field('MEMO')].filter(Boolean).join(' · '),
    );
    // BB and others list the balance ("Saldo Anterior", "Saldo do dia") as a transaction.
    if (/^saldo\b/.test(normalise(description))) return;
    const fitid = field('FITID') ?? '';
    credits.push({
      bankId:
        fitid || `ofx-${hash(`${postedAt.toISOString()}|${amountCents}|${description}|${index}`)}`,
      postedAt,
      amountCents,
      description,
      txid: txidIn(description),
      payerName: payerNameIn(description),
    });
  });
  return { format: 'OFX', credits, transactionCount: blocks.length };
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/**
 * The rows of a statement (lib/csv-records), with the given separator: line ends made one kind
 * first, so a cell's line break reads the same whatever the bank wrote (the ids hashed from a
 * line stay stable), and blanks before a quote allowed. A text ending inside quotes keeps the rows
 * before it; rows of blank cells are dropped.
 */
function csvRows(content: string, separator: string): string[][] {
  let records: CsvRecord[];
  try {
    records = readCsv(content.replace(/\r\n?/g, '\n'), { separator, trimStart: true });
  } catch (error) {
    if (!(error instanceof CsvUnclosedQuoteError)) throw error;
    records = error.records;
  }
  return records
    .map((record) => record.cells)
    .filter((cells) => cells.some((value) => value.trim() !== ''));
}

function detectSeparator(content: string): ';' | ',' {
  const sample = content.split(/\r?\n/).slice(0, 10).join('\n');
  const count = (char: string) => sample.split(char).length - 1;
  return count(';') >= count(',') && count(';') > 0 ? ';' : ',';
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

interface CsvColumns {
  date: number;
  amount: number;
  description: number[];
  id: number | null;
}

function headerColumns(cells: string[]): CsvColumns | null {
  const names = cells.map(normalise);
  const find = (pattern: RegExp) => names.findIndex((name) => pattern.test(name));
  const date = find(/^(data|date|dt)\b/);
  let amount = find(/^(valor|amount|value|quantia)\b/);
  if (amount < 0) amount = find(/^(credito|entrada)/);
  const description = names
    .map((name, index) => ({ name, index }))
    .filter(({ name, index }) => {
      // 'Data Lançamento' is the date, 'Valor do lançamento' the amount, not the description.
      if (index === date || index === amount) return false;
      return /descri|historico|memo|lancamento|detalhe|identifica|nome|name|titulo/.test(name);
    })
    .map(({ index }) => index);
  const id = find(
    /^(id|fitid|identificador|documento|n[o.]?\s*(do\s*)?doc|codigo|transacao|id da transacao)$/,
  );
  if (date < 0 || amount < 0) return null;
  return { date, amount, description: description.filter((i) => i !== id), id: id < 0 ? null : id };
}

function parseCsv(content: string): ParsedStatement {
  const rows = csvRows(content, detectSeparator(content));
  let columns: CsvColumns | null = null;
  let start = 0;
  // A header within the first rows (some banks put the account and period above it).
  for (let i = 0; i < Math.min(rows.length, 10); i += 1) {
    const found = headerColumns(rows[i]!);
    if (found) {
      columns = found;
      start = i + 1;
      break;
    }
  }
  // No header: date;description;amount.
  columns ??= { date: 0, description: [1], amount: 2, id: null };
  const credits: StatementCredit[] = [];
  const seen = new Map<string, number>();
  let transactionCount = 0;
  for (const cells of rows.slice(start)) {
    const postedAt = parseCsvDate(cells[columns.date] ?? '');
    const amount = parseAmountCents(cells[columns.amount] ?? '', 'CSV');
    if (postedAt === null || amount === null) continue;
    const description = cleanDescription(
      columns.description
        .map((index) => cells[index] ?? '')
        .filter(Boolean)
        .join(' · '),
    );
    // Balance lines are not transactions.
    if (/^saldo\b/i.test(normalise(description))) continue;
    transactionCount += 1;
    if (amount <= 0) continue;
    const line = cells.map((cell) => cell.trim()).join('\u0001');
    // Two identical lines are two transactions: the occurrence keeps their ids apart and stable.
    const occurrence = (seen.get(line) ?? 0) + 1;
    seen.set(line, occurrence);
    const ownId = columns.id === null ? '' : (cells[columns.id] ?? '').trim();
    credits.push({
      bankId: ownId || `csv-${hash(`${line}\u0002${occurrence}`)}`,
      postedAt,
      amountCents: amount,
      description,
      txid: txidIn(description),
      payerName: payerNameIn(description),
    });
  }
  if (transactionCount === 0 && start === 0) throw new NotAStatementError();
  return { format: 'CSV', credits, transactionCount };
}

/** The statement's credits; NotAStatementError when the text is neither OFX nor CSV. */
export function parseStatement(content: string): ParsedStatement {
  const text = content.replace(/^\ufeff/, '');
  if (text.trim() === '') throw new NotAStatementError();
  return looksLikeOfx(text) ? parseOfx(text) : parseCsv(text);
}
