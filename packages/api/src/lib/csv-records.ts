// The one way a CSV is read (the products import, bank statements): csv-parse tokenises it
// (RFC 4180: '"' quotes, '""' inside them, separators and line breaks inside quoted cells), with a
// spreadsheet's leniency: CRLF, LF or an old Mac's CR in one file, a quote inside an unquoted cell
// is text, blank lines are skipped and rows may differ in length. Each record knows the line of
// the file where it starts (the first line is 1), for messages that name it.
import { Parser, type Options } from 'csv-parse';
import { CsvError, parse } from 'csv-parse/sync';
import { nextTurn, type SliceProgress } from './slices';

export interface CsvRecord {
  /** The line in the file where the record starts (the first line is 1). */
  line: number;
  cells: string[];
}

export interface CsvReadOptions {
  separator: string;
  /** Blanks before a cell dropped, so a quote after them still opens a quoted cell. */
  trimStart?: boolean;
  /** Sees each record as it is read; what it throws stops the reading and is thrown as it is. */
  onRecord?: (record: CsvRecord) => void;
}

/** The text ends inside a quoted cell; `records` holds those read before it. */
export class CsvUnclosedQuoteError extends Error {
  constructor(readonly records: CsvRecord[]) {
    super('the CSV ends inside a quoted cell');
    this.name = 'CsvUnclosedQuoteError';
  }
}

const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * The bytes fed to the parser so far, from the earliest a record not yet read may start at: the
 * whole text at once, or a stream's chunks, dropped once every record in them is read.
 */
class ByteWindow {
  private chunks: { start: number; bytes: Buffer }[] = [];
  private total = 0;

  push(bytes: Buffer): void {
    this.chunks.push({ start: this.total, bytes });
    this.total += bytes.byteLength;
  }

  /** The byte at `offset` of the whole text; undefined outside what is held. */
  at(offset: number): number | undefined {
    for (const chunk of this.chunks) {
      if (offset < chunk.start) return undefined;
      if (offset < chunk.start + chunk.bytes.byteLength) return chunk.bytes[offset - chunk.start];
    }
    return undefined;
  }

  /** How many LF bytes lie in [from, to). */
  countLf(from: number, to: number): number {
    let count = 0;
    for (const { start, bytes } of this.chunks) {
      const end = start + bytes.byteLength;
      if (end <= from) continue;
      if (start >= to) break;
      let at = Math.max(from, start) - start;
      const stop = Math.min(to, end) - start;
      for (;;) {
        const found = bytes.indexOf(LF, at);
        if (found === -1 || found >= stop) break;
        count += 1;
        at = found + 1;
      }
    }
    return count;
  }

  /** Drops the chunks that end before `offset`. */
  discardBefore(offset: number): void {
    while (this.chunks.length > 1) {
      const first = this.chunks[0]!;
      if (first.start + first.bytes.byteLength > offset) break;
      this.chunks.shift();
    }
  }
}

/**
 * csv-parse's options and the records it reads, numbered by line. csv-parse tells where a record
 * ends (its byte offset, line break included); the blank lines before it are one line each, and
 * the record itself spans one more line for each LF inside it (a CRLF is one) and for the lone CR
 * that may end it. An old Mac's CR inside a quoted cell, as a spreadsheet shows it, starts no line.
 */
function recordReader(window: ByteWindow, options: CsvReadOptions) {
  const records: CsvRecord[] = [];
  const blank = (byte: number | undefined) =>
    byte === CR || byte === LF || (options.trimStart === true && (byte === SPACE || byte === TAB));
  let previousEnd = 0;
  let line = 1;
  const onRecord = (cells: string[], end: number): null => {
    let at = previousEnd;
    for (; at < end && blank(window.at(at)); at += 1) {
      const byte = window.at(at);
      if (byte === LF || (byte === CR && window.at(at + 1) !== LF)) line += 1;
    }
    const record = { line, cells };
    line += window.countLf(at, end);
    if (window.at(end - 1) === CR) line += 1;
    previousEnd = end;
    window.discardBefore(end);
    // A line of one empty quoted cell ("") is as blank as an empty one.
    if (cells.length === 1 && cells[0] === '') return null;
    options.onRecord?.(record);
    records.push(record);
    return null;
  };
  const parseOptions: Options = {
    delimiter: options.separator,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    ltrim: options.trimStart ?? false,
    on_record: (cells: string[], context) => onRecord(cells, context.bytes),
  };
  return { records, parseOptions };
}

/** A window holding the whole of `bytes`. */
function wholeWindow(bytes: Buffer): ByteWindow {
  const window = new ByteWindow();
  window.push(bytes);
  return window;
}

const unclosedQuote = (error: unknown): boolean =>
  error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED';

/** The records of `text`, at once. CsvUnclosedQuoteError when it ends inside quotes. */
export function readCsv(text: string, options: CsvReadOptions): CsvRecord[] {
  const bytes = Buffer.from(text);
  const { records, parseOptions } = recordReader(wholeWindow(bytes), options);
  try {
    parse(bytes, parseOptions);
  } catch (error) {
    throw unclosedQuote(error) ? new CsvUnclosedQuoteError(records) : error;
  }
  return records;
}

export interface CsvSliceOptions extends CsvReadOptions {
  /** Bytes of the text (UTF-8) read per slice. */
  sliceBytes: number;
  /** Sees each slice's progress ('parse', bytes read so far) before the loop gets its turn. */
  onSlice?: (progress: SliceProgress) => void;
}

/** `stream.write`/`end` as a promise, settled with the parsing's error if any. */
function fed(parser: Parser, chunk: Buffer | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (chunk) parser.write(chunk, done);
    else parser.end(done);
  });
}

/**
 * The records of `text`, `sliceBytes` at a time through csv-parse's stream, the event loop getting
 * its turn between two slices (lib/slices). Rejects with CsvUnclosedQuoteError when the text ends
 * inside quotes, or with what `onRecord` threw.
 */
export async function readCsvInSlices(
  text: string,
  options: CsvSliceOptions,
): Promise<CsvRecord[]> {
  const bytes = Buffer.from(text);
  const { records, parseOptions } = recordReader(wholeWindow(bytes), options);
  const parser = new Parser(parseOptions);
  // Errors reach the write and end callbacks; the stream's own 'error' event is not needed.
  parser.on('error', () => {});
  try {
    for (let start = 0; start < bytes.byteLength; start += options.sliceBytes) {
      if (start > 0) {
        options.onSlice?.({ phase: 'parse', done: start });
        await nextTurn();
      }
      await fed(parser, bytes.subarray(start, start + options.sliceBytes));
    }
    await fed(parser, null);
  } catch (error) {
    throw unclosedQuote(error) ? new CsvUnclosedQuoteError(records) : error;
  }
  return records;
}

/**
 * The records of a stream of UTF-8 bytes, as they are read: each chunk is parsed as it comes and
 * the records it completes are yielded together (none held once yielded). Rejects with
 * CsvUnclosedQuoteError (its `records` empty: the others were yielded) when the text ends inside
 * quotes, or with what `onRecord` threw.
 */
export async function* readCsvStream(
  source: AsyncIterable<Buffer>,
  options: CsvReadOptions,
): AsyncGenerator<CsvRecord[], void, undefined> {
  const window = new ByteWindow();
  const { records, parseOptions } = recordReader(window, options);
  const parser = new Parser(parseOptions);
  parser.on('error', () => {});
  try {
    for await (const chunk of source) {
      window.push(chunk);
      await fed(parser, chunk);
      if (records.length > 0) yield records.splice(0);
    }
    await fed(parser, null);
  } catch (error) {
    throw unclosedQuote(error) ? new CsvUnclosedQuoteError([]) : error;
  }
  if (records.length > 0) yield records.splice(0);
}
