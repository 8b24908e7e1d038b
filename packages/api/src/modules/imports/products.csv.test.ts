// The products CSV reader: encodings, separators, quotes and line breaks, headers in any order and
// form, missing columns, limits, and the Brazilian forms of prices, booleans and numbers.
import { describe, expect, it } from 'vitest';
import {
  decodeCsv,
  detectSeparator,
  parseCsv,
  parsePriceCents,
  parseWholeNumber,
  parseYesNo,
  PRODUCT_CSV_COLUMNS,
  ProductCsvError,
  readProductCsv,
} from './products.csv';

const HEADER = PRODUCT_CSV_COLUMNS.join(';');
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decoding', () => {
  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeCsv(utf8('\ufeffDescrição'))).toBe('Descrição');
    expect(decodeCsv(utf8('Descrição'))).toBe('Descrição');
  });

  it('reads Windows-1252 when the bytes are not valid UTF-8', () => {
    // 'Preço' with ç as 0xE7 and 'não' with ã as 0xE3: what Excel saves as "CSV" on Windows.
    const bytes = new Uint8Array([0x50, 0x72, 0x65, 0xe7, 0x6f, 0x3b, 0x6e, 0xe3, 0x6f, 0x80]);
    expect(decodeCsv(bytes)).toBe('Preço;não€');
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
      100,
    );
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;"y"', 'linha 1\r\nlinha 2'] },
      { line: 5, cells: ['z', 'w'] },
      { line: 6, cells: ['last', 'q'] },
    ]);
  });

  it('refuses a file that ends inside quotes', () => {
    expect(() => parseCsv('a;b\n"open;x', ';', 10)).toThrow(ProductCsvError);
  });
});

describe('readProductCsv', () => {
  it('matches headers in any order, any case and without accents, with "," separators', () => {
    const file =
      'sku,PRECO,identificador url,nome,marca,categoria,Preco "de",descricao\n' +
      'CAM-1,"129,90",camiseta,Camiseta,aurora,Roupas,,"Algodão, macio"\n';
    const rows = readProductCsv(utf8(file));
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

  it('fails the whole file listing the required columns that are missing', () => {
    const error = (() => {
      try {
        readProductCsv(utf8('SKU;Nome;Tamanho\nA;B;M\n'));
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ProductCsvError);
    expect(error!.message).toContain('"Identificador URL"');
    expect(error!.message).toContain('"Marca"');
    expect(error!.message).toContain('"Categoria"');
    expect(error!.message).toContain('"Preço"');
    expect(error!.message).not.toContain('"SKU"');
  });

  it("removes the export's formula guard and reads the export's own header", () => {
    const cells = PRODUCT_CSV_COLUMNS.map(() => '');
    cells[4] = "'- item de lista";
    cells[9] = 'SKU-1';
    const rows = readProductCsv(utf8(`\ufeff${HEADER}\r\n${cells.join(';')}\r\n`));
    expect(rows[0]!.values.description).toBe('- item de lista');
    expect(rows[0]!.values.sku).toBe('SKU-1');
  });

  it('refuses an empty file, a header alone, a repeated column and more than 20,000 rows', () => {
    expect(() => readProductCsv(new Uint8Array())).toThrow('vazio');
    expect(() => readProductCsv(utf8(HEADER))).toThrow('não tem linhas');
    expect(() => readProductCsv(utf8(`${HEADER};SKU\n`))).toThrow('mais de uma vez');
    const many = `${HEADER}\n${'x;'.repeat(20).concat('x\n').repeat(20_001)}`;
    expect(() => readProductCsv(utf8(many))).toThrow('mais de 20.000 linhas');
  });

  it('refuses a file over 5 MB', () => {
    expect(() => readProductCsv(new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61))).toThrow('5 MB');
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
