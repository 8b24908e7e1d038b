// lib/csv-records: csv-parse's records numbered by the line they start on, the same whether read
// at once, in slices or from a stream cut anywhere, and what a text ending inside quotes leaves.
import { describe, expect, it } from 'vitest';
import { CsvUnclosedQuoteError, readCsv, readCsvInSlices, readCsvStream } from './csv-records';

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

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let start = 0; start < bytes.byteLength; start += size) {
    yield bytes.subarray(start, start + size);
  }
}

async function streamed(text: string, size: number) {
  const batches: number[] = [];
  const records = [];
  for await (const batch of readCsvStream(chunksOf(Buffer.from(text), size), { separator: ';' })) {
    batches.push(batch.length);
    records.push(...batch);
  }
  return { records, batches };
}

describe('readCsvStream', () => {
  it('yields the same records, numbered alike, from chunks cut anywhere (a CRLF, a quote, a character)', async () => {
    const whole = readCsv(TEXT, { separator: ';' });
    for (let size = 1; size <= Buffer.byteLength(TEXT); size += 1) {
      const { records } = await streamed(TEXT, size);
      expect(records, `chunks of ${size} bytes`).toEqual(whole);
    }
  });

  it('yields records as their chunks arrive, not all at the end', async () => {
    const text = Array.from({ length: 1000 }, (_, index) => `sku-${index};${index}`).join('\n');
    const { records, batches } = await streamed(text, 1024);
    expect(records).toHaveLength(1000);
    expect(records[999]).toEqual({ line: 1000, cells: ['sku-999', '999'] });
    expect(batches.length).toBeGreaterThan(10);
    expect(Math.max(...batches)).toBeLessThan(150);
  });

  it('rejects when the text ends inside quotes, after yielding the records before it', async () => {
    const seen: string[][] = [];
    const reading = (async () => {
      for await (const batch of readCsvStream(chunksOf(Buffer.from('a;b\n"aberto'), 4), {
        separator: ';',
      })) {
        seen.push(...batch.map((record) => record.cells));
      }
    })();
    await expect(reading).rejects.toBeInstanceOf(CsvUnclosedQuoteError);
    expect(seen).toEqual([['a', 'b']]);
  });
});
