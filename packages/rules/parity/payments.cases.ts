// Parity table of the payments inputs (what the dashboard's Pix screen and the shopper's payment
// page send), and what the API answers: the bank statements' list page (bankStatementImports), a
// statement sent as text or as base64 bytes (bankStatementImportCreate), a credit confirmed as an
// order's payment (bankStatementEntryConfirm: as its own order, as another, once its order was
// canceled, or no longer open) and a Pix paid through orderPay, each refusal with its Portuguese
// message and field in the order the server checks them (@vitrine/rules payments.input). The same
// rows run through the real server (packages/api/test/parity.payments.test.ts) and through the MSW
// mocks (packages/ui/src/mocks/parity.payments.test.ts); the answers are written out. The credits
// without an order are of R$ 1,23, an amount no order of either world waits for: UNMATCHED.
import type { ParityAnswer } from './orders.cases';

export const STATEMENT_IMPORTS_DOCUMENT = `query ($first: Int) {
  r: bankStatementImports(first: $first) { fileName }
}`;

export const STATEMENT_CREATE_DOCUMENT = `mutation ($input: BankStatementInput!) {
  r: bankStatementImportCreate(input: $input) { fileName format unmatchedCount }
}`;

/** The same, with the entries' ids (for a confirmation). */
export const STATEMENT_CREATE_ENTRIES_DOCUMENT = `mutation ($input: BankStatementInput!) {
  r: bankStatementImportCreate(input: $input) { entries { id match } }
}`;

export const ENTRY_CONFIRM_DOCUMENT = `mutation ($id: ID!, $orderId: ID!) {
  r: bankStatementEntryConfirm(id: $id, orderId: $orderId) { confirmedCount }
}`;

/** How a row's order stops waiting for its Pix between the import and the confirmation. */
export const ORDER_CANCEL_DOCUMENT = `mutation ($id: ID!) {
  r: orderCancel(id: $id, reason: "Paridade: cancelado antes da conferência") { status }
}`;

export const ORDER_PAY_DOCUMENT = `mutation ($input: OrderPaymentInput!) {
  r: orderPay(input: $input) { status }
}`;

export interface PaymentsCase {
  name: string;
  variables: Record<string, unknown>;
  answer: ParityAnswer<unknown>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

const MB2 = 2 * 1024 * 1024;
/** One credit of R$ 1,23 (date;description;amount, as the banks export). */
export const ONE_CREDIT_CSV = '10/01/2026;PIX RECEBIDO PARIDADE;1,23\n';
/** A line of 1 KB that is no transaction: a statement padded to a size. */
const FILLER = `${'x'.repeat(1023)}\n`;
const padded = (bytes: number) =>
  `${ONE_CREDIT_CSV}${FILLER.repeat(Math.floor((bytes - ONE_CREDIT_CSV.length) / FILLER.length))}${'x'.repeat((bytes - ONE_CREDIT_CSV.length) % FILLER.length)}`;
/** 'A' (0x41) `n` times in base64, as browsers and Node write it. */
const aBase64 = (n: number) => 'QUFB'.repeat(Math.floor(n / 3)) + ['', 'QQ==', 'QUE='][n % 3];
/**
 * The one-credit CSV in Windows-1252 bytes ('RECEBIDO JOSÉ', É = 0xC9), base64: read as
 * Windows-1252 on both sides.
 */
export const ONE_CREDIT_1252_BASE64 = 'MTAvMDEvMjAyNjtQSVggUkVDRUJJRE8gSk9TyTsxLDIzCg==';

const file = (input: Record<string, unknown>) => ({ input: { fileName: 'extrato.csv', ...input } });

export const STATEMENT_IMPORTS_CASES: PaymentsCase[] = [
  { name: 'a page of 1', variables: { first: 1 }, answer: { data: [] } },
  { name: 'a page of 100', variables: { first: 100 }, answer: { data: [] } },
  {
    name: 'a page of 0',
    variables: { first: 0 },
    answer: refused('first', 'Peça de 1 a 100 extratos.'),
  },
  {
    name: 'a page of 101',
    variables: { first: 101 },
    answer: refused('first', 'Peça de 1 a 100 extratos.'),
  },
];

export const STATEMENT_CREATE_CASES: PaymentsCase[] = [
  {
    name: 'a CSV as text, its name trimmed',
    variables: file({ fileName: '  extrato.csv ', content: ONE_CREDIT_CSV }),
    answer: { data: { fileName: 'extrato.csv', format: 'CSV', unmatchedCount: 1 } },
  },
  {
    name: 'a file name of 200 characters, the text 2 MB exactly',
    variables: file({ fileName: 'e'.repeat(200), content: padded(MB2) }),
    answer: { data: { fileName: 'e'.repeat(200), format: 'CSV', unmatchedCount: 1 } },
  },
  {
    name: 'the bytes in base64, Windows-1252',
    variables: file({ contentBase64: ONE_CREDIT_1252_BASE64 }),
    answer: { data: { fileName: 'extrato.csv', format: 'CSV', unmatchedCount: 1 } },
  },
  {
    name: 'a blank file name and bytes that are not base64: the name first',
    variables: file({ fileName: '   ', contentBase64: 'não é base64' }),
    answer: refused('fileName', 'Informe o nome do arquivo do extrato.'),
  },
  {
    name: 'a file name of 201 characters',
    variables: file({ fileName: 'e'.repeat(201), content: ONE_CREDIT_CSV }),
    answer: refused('fileName', 'O nome do arquivo pode ter no máximo 200 caracteres.'),
  },
  {
    name: 'neither text nor bytes',
    variables: file({}),
    answer: refused('content', 'Envie o conteúdo do extrato.'),
  },
  {
    name: 'empty bytes and no text: the text is asked for',
    variables: file({ contentBase64: '' }),
    answer: refused('content', 'Envie o conteúdo do extrato.'),
  },
  {
    name: 'bytes that are not base64',
    variables: file({ contentBase64: 'não é base64' }),
    answer: refused('contentBase64', 'O arquivo enviado não está em base64.'),
  },
  {
    name: 'bytes of 2 MB and one byte',
    variables: file({ contentBase64: aBase64(MB2 + 1) }),
    answer: refused('contentBase64', 'O extrato pode ter no máximo 2 MB.'),
  },
  {
    name: 'a text of 2 MB and one byte in UTF-8 (accents are 2 bytes)',
    variables: file({ content: `${padded(MB2 - 1)}é` }),
    answer: refused('content', 'O extrato pode ter no máximo 2 MB.'),
  },
  {
    name: 'a text that is no statement',
    variables: file({ content: 'Lista de compras\narroz, feijão, café\n' }),
    answer: refused('content', 'Não reconhecemos este arquivo como um extrato OFX ou CSV.'),
  },
  {
    name: 'bytes that are no statement: refused on the content',
    variables: file({ contentBase64: 'TGlzdGEgZGUgY29tcHJhcwo=' }),
    answer: refused('content', 'Não reconhecemos este arquivo como um extrato OFX ou CSV.'),
  },
  {
    name: 'a statement of 5.001 transactions',
    variables: file({ content: ONE_CREDIT_CSV.repeat(5001) }),
    answer: refused(
      'content',
      'O extrato pode ter no máximo 5.000 lançamentos; exporte um período menor.',
    ),
  },
];

/** A Pix credit naming `number` (its txid) of exactly `totalCents`: MATCHED to a waiting order. */
export function pixCreditFor(number: string, totalCents: number): string {
  return `10/01/2026;PIX RECEBIDO ${number.replace('-', '')};${(totalCents / 100).toFixed(2).replace('.', ',')}\n`;
}

/**
 * A statement imported first (STATEMENT_CREATE_ENTRIES_DOCUMENT), then its first credit confirmed
 * as an order's payment. The runners give each world one Pix order waiting for payment: `statement`
 * 'unmatched' is ONE_CREDIT_CSV (no order waits for it), 'matched' pixCreditFor that order. The
 * order confirmed is that order ('own') or one nobody has ('other'); `canceledFirst` cancels the
 * order (ORDER_CANCEL_DOCUMENT) between the import and the confirmation.
 */
export const ENTRY_CONFIRM_CASES: {
  name: string;
  statement: 'unmatched' | 'matched';
  orderId: 'own' | 'other';
  canceledFirst?: boolean;
  answer: ParityAnswer<unknown>;
}[] = [
  {
    name: 'a matched credit as its own order',
    statement: 'matched',
    orderId: 'own',
    answer: { data: { confirmedCount: 1 } },
  },
  {
    name: 'an unmatched credit: no longer open, whatever the order',
    statement: 'unmatched',
    orderId: 'other',
    answer: refused(
      'id',
      'Este crédito não está mais aguardando confirmação: recarregue o extrato.',
    ),
  },
  {
    name: 'a matched credit as an order that is not its own',
    statement: 'matched',
    orderId: 'other',
    answer: refused('orderId', 'Este pedido não é um dos pedidos sugeridos para este crédito.'),
  },
  {
    name: 'a matched credit whose order was canceled since the import',
    statement: 'matched',
    orderId: 'own',
    canceledFirst: true,
    answer: refused(
      'orderId',
      'O pedido não aguarda mais este Pix (pago, cancelado ou com outro valor).',
    ),
  },
];

/** An order id no world has. */
export const UNKNOWN_ORDER_ID = '00000000-0000-4000-8000-000000000000';

export const ORDER_PAY_CASES: PaymentsCase[] = [
  {
    name: 'a Pix through orderPay, whatever the order',
    variables: {
      input: { number: 'VT-99999', email: 'ninguem@vitrine.test', method: 'PIX' },
    },
    answer: refused(
      'method',
      'Esta forma de pagamento não está disponível no momento. Pague com Pix.',
    ),
  },
];
