// Reading bank statements: the OFX and CSV shapes Brazilian banks export, credits only, the txid.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  NotAStatementError,
  parseAmountCents,
  parseCsvDate,
  parseOfxDate,
  parseStatement,
  txidIn,
} from './statement-parser';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseStatement, OFX', () => {
  it('reads an SGML 1.x statement with unclosed tags, keeping credits only', () => {
    const statement = parseStatement(fixture('extrato-sgml.ofx'));
    expect(statement.format).toBe('OFX');
    expect(statement.transactionCount).toBe(6);
    expect(statement.credits.map((c) => [c.bankId, c.amountCents, c.txid])).toEqual([
      ['202601100001', 11500, 'VT10001'],
      ['202601100002', 23500, 'VT10002'],
      ['202601110001', 8000, null],
      ['202601110002', 6500, 'VT10003'],
      ['202601110003', 4500, 'VT99999'],
    ]);
    expect(statement.credits[0]!.postedAt.toISOString()).toBe('2026-01-10T13:00:00.000Z');
    expect(statement.credits[1]!.description).toBe('PIX RECEBIDO · JOSE & FILHOS txid vt-10002');
    // Without an offset the bank's wall clock is São Paulo's.
    expect(statement.credits[2]!.postedAt.toISOString()).toBe('2026-01-11T03:00:00.000Z');
    expect(statement.credits[3]!.postedAt.toISOString()).toBe('2026-01-11T12:00:00.000Z');
  });

  it('reads an XML 2.x statement', () => {
    const statement = parseStatement(fixture('extrato-xml.ofx'));
    expect(statement.format).toBe('OFX');
    expect(statement.credits).toEqual([
      {
        bankId: 'nu-7f1c2a',
        postedAt: new Date('2026-01-11T02:30:00.000Z'),
        amountCents: 11500,
        description: 'Transferência recebida pelo Pix - MARIA DA SILVA - VT10001',
        txid: 'VT10001',
        payerName: 'MARIA DA SILVA',
      },
    ]);
  });
});

describe('parseStatement, CSV', () => {
  it("reads a ';' statement with lines above its header, '1.234,56' amounts and quoted cells", () => {
    const statement = parseStatement(fixture('extrato-ponto-e-virgula.csv'));
    expect(statement.format).toBe('CSV');
    expect(statement.credits.map((c) => [c.bankId, c.amountCents, c.txid])).toEqual([
      ['000123', 11500, 'VT10001'],
      ['000124', 123456, 'VT10002'],
      ['000126', 6500, 'VT10003'],
    ]);
    expect(statement.credits[1]!.postedAt.toISOString()).toBe('2026-01-10T17:35:00.000Z');
    expect(statement.credits[2]!.description).toBe('Pix - Recebido; Loja "Boa" VT10003');
  });

  it("reads a ',' statement with a BOM and quoted amounts; lines without an id get a stable hash", () => {
    const first = parseStatement(fixture('extrato-virgula.csv'));
    expect(first.credits.map((c) => [c.amountCents, c.txid])).toEqual([
      [11500, 'VT10001'],
      [8000, null],
      [8000, null],
    ]);
    const ids = first.credits.map((c) => c.bankId);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => /^csv-[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(parseStatement(fixture('extrato-virgula.csv')).credits.map((c) => c.bankId)).toEqual(
      ids,
    );
  });

  it('tells two identical lines apart, the same way on every import', () => {
    const content = '10/01/2026;PIX RECEBIDO;50,00\n10/01/2026;PIX RECEBIDO;50,00\n';
    const ids = parseStatement(content).credits.map((c) => c.bankId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(parseStatement(content).credits.map((c) => c.bankId)).toEqual(ids);
  });

  it('reads quoted cells with line breaks inside, and old Mac line ends', () => {
    const content =
      'Data;Descrição;Valor\r\n10/01/2026;"Pix recebido\r\nVT10001 ""Ana""";115,00\r\n11/01/2026;Pix VT10002;80,00';
    expect(
      parseStatement(content).credits.map((c) => [c.description, c.txid, c.amountCents]),
    ).toEqual([
      ['Pix recebido VT10001 "Ana"', 'VT10001', 11500],
      ['Pix VT10002', 'VT10002', 8000],
    ]);
    const mac = 'Data;Descrição;Valor\r10/01/2026;Pix VT10001;115,00\r11/01/2026;Pix;5,00\r';
    expect(parseStatement(mac).credits.map((c) => c.amountCents)).toEqual([11500, 500]);
  });

  it('reads date;description;amount without a header', () => {
    const statement = parseStatement(fixture('extrato-sem-cabecalho.csv'));
    expect(statement.credits.map((c) => [c.amountCents, c.txid, c.description])).toEqual([
      [11500, 'VT10001', 'PIX RECEBIDO VT10001'],
      [8000, null, 'PIX RECEBIDO JOAO'],
    ]);
  });

  it.each([
    ['nao-e-extrato.txt'],
    [''],
    ['{"extrato": true}'],
    ['<html><body>Extrato</body></html>'],
  ])('refuses what is not a statement (%s)', (nameOrContent) => {
    const content = nameOrContent.endsWith('.txt') ? fixture(nameOrContent) : nameOrContent;
    expect(() => parseStatement(content)).toThrow(NotAStatementError);
  });
});

describe('parseAmountCents', () => {
  it.each([
    ['115.00', 'OFX', 11500],
    ['235,00', 'OFX', 23500],
    ['-50.00', 'OFX', -5000],
    ['1234.5', 'OFX', 123450],
    ['1.234,56', 'CSV', 123456],
    ['1,234.56', 'CSV', 123456],
    ['1.234', 'CSV', 123400],
    ['R$ 10,5', 'CSV', 1050],
    ['150,00-', 'CSV', -15000],
    ['(20,00)', 'CSV', -2000],
    ['12,345', 'CSV', null],
    ['abc', 'CSV', null],
    ['', 'OFX', null],
  ] as const)('%s (%s) is %s', (text, format, cents) => {
    expect(parseAmountCents(text, format)).toBe(cents);
  });
});

describe('dates', () => {
  it('reads OFX dates with and without an offset', () => {
    expect(parseOfxDate('20260110100000[-3:BRT]')?.toISOString()).toBe('2026-01-10T13:00:00.000Z');
    expect(parseOfxDate('20260110100000.000[+0:GMT]')?.toISOString()).toBe(
      '2026-01-10T10:00:00.000Z',
    );
    expect(parseOfxDate('20260110')?.toISOString()).toBe('2026-01-10T03:00:00.000Z');
    expect(parseOfxDate('20260230')).toBeNull();
  });

  it("reads CSV dates as São Paulo's wall clock, summer time years included", () => {
    expect(parseCsvDate('10/01/2026')?.toISOString()).toBe('2026-01-10T03:00:00.000Z');
    expect(parseCsvDate('10/01/26 08:05')?.toISOString()).toBe('2026-01-10T11:05:00.000Z');
    expect(parseCsvDate('2026-01-10')?.toISOString()).toBe('2026-01-10T03:00:00.000Z');
    // January 2018: Brazil's summer time, UTC-2.
    expect(parseCsvDate('10/01/2018 12:00')?.toISOString()).toBe('2018-01-10T14:00:00.000Z');
    expect(parseCsvDate('31/02/2026')).toBeNull();
    expect(parseCsvDate('ontem')).toBeNull();
  });
});

describe('txidIn', () => {
  it.each([
    ['PIX RECEBIDO VT10023', 'VT10023'],
    ['pix vt-10023 maria', 'VT10023'],
    ['TXID:VT10023', 'VT10023'],
    ['ABCVT10023', null],
    ['VT10023X', 'VT10023'],
    ['nada aqui', null],
    // A charge's txid at the PSP ('vt' and the order's id in hex) is not an order number.
    ['PIX vt10001f2a3b4c4d6e8f8091a2b3c4d5e6 MARIA', null],
  ])('%s -> %s', (text, txid) => {
    expect(txidIn(text)).toBe(txid);
  });
});
