// The payments inputs, once for the server and the ui's mocks: the Pix reconciliation's bank
// statements (the list's page, a statement's file name, its bytes in base64 or its text and their
// size, how many entries it may have) and the shopper's card payment (the card token and the
// payment method id), each refusal in the server's Portuguese words on its field, in the server's
// order. The answers that need the store (an entry no longer open, an order that is not the
// entry's, an order no longer waiting, an order not waiting for payment) stay each side's own
// question, in the words written here once (PAYMENT_MESSAGES). How a statement is read (OFX or
// CSV, its charset) is each side's own too.
import type { RuleResult } from './variant';
import { checkWholeNumber, ruleRefusal as refuse } from './rule';

export const PAYMENT_INPUT_LIMITS = {
  defaultStatementImports: 20,
  statementImports: 100,
  statementFileName: 200,
  /** A statement's bytes (or its text's, in UTF-8). */
  statementBytes: 2 * 1024 * 1024,
  statementEntries: 5_000,
} as const;

const L = PAYMENT_INPUT_LIMITS;

export const PAYMENT_MESSAGES = {
  statementImportsPage: `Peça de 1 a ${L.statementImports} extratos.`,
  statementFileNameMissing: 'Informe o nome do arquivo do extrato.',
  statementFileNameTooLong: `O nome do arquivo pode ter no máximo ${L.statementFileName} caracteres.`,
  statementTooLarge: 'O extrato pode ter no máximo 2 MB.',
  statementNotBase64: 'O arquivo enviado não está em base64.',
  statementContentMissing: 'Envie o conteúdo do extrato.',
  notAStatement: 'Não reconhecemos este arquivo como um extrato OFX ou CSV.',
  statementTooManyEntries: `O extrato pode ter no máximo 5.000 lançamentos; exporte um período menor.`,
  // The store's answers (NOT_FOUND, or BAD_USER_INPUT once the store was read).
  statementNotFound: 'Extrato não encontrado.',
  entryNotFound: 'Lançamento do extrato não encontrado.',
  entryNotOpen: 'Este crédito não está mais aguardando confirmação: recarregue o extrato.',
  notThisEntrysOrder: 'Este pedido não é um dos pedidos sugeridos para este crédito.',
  orderNotWaitingForPix: 'O pedido não aguarda mais este Pix (pago, cancelado ou com outro valor).',
  // orderPay.
  methodUnavailable: 'Esta forma de pagamento não está disponível no momento. Pague com Pix.',
  orderNotWaitingForPayment: 'Este pedido não está aguardando pagamento.',
  otherMethod:
    'Este pedido foi feito com outra forma de pagamento: faça um novo pedido para mudar.',
  cardToken: 'Os dados do cartão não foram reconhecidos: tente de novo.',
  paymentMethodId: 'Bandeira ou meio de pagamento inválido.',
  onlyInFull: 'Este pedido só pode ser pago à vista.',
} as const;

const M = PAYMENT_MESSAGES;

/** orderPay's refusal of an installment count the order's table does not offer (`most`: its longest). */
export function installmentsRefusalMessage(most: number): string {
  return most === 1 ? M.onlyInFull : `Escolha de 1 a ${most} parcelas.`;
}

/** bankStatementImports' page: 1 to 100 statements, 20 by default. On 'first'. */
export function checkStatementImportsPage(first: number | null | undefined): RuleResult<number> {
  return checkWholeNumber(first, {
    fallback: L.defaultStatementImports,
    min: 1,
    max: L.statementImports,
    field: 'first',
    message: M.statementImportsPage,
  });
}

/** A statement's file name, trimmed: 1 to 200 characters. On 'fileName'. */
export function checkStatementFileName(value: unknown): RuleResult<string> {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') return refuse('fileName', M.statementFileNameMissing);
  if (name.length > L.statementFileName) return refuse('fileName', M.statementFileNameTooLong);
  return { ok: true, value: name };
}

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Base64 as browsers send it (whitespace ignored, the padding optional); null when it is not
 * base64. A last group of 2 or 3 digits gives 1 or 2 bytes, as Node's Buffer reads it.
 */
export function bytesOfBase64(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  const digits = clean.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((digits.length * 3) / 4));
  let bits = 0;
  let count = 0;
  let at = 0;
  for (const char of digits) {
    bits = (bits << 6) | BASE64_DIGITS.indexOf(char);
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes[at++] = (bits >> count) & 0xff;
      bits &= (1 << count) - 1;
    }
  }
  return bytes;
}

/** How many bytes `text` is in UTF-8 (a lone surrogate is U+FFFD's 3 bytes). */
export function utf8Length(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (code >= 0xd800 && code <= 0xdbff && /[\uDC00-\uDFFF]/.test(text[index + 1] ?? '')) {
      length += 4;
      index += 1;
    } else length += 3;
  }
  return length;
}

/** A statement as sent: its bytes (from base64, to be decoded by their charset) or its text. */
export type StatementSource = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'text'; text: string };

export interface StatementFileInput {
  fileName?: unknown;
  content?: unknown;
  contentBase64?: unknown;
}

/**
 * bankStatementImportCreate's input, in the server's order: the file name, then the bytes in
 * base64 when sent (at most 2 MB, checked on the base64's length before decoding it) or else the
 * text (required, at most 2 MB in UTF-8). Whether the bytes are a statement is each side's parser
 * (checkStatementRead).
 */
export function checkStatementFile(
  input: StatementFileInput | null | undefined,
): RuleResult<{ fileName: string; source: StatementSource }> {
  const fileName = checkStatementFileName(input?.fileName);
  if (!fileName.ok) return fileName;
  const ok = (source: StatementSource) => ({
    ok: true as const,
    value: { fileName: fileName.value, source },
  });
  const base64 = input?.contentBase64;
  if (typeof base64 === 'string' && base64 !== '') {
    // Base64 is 4/3 of the bytes: an oversized file is refused before it is decoded.
    if (base64.length > Math.ceil((L.statementBytes * 4) / 3) + 4) {
      return refuse('contentBase64', M.statementTooLarge);
    }
    const bytes = bytesOfBase64(base64);
    if (!bytes) return refuse('contentBase64', M.statementNotBase64);
    if (bytes.length > L.statementBytes) return refuse('contentBase64', M.statementTooLarge);
    return ok({ kind: 'bytes', bytes });
  }
  const content = typeof input?.content === 'string' ? input.content : '';
  if (content === '') return refuse('content', M.statementContentMissing);
  if (utf8Length(content) > L.statementBytes) return refuse('content', M.statementTooLarge);
  return ok({ kind: 'text', text: content });
}

/**
 * A statement as a side's parser read it: null when it is not one (notAStatement), at most 5.000
 * transactions (credits and debits). On 'content'.
 */
export function checkStatementRead<T extends { transactionCount: number }>(
  statement: T | null,
): RuleResult<T> {
  if (statement === null) return refuse('content', M.notAStatement);
  if (statement.transactionCount > L.statementEntries) {
    return refuse('content', M.statementTooManyEntries);
  }
  return { ok: true, value: statement };
}

/** orderPay's card token, trimmed: 8 to 200 letters, digits, '_' or '-'. On 'cardToken'. */
export function checkCardToken(token: string | null | undefined): RuleResult<string> {
  const text = token?.trim() ?? '';
  if (!/^[\w-]{8,200}$/.test(text)) return refuse('cardToken', M.cardToken);
  return { ok: true, value: text };
}

/**
 * orderPay's payment method id (the card's brand, 'visa'), trimmed: none when blank, else 2 to 40
 * lower-case letters, digits or '_'. On 'paymentMethodId'.
 */
export function checkPaymentMethodId(id: string | null | undefined): RuleResult<string | null> {
  const text = id?.trim() || null;
  if (text !== null && !/^[a-z0-9_]{2,40}$/.test(text)) {
    return refuse('paymentMethodId', M.paymentMethodId);
  }
  return { ok: true, value: text };
}
