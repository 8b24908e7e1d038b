// The products CSV (one row per variant) as the products export writes it and the import reads
// it: the columns, the file's decoding (UTF-8 with or without BOM, else Windows-1252), the
// separator (';' or ','), quoted fields, and the Brazilian forms of prices, booleans and numbers.
import { PRODUCT_CSV_COLUMNS } from '@vitrine/rules';
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
  | 'lowStockThreshold';

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
];

export const REQUIRED_KEYS: readonly ProductCsvKey[] = [
  'sku',
  'slug',
  'name',
  'brand',
  'category',
  'price',
];

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

/** A file that cannot be read as a products CSV: the whole import FAILS with this message. */
export class ProductCsvError extends Error {}

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

// Windows-1252's 0x80-0x9F (Node's TextDecoder('windows-1252') reads them as Latin-1 controls).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) =>
        byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte,
      ),
    );
  }
  return text;
}

/** UTF-8 (a BOM dropped) when the bytes are valid UTF-8, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

/** ';' or ',' by which one the header line has more of (outside quotes). */
export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

export interface CsvRecord {
  /** The line in the file where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

/**
 * The records of a CSV: quoted fields with "" escapes and line breaks inside, CRLF or LF; blank
 * lines skipped. Stops with ProductCsvError past `maxRecords` (the header included).
 */
export function parseCsv(text: string, separator: string, maxRecords: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  const plainEnd = new RegExp(`[${separator === ';' ? ';' : ','}\r\n]`, 'g');
  let cells: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const length = text.length;
  const endRecord = () => {
    if (cells.length > 1 || cells[0] !== '') {
      records.push({ line: recordLine, cells });
      if (records.length > maxRecords) {
        throw new ProductCsvError(
          `O arquivo tem mais de ${(maxRecords - 1).toLocaleString('pt-BR')} linhas de produtos.`,
        );
      }
    }
    cells = [];
  };
  while (i <= length) {
    let cell: string;
    if (text[i] === '"') {
      // A quoted cell: up to the quote not followed by another; "" is one quote.
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1)
          throw new ProductCsvError('O arquivo termina dentro de um campo entre aspas.');
        value += text.slice(from, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          from = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      for (let at = value.indexOf('\n'); at !== -1; at = value.indexOf('\n', at + 1)) line += 1;
      // Anything between the closing quote and the separator is kept, as spreadsheets do.
      plainEnd.lastIndex = i;
      const match = plainEnd.exec(text);
      const stop = match ? match.index : length;
      cell = value + text.slice(i, stop);
      i = stop;
    } else {
      plainEnd.lastIndex = i;
      const match = plainEnd.exec(text);
      const stop = match ? match.index : length;
      cell = text.slice(i, stop);
      i = stop;
    }
    cells.push(cell);
    if (i >= length) {
      endRecord();
      break;
    }
    const char = text[i];
    if (char === separator) {
      i += 1;
      continue;
    }
    // A line break ends the record.
    i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    endRecord();
    line += 1;
    recordLine = line;
    if (i >= length) break;
  }
  return records;
}

export interface ProductCsvRow {
  line: number;
  /** Only the columns the file has (an existing product or variant keeps the others). */
  values: Partial<Record<ProductCsvKey, string>>;
}

/**
 * Decodes and reads a products CSV: the header matched to the columns (case and accents
 * ignored, any order), then the rows' raw values (trimmed; the export's formula guard, a
 * leading ' before = + - @, removed). ProductCsvError when the file cannot be read.
 */
export function readProductCsv(bytes: Uint8Array): ProductCsvRow[] {
  if (bytes.byteLength === 0) throw new ProductCsvError('O arquivo está vazio.');
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    throw new ProductCsvError('O arquivo pode ter no máximo 5 MB.');
  }
  const text = decodeCsv(bytes);
  const records = parseCsv(text, detectSeparator(text), MAX_IMPORT_ROWS + 1);
  const header = records[0];
  if (!header) throw new ProductCsvError('O arquivo está vazio.');
  const columns: (ProductCsvKey | null)[] = [];
  const seen = new Set<ProductCsvKey>();
  for (const name of header.cells) {
    const key = HEADER_TO_KEY.get(headerKey(name)) ?? null;
    if (key && seen.has(key)) {
      throw new ProductCsvError(`A coluna "${name.trim()}" aparece mais de uma vez.`);
    }
    if (key) seen.add(key);
    columns.push(key);
  }
  const missing = REQUIRED_KEYS.filter((key) => !seen.has(key));
  if (missing.length > 0) {
    const names = missing.map((key) => `"${PRODUCT_CSV_COLUMNS[PRODUCT_CSV_KEYS.indexOf(key)]}"`);
    throw new ProductCsvError(
      `Faltam colunas obrigatórias: ${names.join(', ')}. Use o cabeçalho da exportação de produtos.`,
    );
  }
  if (records.length === 1) throw new ProductCsvError('O arquivo não tem linhas de produtos.');
  return records.slice(1).map((record) => {
    const values: ProductCsvRow['values'] = {};
    // Every column of the header gets a value (a short row's missing cells are empty); a key
    // absent from `values` is a column the file does not have.
    columns.forEach((key, index) => {
      if (!key) return;
      let value = (record.cells[index] ?? '').trim();
      if (/^'[=+\-@]/.test(value)) value = value.slice(1);
      values[key] = value;
    });
    return { line: record.line, values };
  });
}

/**
 * A price in centavos: '129,90', '129.90', 'R$ 129,90', '1.299,90', '1,299.90', '129'; null when
 * it is not a price.
 */
export function parsePriceCents(value: string): number | null {
  let text = value
    .replace(/^R\$\s*/i, '')
    .replace(/\s/g, '')
    .trim();
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimal: ',' | '.' | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimal = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0) decimal = ',';
  else if (lastDot >= 0) {
    // Only dots: '129.90' decimal; '1.299' or '1.299.000' thousands.
    const groups = text.split('.');
    decimal = groups.length === 2 && groups[1]!.length <= 2 ? '.' : null;
  }
  const thousands = decimal === '.' ? ',' : '.';
  const [integer = '', ...rest] = decimal ? text.split(decimal) : [text];
  if (rest.length > 1) return null;
  if (integer.includes(thousands)) {
    if (!new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+$`).test(integer)) return null;
  } else if (integer.includes(decimal === ',' ? '.' : ',')) return null;
  text = integer.replaceAll(thousands, '') + (decimal ? `.${rest[0] ?? ''}` : '');
  const [whole, fraction = ''] = text.split('.');
  if (!whole || !/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

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
