// lib/csv-records: csv-parse's records numbered by the line they start on, the same whether read
// at once or in slices cut anywhere, and what a text ending inside quotes leaves.
import { describe, expect, it } from 'vitest';
import { CsvUnclosedQuoteError, readCsv, readCsvInSlices } from './csv-records';

const TEXT =
  'nome;preço\r\n"Camiseta ""Aurora""";"129,90"\r\n\r\n"linha 1\r\nlinha 2";x\n' +
  '"só \r no meio";ç€\rúltima;"a;b"';

describe('readCsv', () => {
  it('numbers each record by the line it starts on, blank lines and breaks inside quotes counted', () => {
    expect(readCsv(TEXT, { separator: ';' })).toEqual([
      { line: 1, cells: ['nome', 'preço'] },
      { line: 2, cells: ['Camiseta "Aurora"', '129,90'] },
      { line: 4, cells: ['linha 1\r\nlinha 2', 'x'] },
      // An old Mac's CR inside quotes starts no line; one ending a record does.
      { line: 6, cells: ['só \r no meio', 'ç€'] },
      { line: 7, cells: ['última', 'a;b'] },
    ]);
  });

  it('keeps the records before a quoted cell that never closes', () => {
    const error = (() => {
      try {
        readCsv('a;b\n"aberto;c\nd', { separator: ';' });
      } catch (thrown) {
        return thrown;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(CsvUnclosedQuoteError);
    expect((error as CsvUnclosedQuoteError).records).toEqual([{ line: 1, cells: ['a', 'b'] }]);
  });

  it('lets blanks before a quote open it when asked, and stops with what onRecord throws', () => {
    expect(readCsv('x,  "a,b"', { separator: ',', trimStart: true })[0]!.cells).toEqual([
      'x',
      'a,b',
    ]);
    const refusal = new Error('linha 2');
    expect(() =>
      readCsv('a\nb\nc', {
        separator: ';',
        onRecord: (record) => {
          if (record.line === 2) throw refusal;
        },
      }),
    ).toThrow(refusal);
  });
});

describe('readCsvInSlices', () => {
  it('reads the same records with its slices cut anywhere (a CRLF, a quote, a character)', async () => {
    const whole = readCsv(TEXT, { separator: ';' });
    const bytes = Buffer.byteLength(TEXT);
    for (let sliceBytes = 1; sliceBytes <= bytes; sliceBytes += 1) {
      const slices: number[] = [];
      const records = await readCsvInSlices(TEXT, {
        separator: ';',
        sliceBytes,
        onSlice: (progress) => slices.push(progress.done),
      });
      expect(records, `slices of ${sliceBytes} bytes`).toEqual(whole);
      expect(slices.length).toBe(Math.ceil(bytes / sliceBytes) - 1);
    }
  });

  it('rejects with the records read when the text ends inside quotes', async () => {
    const reading = readCsvInSlices('a;b\n"aberto', { separator: ';', sliceBytes: 4 });
    await expect(reading).rejects.toBeInstanceOf(CsvUnclosedQuoteError);
    await expect(reading).rejects.toMatchObject({ records: [{ line: 1, cells: ['a', 'b'] }] });
  });
});
