// The products CSV reader: encodings, separators, quotes and line breaks, headers in any order and
// form, missing columns, limits (rows, cells per line and per file), control characters, the
// export's cells read back exactly, reading in slices that give the event loop its turns, and the
// Brazilian forms of prices, booleans and numbers.
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../lib/csv';
import type { SliceProgress } from '../../lib/slices';
import { bulkImportRows, productCsv } from './imports.fixtures';
import {
  decodeCsv,
  DECODE_SLICE_BYTES,
  detectSeparator,
  MAX_IMPORT_CELLS,
  MAX_IMPORT_CELLS_PER_LINE,
  parseCsv,
  parsePriceCents,
  parseWholeNumber,
  parseYesNo,
  PARSE_SLICE_BYTES,
  PRODUCT_CSV_COLUMNS,
  ProductCsvError,
  READ_SLICE_ROWS,
  readProductCsv,
  unguardCell,
} from './products.csv';

const HEADER = PRODUCT_CSV_COLUMNS.join(';');
const utf8 = (text: string) => new TextEncoder().encode(text);
const LIMITS = { maxRecords: 100, maxCellsPerRecord: 100, maxCells: 10_000 };

/** The error readProductCsv rejects with. */
async function failure(bytes: Uint8Array): Promise<ProductCsvError> {
  const error = await readProductCsv(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProductCsvError);
  return error as ProductCsvError;
}

/** A line in the export's layout with `cells` at their columns (by index). */
const rowOf = (cells: Record<number, string>) =>
  PRODUCT_CSV_COLUMNS.map((_, index) => cells[index] ?? '').join(';');

describe('decoding', () => {
  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeCsv(utf8('\ufeffDescrição'))).toBe('Descrição');
    expect(decodeCsv(utf8('Descrição'))).toBe('Descrição');
  });

  it('reads Windows-1252 when the bytes are not valid UTF-8', () => {
    // 'Preço' with ç as 0xE7 and 'não' with ã as 0xE3: what Excel saves as "CSV" on Windows.
    const bytes = new Uint8Array([0x50, 0x72, 0x65, 0xe7, 0x6f, 0x3b, 0x6e, 0xe3, 0x6f, 0x80]);
    expect(decodeCsv(bytes)).toBe('Preço;não€');
    // A byte Windows-1252 leaves undefined stays a (C1) control character.
    expect(decodeCsv(new Uint8Array([0xe7, 0x81]))).toBe('ç\u0081');
  });

  it('reads a character whose bytes straddle two slices of the decoding', () => {
    // The decoding goes DECODE_SLICE_BYTES at a time: 'ç' (2 bytes) and '€' (3 bytes) across.
    const text = `${'a'.repeat(DECODE_SLICE_BYTES - 1)}ç${'b'.repeat(DECODE_SLICE_BYTES - 2)}€fim`;
    expect(decodeCsv(utf8(text))).toBe(text);
  });
});

describe('records', () => {
  it('detects the separator from the header line', () => {
    expect(detectSeparator('a;b;c\n1,2;3;4')).toBe(';');
    expect(detectSeparator('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectSeparator('"a,b";c;d')).toBe(';');
  });

  it('reads quoted fields with "" escapes, separators and line breaks inside, CRLF or LF', () => {
    const records = parseCsv(
      'a;b\r\n"x;""y""";"linha 1\r\nlinha 2"\r\n\r\nz;w\nlast;"q"',
      ';',
      LIMITS,
    );
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;"y"', 'linha 1\r\nlinha 2'] },
      { line: 5, cells: ['z', 'w'] },
      { line: 6, cells: ['last', 'q'] },
    ]);
  });

  it('refuses a file that ends inside quotes', () => {
    expect(() => parseCsv('a;b\n"open;x', ';', LIMITS)).toThrow(ProductCsvError);
  });

  it('refuses a line with 2 million separators, naming it', async () => {
    const file = `${HEADER}\n${rowOf({ 9: 'A' })}\n${';'.repeat(2_000_000)}\n`;
    expect((await failure(utf8(file))).message).toBe(
      `A linha 3 tem mais de ${MAX_IMPORT_CELLS_PER_LINE} colunas: confira o separador (; ou ,) e as aspas.`,
    );
  });

  it('stops past the cells a file may have, naming the line', () => {
    const line = `${'x;'.repeat(9)}x\n`;
    const limits = { maxRecords: 100, maxCellsPerRecord: 10, maxCells: 25 };
    expect(() => parseCsv(line.repeat(3), ';', limits)).toThrow(
      'O arquivo passa de 25 células (linhas × colunas) na linha 3',
    );
    expect(parseCsv(line.repeat(2), ';', limits)).toHaveLength(2);
  });
});

describe('readProductCsv', () => {
  it('matches headers in any order, any case and without accents, with "," separators', async () => {
    const file =
      'sku,PRECO,identificador url,nome,marca,categoria,Preco "de",descricao\n' +
      'CAM-1,"129,90",camiseta,Camiseta,aurora,Roupas,,"Algodão, macio"\n';
    const rows = await readProductCsv(utf8(file));
    expect(rows).toEqual([
      {
        line: 2,
        values: {
          sku: 'CAM-1',
          price: '129,90',
          slug: 'camiseta',
          name: 'Camiseta',
          brand: 'aurora',
          category: 'Roupas',
          compareAtPrice: '',
          description: 'Algodão, macio',
        },
      },
    ]);
  });

  it('fails the whole file listing the required columns that are missing', async () => {
    const error = await failure(utf8('SKU;Nome;Tamanho\nA;B;M\n'));
    expect(error.message).toContain('"Identificador URL"');
    expect(error.message).toContain('"Marca"');
    expect(error.message).toContain('"Categoria"');
    expect(error.message).toContain('"Preço"');
    expect(error.message).not.toContain('"SKU"');
  });

  it("removes the export's formula guard and reads the export's own header", async () => {
    const rows = await readProductCsv(
      utf8(`\ufeff${HEADER}\r\n${rowOf({ 4: "'- item de lista", 9: 'SKU-1' })}\r\n`),
    );
    expect(rows[0]!.values.description).toBe('- item de lista');
    expect(rows[0]!.values.sku).toBe('SKU-1');
  });

  it('refuses an empty file, a header alone, a repeated column and more than 20,000 rows', async () => {
    expect((await failure(new Uint8Array())).message).toContain('vazio');
    expect((await failure(utf8(HEADER))).message).toContain('não tem linhas');
    expect((await failure(utf8(`${HEADER};SKU\n`))).message).toContain('mais de uma vez');
    const many = `${HEADER}\n${'x;'.repeat(20).concat('x\n').repeat(20_001)}`;
    expect((await failure(utf8(many))).message).toContain('mais de 20.000 linhas');
  });

  it('refuses a file over 5 MB', async () => {
    const error = await failure(new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61));
    expect(error.message).toContain('5 MB');
  });

  it('refuses a line of more than 100 cells and a file of more than 600,000, naming the line', async () => {
    const wide = `${HEADER}\n${rowOf({ 9: 'A' })}\n${'x;'.repeat(MAX_IMPORT_CELLS_PER_LINE)}x\n`;
    expect((await failure(utf8(wide))).message).toBe(
      'A linha 3 tem mais de 100 colunas: confira o separador (; ou ,) e as aspas.',
    );
    // 6,001 lines of 100 cells: within the rows and the cells per line, not the cells per file.
    const line = `${'x;'.repeat(MAX_IMPORT_CELLS_PER_LINE - 1)}x\n`;
    const lines = MAX_IMPORT_CELLS / MAX_IMPORT_CELLS_PER_LINE;
    const large = `${HEADER}\n${line.repeat(lines)}`;
    expect((await failure(utf8(large))).message).toBe(
      `O arquivo passa de 600.000 células (linhas × colunas) na linha ${(lines + 1).toLocaleString('pt-BR')}: divida-o em arquivos menores.`,
    );
  });

  it('refuses each row holding a control character, naming the column, and reads the others', async () => {
    const file = [
      HEADER,
      rowOf({ 1: 'Camiseta', 4: 'Algodão\u0000macio', 9: 'NUL-1' }), // 2
      rowOf({ 1: 'Camiseta', 4: '"Algodão\tmacio\r\nlavar à mão"', 9: 'OK-1' }), // 3
      rowOf({ 1: 'Caneca\u0085', 9: 'NEL-1' }), // 5 (line 3 has two): C1 (NEXT LINE)
      rowOf({ 1: 'Caneca', 9: 'DEL-1', 10: 'G\u007f' }), // 6: DEL
      rowOf({ 1: 'Caneca', 9: 'SKU\u001b[0m' }), // 7: ESC in the SKU
      `${rowOf({ 1: 'Caneca', 9: 'OK-2' })};coluna extra\u0007`, // 8: an ignored column
    ].join('\r\n');
    const rows = await readProductCsv(utf8(file));
    expect(rows.map((row) => [row.line, row.refusal ?? null])).toEqual([
      [
        2,
        'A coluna "Descrição" tem um caractere de controle (U+0000), que não pode ser importado: remova-o do arquivo',
      ],
      [3, null],
      [
        5,
        'A coluna "Nome" tem um caractere de controle (U+0085), que não pode ser importado: remova-o do arquivo',
      ],
      [
        6,
        'A coluna "Tamanho" tem um caractere de controle (U+007F), que não pode ser importado: remova-o do arquivo',
      ],
      [
        7,
        'A coluna "SKU" tem um caractere de controle (U+001B), que não pode ser importado: remova-o do arquivo',
      ],
      [8, null],
    ]);
    // Tab and line breaks are text; a refused row's values hold no control character.
    expect(rows[1]!.values.description).toBe('Algodão\tmacio\r\nlavar à mão');
    expect(rows[0]!.values.description).toBe('Algodão\ufffdmacio');
    expect(rows[4]!.values.sku).toBe('SKU\ufffd[0m');
  });

  it('fails a header with a control character, naming its line and column', async () => {
    const error = await failure(utf8(`SKU;Nome\u0000;Preço\nA;B;1\n`));
    expect(error.message).toBe(
      'O cabeçalho (linha 1) tem um caractere de controle (U+0000) na coluna 2.',
    );
  });
});

describe("the export's cells read back", () => {
  /** The cells csvLine writes, read back as the import reads them (before trimming). */
  const roundTrip = (cells: string[]) =>
    parseCsv(`${csvLine(cells)}${csvLine(cells)}`, ';', LIMITS).map((record) =>
      record.cells.map(unguardCell),
    );

  it.each([
    '=1+1',
    '+55 11 9999',
    '-10',
    '@SUM(A1)',
    '\tcmd',
    '\r\ncmd',
    "'=já protegido",
    "''=duas aspas",
    "'texto com aspa",
    "'",
    '  espaços antes e depois  ',
    'a;b',
    'diz "oi"',
    'linha 1\r\nlinha 2',
    'linha 1\nlinha 2',
    'só \r no meio',
    '',
  ])('%j', (text) => {
    expect(roundTrip([text, 'x'])).toEqual([
      [text, 'x'],
      [text, 'x'],
    ]);
  });

  it('any text of separators, quotes, breaks, spaces, apostrophes and formula signs', () => {
    // A fixed-seed generator: the same 3,000 texts on every run.
    let seed = 27;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = [
      ';',
      ',',
      '"',
      '\r',
      '\n',
      '\r\n',
      "'",
      '=',
      '+',
      '-',
      '@',
      '\t',
      ' ',
      'a',
      'ç',
    ];
    for (let n = 0; n < 3_000; n += 1) {
      const length = Math.floor(random() * 8);
      const cells = Array.from({ length: 3 }, () =>
        Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
      );
      expect(roundTrip(cells)[0]).toEqual(cells);
    }
  });
});

describe('reading in slices', () => {
  it('gives the event loop a turn between slices of bounded work: decode, parse, rows', async () => {
    const bytes = utf8(productCsv(bulkImportRows(5_000)));
    expect(bytes.byteLength).toBeGreaterThan(2 * DECODE_SLICE_BYTES);
    // A timer that asks for the loop's next turn each time it runs.
    let turns = 0;
    let reading = true;
    const probe = () => {
      turns += 1;
      if (reading) setTimeout(probe, 0);
    };
    setTimeout(probe, 0);
    const slices: (SliceProgress & { turns: number })[] = [];
    const rows = await readProductCsv(bytes, {
      onSlice: (progress) => slices.push({ ...progress, turns }),
    });
    reading = false;
    expect(rows).toHaveLength(5_000);
    expect([...new Set(slices.map((slice) => slice.phase))]).toEqual(['decode', 'parse', 'rows']);
    // The probe ran between any two slices.
    for (let i = 1; i < slices.length; i += 1) {
      expect(slices[i]!.turns).toBeGreaterThan(slices[i - 1]!.turns);
    }
    // Each slice did a bounded amount of work: 128 KB decoded, 16 KB parsed, 250 rows.
    const steps = (phase: string) => {
      const done = slices.filter((slice) => slice.phase === phase).map((slice) => slice.done);
      return done.slice(1).map((value, index) => value - done[index]!);
    };
    expect(new Set(steps('decode'))).toEqual(new Set([DECODE_SLICE_BYTES]));
    expect(new Set(steps('parse'))).toEqual(new Set([PARSE_SLICE_BYTES]));
    expect(new Set(steps('rows'))).toEqual(new Set([READ_SLICE_ROWS]));
    // The whole file parsed, one slice per PARSE_SLICE_BYTES.
    expect(steps('parse').length + 2).toBe(Math.ceil(bytes.byteLength / PARSE_SLICE_BYTES));
  });
});

describe('values', () => {
  it.each([
    ['129,90', 12990],
    ['129.90', 12990],
    ['R$ 129,90', 12990],
    ['r$129,9', 12990],
    ['1.299,90', 129990],
    ['1,299.90', 129990],
    ['1.299', 129900],
    ['129', 12900],
    ['0,90', 90],
  ])('reads the price %s', (text, cents) => {
    expect(parsePriceCents(text)).toBe(cents);
  });

  it.each(['abc', '12,345', '1.29.90', '12,3,4', '-10,00', '', '1.2345,00'])(
    'refuses the price %s',
    (text) => {
      expect(parsePriceCents(text)).toBeNull();
    },
  );

  it('reads yes/no in their forms', () => {
    for (const yes of ['sim', 'SIM', 's', 'true', '1']) expect(parseYesNo(yes)).toBe(true);
    for (const no of ['não', 'nao', 'N', 'false', '0', '']) expect(parseYesNo(no)).toBe(false);
    expect(parseYesNo('talvez')).toBeNull();
  });

  it('reads whole numbers', () => {
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber('1.200')).toBe(1200);
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('1,5')).toBeNaN();
  });
});
