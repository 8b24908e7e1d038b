// The products CSV (one row per variant) as the products export writes it and the import reads
// it: the columns, the file's decoding (UTF-8 with or without BOM, else Windows-1252), the
// separator (';' or ','), quoted fields, the limits (bytes, rows, cells per line and per file),
// control characters, and the Brazilian forms of prices, booleans and numbers. Reading a file is
// sliced work (lib/slices): one slice per turn of the event loop, so a large file never holds it.
import { isUtf8 } from 'node:buffer';
import { PRODUCT_CSV_COLUMNS } from '@vitrine/rules';
import {
  CsvUnclosedQuoteError,
  readCsv,
  readCsvInSlices,
  type CsvReadOptions,
  type CsvRecord,
} from '../../lib/csv-records';
import { drainSlices, runInSlices, type SlicedWork, type SliceProgress } from '../../lib/slices';
import { foldText } from '../catalog/catalog.listing';

export { PRODUCT_CSV_COLUMNS };

export type ProductCsvKey =
  | 'slug'
  | 'name'
  | 'brand'
  | 'category'
  | 'description'
  | 'published'
  | 'featured'
  | 'seoTitle'
  | 'seoDescription'
  | 'sku'
  | 'size'
  | 'color'
  | 'price'
  | 'compareAtPrice'
  | 'stock'
  | 'weightGrams'
  | 'lengthCm'
  | 'widthCm'
  | 'heightCm'
  | 'gtin'
  | 'lowStockThreshold'
  | 'ncm'
  | 'cest'
  | 'origin'
  | 'taxSituation';

/** The keys in the order of PRODUCT_CSV_COLUMNS. */
export const PRODUCT_CSV_KEYS: readonly ProductCsvKey[] = [
  'slug',
  'name',
  'brand',
  'category',
  'description',
  'published',
  'featured',
  'seoTitle',
  'seoDescription',
  'sku',
  'size',
  'color',
  'price',
  'compareAtPrice',
  'stock',
  'weightGrams',
  'lengthCm',
  'widthCm',
  'heightCm',
  'gtin',
  'lowStockThreshold',
  'ncm',
  'cest',
  'origin',
  'taxSituation',
];

export const REQUIRED_KEYS: readonly ProductCsvKey[] = [
  'sku',
  'slug',
  'name',
  'brand',
  'category',
  'price',
];

/** A file sent inside a GraphQL request (base64): read in memory. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
/** A file uploaded as it is (POST /admin/imports/products): kept on disk, read as a stream. */
export const MAX_STREAMED_IMPORT_BYTES = 100 * 1024 * 1024;
export const MAX_STREAMED_IMPORT_ROWS = 200_000;
/** Cells in one line: the export writes 25, the rest is room for a spreadsheet's own columns. */
export const MAX_IMPORT_CELLS_PER_LINE = 100;
/** Cells in the whole file (lines × columns): 20,000 rows of 30 columns. */
export const MAX_IMPORT_CELLS = 600_000;

/** Bytes decoded per slice of work (lib/slices). */
export const DECODE_SLICE_BYTES = 128 * 1024;
/** Bytes of the decoded text (as UTF-8) parsed per slice. */
export const PARSE_SLICE_BYTES = 16 * 1024;
/** Rows matched to the header's columns per slice. */
export const READ_SLICE_ROWS = 250;

/** A file that cannot be read as a products CSV: the whole import FAILS with this message. */
export class ProductCsvError extends Error {}

/**
 * A control character a CSV cell may not hold: C0 but tab, LF and CR (which CSV allows, quoted),
 * DEL and C1. PostgreSQL refuses U+0000 in text and JSON, and none of them belongs in a catalog.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/** 'U+0000'. */
const codePoint = (char: string) =>
  `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** 'Preço "de"' -> 'preco de'; 'Peso (g)' -> 'peso'. */
export function headerKey(header: string): string {
  return foldText(header)
    .replace(/\(.*?\)/g, ' ')
    .replace(/["'´`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const HEADER_TO_KEY = new Map<string, ProductCsvKey>(
  PRODUCT_CSV_COLUMNS.map((column, index) => [headerKey(column), PRODUCT_CSV_KEYS[index]!]),
);
HEADER_TO_KEY.set('gtin', 'gtin');
HEADER_TO_KEY.set('ean', 'gtin');
HEADER_TO_KEY.set('slug', 'slug');
HEADER_TO_KEY.set('origem da mercadoria', 'origin');
HEADER_TO_KEY.set('csosn', 'taxSituation');
HEADER_TO_KEY.set('cst', 'taxSituation');

/** The export's name of a column ('Descrição'). */
export const columnName = (key: ProductCsvKey): string =>
  PRODUCT_CSV_COLUMNS[PRODUCT_CSV_KEYS.indexOf(key)]!;

// Windows-1252's 0x80-0x9F (Latin-1 reads them as C1 controls; the five bytes Windows-1252 leaves
// undefined stay controls, and a row holding one is refused).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

/** UTF-8 (a BOM dropped) when the bytes are valid UTF-8, else Windows-1252; in slices. */
function* decodeSlices(bytes: Uint8Array): SlicedWork<string> {
  const utf8 = isUtf8(bytes);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let text = '';
  for (let start = 0; start < bytes.byteLength; start += DECODE_SLICE_BYTES) {
    if (start > 0) yield { phase: 'decode', done: start };
    const chunk = bytes.subarray(start, start + DECODE_SLICE_BYTES);
    text += utf8 ? decoder.decode(chunk, { stream: true }) : decodeWindows1252(chunk);
  }
  if (utf8) text += decoder.decode();
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

/** UTF-8 (a BOM dropped) when the bytes are valid UTF-8, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): string {
  return drainSlices(decodeSlices(bytes));
}

/** ';' or ',' by which one the header line has more of (outside quotes; its first 64 KB). */
export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  const end = Math.min(text.length, 65_536);
  for (let i = 0; i < end; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

export interface CsvLimits {
  /** Records, the header included. */
  maxRecords: number;
  /** Cells in one record. */
  maxCellsPerRecord: number;
  /** Cells in the whole file. */
  maxCells: number;
}

export const PRODUCT_CSV_LIMITS: CsvLimits = {
  maxRecords: MAX_IMPORT_ROWS + 1,
  maxCellsPerRecord: MAX_IMPORT_CELLS_PER_LINE,
  maxCells: MAX_IMPORT_CELLS,
};

/** The limits of a streamed file: the same cells per row as a file sent in GraphQL. */
export const STREAMED_CSV_LIMITS: CsvLimits = {
  maxRecords: MAX_STREAMED_IMPORT_ROWS + 1,
  maxCellsPerRecord: MAX_IMPORT_CELLS_PER_LINE,
  maxCells: (MAX_IMPORT_CELLS / MAX_IMPORT_ROWS) * MAX_STREAMED_IMPORT_ROWS,
};

const count = (value: number) => value.toLocaleString('pt-BR');

/** lib/csv-records' options for a products CSV: ProductCsvError past a limit, naming the line. */
export function csvOptions(separator: string, limits: CsvLimits): CsvReadOptions {
  let records = 0;
  let cells = 0;
  return {
    separator,
    onRecord: ({ line, cells: row }) => {
      if (row.length > limits.maxCellsPerRecord) {
        throw new ProductCsvError(
          `A linha ${count(line)} tem mais de ${count(limits.maxCellsPerRecord)} colunas: confira o separador (; ou ,) e as aspas.`,
        );
      }
      cells += row.length;
      if (cells > limits.maxCells) {
        throw new ProductCsvError(
          `O arquivo passa de ${count(limits.maxCells)} células (linhas × colunas) na linha ${count(line)}: divida-o em arquivos menores.`,
        );
      }
      records += 1;
      if (records > limits.maxRecords) {
        throw new ProductCsvError(
          `O arquivo tem mais de ${count(limits.maxRecords - 1)} linhas de produtos.`,
        );
      }
    },
  };
}

export const UNCLOSED_QUOTE = 'O arquivo termina dentro de um campo entre aspas.';

/**
 * The records of a CSV (lib/csv-records: quoted fields with "" escapes and line breaks inside,
 * CRLF or LF; blank lines skipped), at once. ProductCsvError past a limit, naming the line.
 */
export function parseCsv(text: string, separator: string, limits: CsvLimits): CsvRecord[] {
  try {
    return readCsv(text, csvOptions(separator, limits));
  } catch (error) {
    throw error instanceof CsvUnclosedQuoteError ? new ProductCsvError(UNCLOSED_QUOTE) : error;
  }
}

/** parseCsv, PARSE_SLICE_BYTES of the text at a time, the event loop getting its turn between. */
async function parseCsvInSlices(
  text: string,
  onSlice: ReadOptions['onSlice'],
): Promise<CsvRecord[]> {
  try {
    return await readCsvInSlices(text, {
      ...csvOptions(detectSeparator(text), PRODUCT_CSV_LIMITS),
      sliceBytes: PARSE_SLICE_BYTES,
      onSlice,
    });
  } catch (error) {
    throw error instanceof CsvUnclosedQuoteError ? new ProductCsvError(UNCLOSED_QUOTE) : error;
  }
}

export interface ProductCsvRow {
  line: number;
  /**
   * Only the columns the file has (an existing product or variant keeps the others); a control
   * character replaced by U+FFFD.
   */
  values: Partial<Record<ProductCsvKey, string>>;
  /** Why the row cannot be imported whatever its values (a control character). */
  refusal?: string;
}

/**
 * The export's formula guard removed: the export puts a ' before any text that starts with
 * = + - @, a tab or a carriage return, after any 's of its own ('=x is written ''=x), so one '
 * comes off exactly such a cell and the text reads back as it was.
 */
export function unguardCell(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A row's values by column: the formula guard removed, trimmed, control characters refused. */
export function productRow(
  record: CsvRecord,
  columns: readonly (ProductCsvKey | null)[],
): ProductCsvRow {
  const values: ProductCsvRow['values'] = {};
  let refusal: string | undefined;
  // Every column of the header gets a value (a short row's missing cells are empty); a key
  // absent from `values` is a column the file does not have.
  columns.forEach((key, index) => {
    if (!key) return;
    let cell = record.cells[index] ?? '';
    const control = CONTROL_CHARACTER.exec(cell);
    if (control) {
      refusal ??= `A coluna "${columnName(key)}" tem um caractere de controle (${codePoint(control[0])}), que não pode ser importado: remova-o do arquivo`;
      cell = cell.replace(CONTROL_CHARACTERS, '\ufffd');
    }
    values[key] = unguardCell(cell).trim();
  });
  return refusal === undefined
    ? { line: record.line, values }
    : { line: record.line, values, refusal };
}

/**
 * The header matched to the columns (case and accents ignored, any order): each column's key, or
 * null for a column the import does not read. ProductCsvError when the header cannot be read.
 */
export function headerColumns(header: CsvRecord | undefined): (ProductCsvKey | null)[] {
  if (!header) throw new ProductCsvError('O arquivo está vazio.');
  const columns: (ProductCsvKey | null)[] = [];
  const seen = new Set<ProductCsvKey>();
  header.cells.forEach((name, index) => {
    const control = CONTROL_CHARACTER.exec(name);
    if (control) {
      throw new ProductCsvError(
        `O cabeçalho (linha ${header.line}) tem um caractere de controle (${codePoint(control[0])}) na coluna ${index + 1}.`,
      );
    }
    const key = HEADER_TO_KEY.get(headerKey(name)) ?? null;
    if (key && seen.has(key)) {
      throw new ProductCsvError(`A coluna "${name.trim()}" aparece mais de uma vez.`);
    }
    if (key) seen.add(key);
    columns.push(key);
  });
  const missing = REQUIRED_KEYS.filter((key) => !seen.has(key));
  if (missing.length > 0) {
    const names = missing.map((key) => `"${columnName(key)}"`);
    throw new ProductCsvError(
      `Faltam colunas obrigatórias: ${names.join(', ')}. Use o cabeçalho da exportação de produtos.`,
    );
  }
  return columns;
}

export const NO_ROWS = 'O arquivo não tem linhas de produtos.';

/** The header's columns, then the rows' raw values, READ_SLICE_ROWS rows a slice. */
function* productRowsSlices(records: CsvRecord[]): SlicedWork<ProductCsvRow[]> {
  const columns = headerColumns(records[0]);
  if (records.length === 1) throw new ProductCsvError(NO_ROWS);
  const rows: ProductCsvRow[] = [];
  for (let index = 1; index < records.length; index += 1) {
    if (index % READ_SLICE_ROWS === 0) yield { phase: 'rows', done: index - 1 };
    rows.push(productRow(records[index]!, columns));
  }
  return rows;
}

export interface ReadOptions {
  /** Sees each slice's progress, before the event loop gets its turn (tests). */
  onSlice?: (progress: SliceProgress) => void;
}

/**
 * Decodes and reads a products CSV, one slice of work per turn of the event loop: the bytes
 * decoded, the records parsed (parseCsv), then the rows read (productRowsSlices). Rejects with
 * ProductCsvError when the file cannot be read.
 */
export async function readProductCsv(
  bytes: Uint8Array,
  options: ReadOptions = {},
): Promise<ProductCsvRow[]> {
  if (bytes.byteLength === 0) throw new ProductCsvError('O arquivo está vazio.');
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    throw new ProductCsvError('O arquivo pode ter no máximo 5 MB.');
  }
  const text = await runInSlices(decodeSlices(bytes), options.onSlice);
  const records = await parseCsvInSlices(text, options.onSlice);
  return runInSlices(productRowsSlices(records), options.onSlice);
}

export { parsePriceCents } from '@vitrine/rules';

const TRUE_WORDS = new Set(['sim', 's', 'true', '1', 'verdadeiro', 'yes', 'y', 'x']);
const FALSE_WORDS = new Set(['nao', 'n', 'false', '0', 'falso', 'no', '']);

/** 'sim'/'não' (also s/n, true/false, 1/0); empty is false; null when unreadable. */
export function parseYesNo(value: string): boolean | null {
  const folded = foldText(value.trim());
  if (TRUE_WORDS.has(folded)) return true;
  if (FALSE_WORDS.has(folded)) return false;
  return null;
}

/** A whole number ('12', '1.200'); null for empty; NaN when unreadable. */
export function parseWholeNumber(value: string): number | null {
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d{1,3}(\.\d{3})+$/.test(text)) return Number(text.replaceAll('.', ''));
  if (/^\d+,0+$/.test(text)) return Number(text.split(',')[0]);
  return Number.NaN;
}
