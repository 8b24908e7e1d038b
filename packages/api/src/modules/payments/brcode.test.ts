import { describe, expect, it } from 'vitest';
import {
  BrCodeError,
  brCodeQrSvg,
  buildPixBrCode,
  crc16,
  isValidBrCode,
  parseBrCode,
} from './brcode';
import { normaliseBrCodeText, txidFromOrderNumber } from '../../lib/pix';

const VECTOR_1 =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const VECTOR_2 =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914Thales Ogliari6002SC62070503***6304E5AB';
const VECTOR_3 =
  '00020126700014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-4266554400000208produto2520400005303986540575.805802BR5911Higor Konig6009Sao Paulo62190515PAGAMENTO123ABC6304A82A';

describe('crc16 (CRC16-CCITT-FALSE)', () => {
  it('gives the standard check value 29B1 for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('pads to four uppercase hex digits', () => {
    // Any payload whose CRC is below 0x1000 must still give four characters.
    for (let i = 0; i < 500; i += 1) {
      expect(crc16(`x${i}`)).toMatch(/^[0-9A-F]{4}$/);
    }
  });
});

describe('buildPixBrCode reproduces the public vectors byte for byte', () => {
  it('vector 1: EVP key, no amount, no txid', () => {
    const code = buildPixBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(code).toBe(VECTOR_1);
    expect(code.slice(-4)).toBe('1D3D');
  });

  it('vector 2: e-mail key, description, R$ 10,00', () => {
    const code = buildPixBrCode({
      key: 'thalesog@me.com',
      description: 'Pedido 123',
      amountCents: 1000,
      merchantName: 'Thales Ogliari',
      merchantCity: 'SC',
      txid: null,
    });
    expect(code).toBe(VECTOR_2);
    expect(code.slice(-4)).toBe('E5AB');
  });

  it('vector 3: uppercase GUI, description, R$ 75,80 and a txid', () => {
    const code = buildPixBrCode({
      gui: 'BR.GOV.BCB.PIX',
      key: '123e4567-e12b-12d1-a456-426655440000',
      description: 'produto2',
      amountCents: 7580,
      merchantName: 'Higor Konig',
      merchantCity: 'São Paulo',
      txid: 'PAGAMENTO123ABC',
    });
    expect(code).toBe(VECTOR_3);
    expect(code.slice(-4)).toBe('A82A');
  });

  it('each vector passes the CRC check of parseBrCode', () => {
    for (const vector of [VECTOR_1, VECTOR_2, VECTOR_3]) {
      expect(crc16(vector.slice(0, -4))).toBe(vector.slice(-4));
      expect(isValidBrCode(vector)).toBe(true);
    }
  });
});

describe('buildPixBrCode for an order', () => {
  const order = {
    key: 'loja@vitrine.com.br',
    merchantName: 'Vitrine Comércio de Moda e Acessórios Ltda',
    merchantCity: 'São José dos Campos',
    amountCents: 12340,
    txid: txidFromOrderNumber('VT-10023'),
    description: 'Pedido VT-10023',
  };

  it('writes the amount from centavos, strips accents and cuts name and city', () => {
    const parsed = parseBrCode(buildPixBrCode(order));
    expect(parsed.amount).toBe('123.40');
    expect(parsed.amountCents).toBe(12340);
    expect(parsed.merchantName).toBe('Vitrine Comercio de Moda');
    expect(parsed.merchantName.length).toBeLessThanOrEqual(25);
    expect(parsed.merchantCity).toBe('Sao Jose dos Ca');
    expect(parsed.merchantCity).toHaveLength(15);
    expect(parsed.txid).toBe('VT10023');
    expect(parsed.gui).toBe('br.gov.bcb.pix');
    expect(parsed.key).toBe('loja@vitrine.com.br');
    expect(parsed.description).toBe('Pedido VT-10023');
    expect(parsed.currency).toBe('986');
    expect(parsed.countryCode).toBe('BR');
    expect(parsed.merchantCategoryCode).toBe('0000');
  });

  it('has no amount field when the amount is null', () => {
    const code = buildPixBrCode({ ...order, amountCents: null });
    expect(parseBrCode(code).amountCents).toBeNull();
    expect(parseBrCode(code).fields.map((f) => f.id)).not.toContain('54');
  });

  it('drops a description that does not fit field 26 rather than the key', () => {
    const key = 'a'.repeat(70) + '@b.com'; // 76 characters
    const parsed = parseBrCode(buildPixBrCode({ ...order, key, description: 'Pedido VT-10023' }));
    expect(parsed.key).toBe(key);
    expect(parsed.description).toBeNull();
    const shortKey = parseBrCode(buildPixBrCode({ ...order, description: 'x'.repeat(200) }));
    expect(shortKey.fields.find((f) => f.id === '26')?.value.length).toBe(99);
  });

  it('rejects input that cannot make a valid code', () => {
    expect(() => buildPixBrCode({ ...order, key: '' })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, key: 'chave com espaço' })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, key: 'a'.repeat(78) })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, amountCents: 0 })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, amountCents: 12.5 })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, amountCents: -100 })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, txid: 'VT-10023' })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, txid: 'A'.repeat(26) })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, merchantName: '😀' })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, merchantCity: '  ' })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...order, gui: 'br.gov.bcb.other' })).toThrow(BrCodeError);
  });

  it('generates codes whose CRC always validates (property)', () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyzÁÉÍÓÚÃÕÇáéíóúãõç 0123456789-.';
    const randomText = (max: number): string =>
      Array.from(
        { length: 1 + Math.floor(Math.random() * max) },
        () => alphabet[Math.floor(Math.random() * alphabet.length)],
      ).join('');
    for (let i = 0; i < 300; i += 1) {
      const amountCents = Math.random() < 0.2 ? null : 1 + Math.floor(Math.random() * 10_000_000);
      const input = {
        key: crypto.randomUUID(),
        merchantName: `L${randomText(40)}`,
        merchantCity: `C${randomText(30)}`,
        description: Math.random() < 0.5 ? randomText(60) : null,
        amountCents,
        txid: txidFromOrderNumber(`VT-${i + 10000}`),
      };
      const code = buildPixBrCode(input);
      expect(/^[\x20-\x7e]+$/.test(code)).toBe(true);
      const parsed = parseBrCode(code);
      expect(parsed.amountCents).toBe(amountCents);
      expect(parsed.key).toBe(input.key);
      expect(parsed.merchantName.length).toBeLessThanOrEqual(25);
      expect(parsed.merchantCity.length).toBeLessThanOrEqual(15);
    }
  });
});

describe('parseBrCode', () => {
  it('returns the fields of a public vector', () => {
    expect(parseBrCode(VECTOR_3)).toMatchObject({
      gui: 'BR.GOV.BCB.PIX',
      key: '123e4567-e12b-12d1-a456-426655440000',
      description: 'produto2',
      amount: '75.80',
      amountCents: 7580,
      merchantName: 'Higor Konig',
      merchantCity: 'Sao Paulo',
      txid: 'PAGAMENTO123ABC',
      crc: 'A82A',
    });
    expect(parseBrCode(VECTOR_1)).toMatchObject({
      amountCents: null,
      txid: '***',
      description: null,
    });
  });

  it('rejects a code with a wrong CRC', () => {
    expect(() => parseBrCode(VECTOR_1.slice(0, -4) + '1D3E')).toThrow(/CRC mismatch/);
  });

  it('rejects a code changed anywhere, since the CRC no longer matches', () => {
    const tampered = VECTOR_2.replace('540510.00', '540599.00');
    expect(() => parseBrCode(tampered)).toThrow(BrCodeError);
  });

  it('rejects malformed input with a BrCodeError, never another exception', () => {
    for (const bad of [
      '',
      'hello',
      '0002016304ABCD',
      VECTOR_1.slice(0, 40),
      '00020126',
      '9'.repeat(600),
    ]) {
      expect(() => parseBrCode(bad)).toThrow(BrCodeError);
      expect(isValidBrCode(bad)).toBe(false);
    }
    expect(isValidBrCode(undefined as unknown as string)).toBe(false);
  });

  it('rejects a code with a valid CRC but no Pix account', () => {
    const payload = '000201' + '52040000' + '5303986' + '5802BR' + '5903ABC' + '6003XYZ' + '6304';
    expect(() => parseBrCode(payload + crc16(payload))).toThrow(/br\.gov\.bcb\.pix/);
  });
});

describe('txidFromOrderNumber', () => {
  it('keeps only letters and digits', () => {
    expect(txidFromOrderNumber('VT-10023')).toBe('VT10023');
    expect(txidFromOrderNumber('---')).toBe('***');
    expect(txidFromOrderNumber('X'.repeat(40))).toHaveLength(25);
  });
});

describe('normaliseBrCodeText', () => {
  it('strips accents, drops non-ASCII and collapses spaces', () => {
    expect(normaliseBrCodeText('  Açaí   & Cia — Ltda ', 25)).toBe('Acai & Cia Ltda');
    expect(normaliseBrCodeText('São José dos Campos', 15)).toBe('Sao Jose dos Ca');
    expect(normaliseBrCodeText('Ab cdefghijklmn xyz', 15)).toBe('Ab cdefghijklmn');
    expect(normaliseBrCodeText('Abcdefghijklmn xyz', 15)).toBe('Abcdefghijklmn');
  });
});

describe('brCodeQrSvg', () => {
  it('renders an SVG document of the code', async () => {
    const svg = await brCodeQrSvg(VECTOR_1);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox');
    expect(svg).toContain('<path');
  });
});
