// A products CSV read as a stream (a file uploaded to POST /admin/imports/products, kept on disk):
// its bytes as UTF-8 (a BOM dropped, or decoded from Windows-1252 when the file is not UTF-8),
// the separator from the header line, then the rows in batches as csv-parse reads them, with the
// same header, cells and limits as a file read at once (products.csv.ts). Memory holds a batch,
// not the file.
import { CsvUnclosedQuoteError, readCsvStream, type CsvRecord } from '../../lib/csv-records';
import {
  csvOptions,
  decodeWindows1252,
  detectSeparator,
  headerColumns,
  NO_ROWS,
  productRow,
  ProductCsvError,
  STREAMED_CSV_LIMITS,
  UNCLOSED_QUOTE,
  type CsvLimits,
  type ProductCsvKey,
  type ProductCsvRow,
} from './products.csv';

/** How much of the file's start is looked at for the separator (as detectSeparator). */
const SEPARATOR_LOOKAHEAD_BYTES = 64 * 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The stream's bytes as UTF-8: a leading BOM dropped, or each chunk decoded from Windows-1252. */
async function* utf8Chunks(
  source: AsyncIterable<Uint8Array>,
  utf8: boolean,
): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const raw of source) {
    const chunk = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (!utf8) {
      yield Buffer.from(decodeWindows1252(chunk), 'utf8');
      continue;
    }
    if (head === null) {
      yield chunk;
      continue;
    }
    // The BOM may arrive split over the first chunks.
    head = Buffer.concat([head, chunk]);
    if (head.byteLength < BOM.byteLength && BOM.subarray(0, head.byteLength).equals(head)) continue;
    yield head.subarray(0, BOM.byteLength).equals(BOM) ? head.subarray(BOM.byteLength) : head;
    head = null;
  }
  if (head !== null && head.byteLength > 0 && !BOM.subarray(0, head.byteLength).equals(head)) {
    yield head;
  }
}

/**
 * The separator, from the start of the text (up to the first line break or 64 KB), and the
 * stream again from its first byte.
 */
async function withSeparator(
  source: AsyncIterable<Buffer>,
): Promise<{ separator: ';' | ','; chunks: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  let bytes = 0;
  let done = false;
  while (bytes < SEPARATOR_LOOKAHEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    held.push(next.value);
    bytes += next.value.byteLength;
    if (next.value.includes(0x0a) || next.value.includes(0x0d)) break;
  }
  const separator = detectSeparator(Buffer.concat(held).toString('utf8'));
  async function* chunks(): AsyncGenerator<Buffer> {
    yield* held;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  return { separator, chunks: chunks() };
}

export interface StreamReadOptions {
  /** Whether the bytes are UTF-8 (else Windows-1252), as checked while the file was received. */
  utf8: boolean;
  /** Rows per batch yielded (at least; a chunk's rows stay together). */
  batchRows: number;
  limits?: CsvLimits;
}

/**
 * The rows of a products CSV stream, in batches of about `batchRows`. Rejects with
 * ProductCsvError when the file cannot be read (its header, a limit, a quote left open): the
 * batches yielded before are then of no use.
 */
export async function* readProductCsvStream(
  source: AsyncIterable<Uint8Array>,
  options: StreamReadOptions,
): AsyncGenerator<ProductCsvRow[], void, undefined> {
  const { separator, chunks } = await withSeparator(utf8Chunks(source, options.utf8));
  let columns: (ProductCsvKey | null)[] | null = null;
  let batch: ProductCsvRow[] = [];
  let rows = 0;
  const records = readCsvStream(
    chunks,
    csvOptions(separator, options.limits ?? STREAMED_CSV_LIMITS),
  );
  try {
    for await (const read of records) {
      let start = 0;
      if (columns === null) {
        columns = headerColumns(read[0] as CsvRecord);
        start = 1;
      }
      for (let index = start; index < read.length; index += 1) {
        batch.push(productRow(read[index]!, columns));
      }
      if (batch.length >= options.batchRows) {
        rows += batch.length;
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    throw error instanceof CsvUnclosedQuoteError ? new ProductCsvError(UNCLOSED_QUOTE) : error;
  }
  if (columns === null) throw new ProductCsvError('O arquivo está vazio.');
  if (rows + batch.length === 0) throw new ProductCsvError(NO_ROWS);
  if (batch.length > 0) yield batch;
}
