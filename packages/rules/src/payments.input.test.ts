import { describe, expect, it } from 'vitest';

import {
  bytesOfBase64,
  checkCardToken,
  checkPaymentMethodId,
  checkStatementFile,
  checkStatementFileName,
  checkStatementImportsPage,
  checkStatementRead,
  installmentsRefusalMessage,
  PAYMENT_INPUT_LIMITS as L,
  PAYMENT_MESSAGES as M,
  utf8Length,
} from './payments.input';

function issueOf(result: { ok: boolean; issue?: unknown; value?: unknown }) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.issue;
}

/** The base64 of `n` bytes 'A' (0x41), as Node's Buffer writes it. */
const aBytes = (n: number) => 'QUFB'.repeat(Math.floor(n / 3)) + ['', 'QQ==', 'QUE='][n % 3];

describe('the words', () => {
  it('are the server’s', () => {
    expect(M.statementImportsPage).toBe('Peça de 1 a 100 extratos.');
    expect(M.statementFileNameTooLong).toBe('O nome do arquivo pode ter no máximo 200 caracteres.');
    expect(M.statementTooManyEntries).toBe(
      'O extrato pode ter no máximo 5.000 lançamentos; exporte um período menor.',
    );
    expect(installmentsRefusalMessage(1)).toBe('Este pedido só pode ser pago à vista.');
    expect(installmentsRefusalMessage(6)).toBe('Escolha de 1 a 6 parcelas.');
  });
});

describe('checkStatementImportsPage', () => {
  it('takes 20 by default, 1 and 100', () => {
    expect(checkStatementImportsPage(undefined)).toEqual({ ok: true, value: 20 });
    expect(checkStatementImportsPage(null)).toEqual({ ok: true, value: 20 });
    expect(checkStatementImportsPage(1)).toEqual({ ok: true, value: 1 });
    expect(checkStatementImportsPage(100)).toEqual({ ok: true, value: 100 });
  });

  it.each([0, 101, -1, 1.5])('refuses %s on first', (first) => {
    expect(issueOf(checkStatementImportsPage(first))).toEqual({
      field: 'first',
      message: M.statementImportsPage,
    });
  });
});

describe('checkStatementFileName', () => {
  it('keeps the name trimmed, up to 200 characters', () => {
    expect(checkStatementFileName('  extrato.ofx ')).toEqual({ ok: true, value: 'extrato.ofx' });
    expect(checkStatementFileName('x'.repeat(200))).toEqual({ ok: true, value: 'x'.repeat(200) });
  });

  it('refuses a blank name, a missing one and 201 characters', () => {
    expect(issueOf(checkStatementFileName('  '))).toEqual({
      field: 'fileName',
      message: M.statementFileNameMissing,
    });
    expect(issueOf(checkStatementFileName(undefined))).toEqual({
      field: 'fileName',
      message: M.statementFileNameMissing,
    });
    expect(issueOf(checkStatementFileName('x'.repeat(201)))).toEqual({
      field: 'fileName',
      message: M.statementFileNameTooLong,
    });
  });
});

describe('bytesOfBase64', () => {
  // What Node's Buffer.from(text, 'base64') reads (the server's decoding before the rules').
  it.each([
    ['', []],
    ['AA==', [0]],
    ['/wE=', [0xff, 1]],
    ['AQID', [1, 2, 3]],
    ['77u/T0ZY6Q==', [0xef, 0xbb, 0xbf, 0x4f, 0x46, 0x58, 0xe9]],
    ['77u/T0ZY6Q', [0xef, 0xbb, 0xbf, 0x4f, 0x46, 0x58, 0xe9]],
    ['77u/\n T0ZY6Q==', [0xef, 0xbb, 0xbf, 0x4f, 0x46, 0x58, 0xe9]],
    ['QQ', [65]],
    ['QUI', [65, 66]],
    ['QUJDRA', [65, 66, 67, 68]],
    ['QR==', [65]],
    ['QUJ=', [65, 66]],
    ['==', []],
  ])('reads %j as Node does', (text, bytes) => {
    expect([...bytesOfBase64(text)!]).toEqual(bytes);
  });

  it('refuses what is not base64', () => {
    expect(bytesOfBase64('não é base64')).toBeNull();
    expect(bytesOfBase64('QUJDR')).toBeNull();
    expect(bytesOfBase64('QU=JD')).toBeNull();
    expect(bytesOfBase64('QQ===')).toBeNull();
  });
});

describe('utf8Length', () => {
  // Buffer.byteLength(text, 'utf8'), a lone surrogate counted as U+FFFD.
  it.each([
    ['', 0],
    ['abc', 3],
    ['Conceição', 11],
    ['€', 3],
    ['😀 pix', 8],
    ['\uD800x', 4],
    ['a\uDC00', 4],
  ])('%j is %i bytes', (text, length) => {
    expect(utf8Length(text)).toBe(length);
  });
});

describe('checkStatementFile', () => {
  const MB2 = L.statementBytes;

  it('checks the file name first', () => {
    expect(issueOf(checkStatementFile({ fileName: ' ', contentBase64: '!!' }))).toEqual({
      field: 'fileName',
      message: M.statementFileNameMissing,
    });
  });

  it('decodes the base64 bytes, up to 2 MB', () => {
    const result = checkStatementFile({ fileName: ' a.ofx ', contentBase64: 'T0Y=' });
    expect(result).toEqual({
      ok: true,
      value: { fileName: 'a.ofx', source: { kind: 'bytes', bytes: new Uint8Array([79, 70]) } },
    });
    const most = aBytes(MB2);
    const full = checkStatementFile({ fileName: 'a', contentBase64: most });
    expect(full.ok && full.value.source.kind === 'bytes' && full.value.source.bytes.length).toBe(
      MB2,
    );
  });

  it('refuses 2 MB and one byte, bad base64, and oversized base64 before decoding', () => {
    const over = aBytes(MB2 + 1);
    expect(issueOf(checkStatementFile({ fileName: 'a', contentBase64: over }))).toEqual({
      field: 'contentBase64',
      message: M.statementTooLarge,
    });
    expect(
      issueOf(checkStatementFile({ fileName: 'a', contentBase64: '!'.repeat(3_000_000) })),
    ).toEqual({ field: 'contentBase64', message: M.statementTooLarge });
    expect(issueOf(checkStatementFile({ fileName: 'a', contentBase64: 'não é base64' }))).toEqual({
      field: 'contentBase64',
      message: M.statementNotBase64,
    });
  });

  it('reads the text when no base64 is sent (or an empty one), up to 2 MB in UTF-8', () => {
    expect(checkStatementFile({ fileName: 'a', contentBase64: '', content: 'x' })).toEqual({
      ok: true,
      value: { fileName: 'a', source: { kind: 'text', text: 'x' } },
    });
    expect(checkStatementFile({ fileName: 'a', content: 'é'.repeat(MB2 / 2) }).ok).toBe(true);
    expect(
      issueOf(checkStatementFile({ fileName: 'a', content: 'é'.repeat(MB2 / 2 + 1) })),
    ).toEqual({ field: 'content', message: M.statementTooLarge });
    expect(issueOf(checkStatementFile({ fileName: 'a', content: '' }))).toEqual({
      field: 'content',
      message: M.statementContentMissing,
    });
    expect(issueOf(checkStatementFile({ fileName: 'a', contentBase64: null }))).toEqual({
      field: 'content',
      message: M.statementContentMissing,
    });
  });
});

describe('checkStatementRead', () => {
  it('takes up to 5.000 transactions', () => {
    const read = { transactionCount: 5000, format: 'OFX' };
    expect(checkStatementRead({ transactionCount: 0 })).toEqual({
      ok: true,
      value: { transactionCount: 0 },
    });
    expect(checkStatementRead(read)).toEqual({ ok: true, value: read });
  });

  it('refuses what is not a statement, and 5.001 transactions', () => {
    expect(issueOf(checkStatementRead(null))).toEqual({
      field: 'content',
      message: M.notAStatement,
    });
    expect(issueOf(checkStatementRead({ transactionCount: 5001 }))).toEqual({
      field: 'content',
      message: M.statementTooManyEntries,
    });
  });
});

describe('checkCardToken', () => {
  it('takes 8 to 200 word characters and dashes, trimmed', () => {
    expect(checkCardToken(' aprovado-1 ')).toEqual({ ok: true, value: 'aprovado-1' });
    expect(checkCardToken('a'.repeat(8)).ok).toBe(true);
    expect(checkCardToken('a'.repeat(200)).ok).toBe(true);
  });

  it.each([null, undefined, '', 'a'.repeat(7), 'a'.repeat(201), 'token com espaço'])(
    'refuses %s',
    (token) => {
      expect(issueOf(checkCardToken(token))).toEqual({ field: 'cardToken', message: M.cardToken });
    },
  );
});

describe('checkPaymentMethodId', () => {
  it('takes none, or 2 to 40 lower-case letters, digits and _', () => {
    expect(checkPaymentMethodId(null)).toEqual({ ok: true, value: null });
    expect(checkPaymentMethodId('  ')).toEqual({ ok: true, value: null });
    expect(checkPaymentMethodId(' visa ')).toEqual({ ok: true, value: 'visa' });
    expect(checkPaymentMethodId('a'.repeat(40)).ok).toBe(true);
  });

  it.each(['v', 'a'.repeat(41), 'VISA', 'visa!'])('refuses %s', (id) => {
    expect(issueOf(checkPaymentMethodId(id))).toEqual({
      field: 'paymentMethodId',
      message: M.paymentMethodId,
    });
  });
});
