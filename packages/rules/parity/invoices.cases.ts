// Parity table of the NF-e inputs (what the dashboard's NF-e list and the order page's Cancelar
// and Carta de correção dialogs send), and what the API answers: the list's page (invoices: first,
// offset), a cancellation's reason (invoiceCancel: 15 to 255 characters) and a carta de correção's
// text (invoiceCorrect: 15 to 1.000), each counted with its spaces collapsed, each refusal with its
// Portuguese message and field in the order the server checks them (@vitrine/rules invoices.input),
// and an invoice nobody has once the input is right. The same rows run through the real server with
// issuing configured (packages/api/test/parity.invoices.test.ts) and through the MSW mocks
// (packages/ui/src/mocks/parity.invoices.test.ts); the answers are written out.
import type { ParityAnswer } from './orders.cases';

export const INVOICES_DOCUMENT = `query ($first: Int, $offset: Int) {
  r: invoices(first: $first, offset: $offset) { nodes { id } }
}`;

export const INVOICE_CANCEL_DOCUMENT = `mutation ($id: ID!, $reason: String!) {
  r: invoiceCancel(id: $id, reason: $reason) { status }
}`;

export const INVOICE_CORRECT_DOCUMENT = `mutation ($id: ID!, $text: String!) {
  r: invoiceCorrect(id: $id, text: $text) { status }
}`;

export interface InvoicesCase {
  name: string;
  variables: Record<string, unknown>;
  answer: ParityAnswer<unknown>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Nota fiscal não encontrada.' };

/** An invoice id no world has. */
export const UNKNOWN_INVOICE_ID = '00000000-0000-4000-8000-0000000000f1';

/** Past every invoice of both worlds: an accepted page is empty. */
const FAR = 1_000_000;

export const INVOICE_LIST_CASES: InvoicesCase[] = [
  {
    name: 'the default page, far on',
    variables: { offset: FAR },
    answer: { data: { nodes: [] } },
  },
  {
    name: 'a page of 100, far on',
    variables: { first: 100, offset: FAR },
    answer: { data: { nodes: [] } },
  },
  {
    name: 'a page of 1, far on',
    variables: { first: 1, offset: FAR },
    answer: { data: { nodes: [] } },
  },
  {
    name: 'a page of 0 from before the first: the size first',
    variables: { first: 0, offset: -1 },
    answer: refused('first', 'Peça de 1 a 100 notas por página.'),
  },
  {
    name: 'a page of 101',
    variables: { first: 101 },
    answer: refused('first', 'Peça de 1 a 100 notas por página.'),
  },
  {
    name: 'an offset before the first',
    variables: { first: 1, offset: -1 },
    answer: refused('offset', 'O deslocamento deve ser zero ou mais.'),
  },
];

const CANCEL = refused(
  'reason',
  'A justificativa do cancelamento deve ter de 15 a 255 caracteres.',
);
const CORRECT = refused('text', 'A carta de correção deve ter de 15 a 1.000 caracteres.');

export const INVOICE_CANCEL_CASES: InvoicesCase[] = [
  {
    name: 'a reason of 15 characters, trimmed, for an invoice nobody has',
    variables: { id: UNKNOWN_INVOICE_ID, reason: `  ${'c'.repeat(15)}  ` },
    answer: NOT_FOUND,
  },
  {
    name: 'a reason of 255 characters, for an invoice nobody has',
    variables: { id: UNKNOWN_INVOICE_ID, reason: 'c'.repeat(255) },
    answer: NOT_FOUND,
  },
  {
    name: 'a reason of 14 characters, before the invoice is looked for',
    variables: { id: UNKNOWN_INVOICE_ID, reason: 'c'.repeat(14) },
    answer: CANCEL,
  },
  {
    name: 'a reason of 256 characters',
    variables: { id: UNKNOWN_INVOICE_ID, reason: 'c'.repeat(256) },
    answer: CANCEL,
  },
  {
    name: 'a reason of 15 characters only with its repeated spaces (13 once collapsed)',
    variables: { id: UNKNOWN_INVOICE_ID, reason: 'Pedido   errado' },
    answer: CANCEL,
  },
];

export const INVOICE_CORRECT_CASES: InvoicesCase[] = [
  {
    name: 'a text of 15 characters, for an invoice nobody has',
    variables: { id: UNKNOWN_INVOICE_ID, text: 't'.repeat(15) },
    answer: NOT_FOUND,
  },
  {
    name: 'a text of 1.000 characters, for an invoice nobody has',
    variables: { id: UNKNOWN_INVOICE_ID, text: 't'.repeat(1000) },
    answer: NOT_FOUND,
  },
  {
    name: 'a text of 14 characters',
    variables: { id: UNKNOWN_INVOICE_ID, text: 't'.repeat(14) },
    answer: CORRECT,
  },
  {
    name: 'a text of 1.001 characters',
    variables: { id: UNKNOWN_INVOICE_ID, text: 't'.repeat(1001) },
    answer: CORRECT,
  },
  {
    name: 'a text of 15 characters over two lines (12 once collapsed)',
    variables: { id: UNKNOWN_INVOICE_ID, text: 'Rua   errada\n\n7' },
    answer: CORRECT,
  },
];
