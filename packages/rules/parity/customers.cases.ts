// Parity table of the customers (Clientes: the list's search and paging, a customer's orders, and
// the LGPD requests customerDataExport and customerAnonymize), and what the API answers: a page,
// or each refusal with its Portuguese message and field, in the order the server checks them. The same rows run
// through the real server (packages/api/test/parity.test.ts) and through the MSW mocks
// (packages/ui/src/mocks/parity.test.ts); the answers are written out.
//
// The customers differ between the two worlds, so a row names its target symbolically ('known': a
// customer with orders, not anonymised; 'unknown': a well-formed id no one has; 'malformed') and
// its e-mail as CUSTOMER_EMAIL (or CUSTOMER_EMAIL_SHOUTED, in capitals); each runner puts its own.
import type { ParityAnswer } from './orders.cases';

export const CUSTOMER_DOCUMENTS = {
  list: `query ($filter: CustomerFilter, $first: Int, $offset: Int) {
  r: customers(filter: $filter, first: $first, offset: $offset) { totalCount nodes { id } }
}`,
  export: `mutation ($id: ID!) { r: customerDataExport(id: $id) }`,
  orders: `query ($id: ID!, $first: Int) { r: customer(id: $id) { orders(first: $first) { id } } }`,
  anonymize: `mutation ($id: ID!, $confirmation: String!) {
  r: customerAnonymize(id: $id, confirmation: $confirmation) {
    customer { name email anonymized }
  }
}`,
} as const;

export type CustomerOperation = keyof typeof CUSTOMER_DOCUMENTS;

/** Replaced by each runner: the target customer's e-mail, as listed, and in capitals. */
export const CUSTOMER_EMAIL = '<customer-email>';
export const CUSTOMER_EMAIL_SHOUTED = '<CUSTOMER-EMAIL>';
/** A well-formed customer id (32 hex digits) no customer has. */
export const UNKNOWN_CUSTOMER_ID = '0'.repeat(32);

export interface CustomerCase {
  name: string;
  operation: CustomerOperation;
  /** Who asks (ADMIN unless told). */
  caller?: 'ADMIN' | 'SUPPORT' | 'BRAND_MANAGER';
  /** Whose data the row asks for (orders, export and anonymize rows). */
  target?: 'known' | 'unknown' | 'malformed';
  /** The target anonymised before the row (by the admin, with the right confirmation). */
  anonymizedBefore?: boolean;
  variables: Record<string, unknown>;
  answer: ParityAnswer<unknown>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });
const FORBIDDEN = { code: 'FORBIDDEN', message: 'Você não tem permissão para esta ação.' };
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Cliente não encontrado.', field: 'id' };
const NONE = { data: { totalCount: 0, nodes: [] } };
const PAGE_SIZE = refused('first', 'Peça de 1 a 100 clientes por página.');
const OFFSET = refused('offset', 'O deslocamento vai de 0 a 10000.');

export const CUSTOMER_CASES: CustomerCase[] = [
  {
    name: 'a search of a name no customer has',
    operation: 'list',
    variables: { filter: { search: '  Zuleica   Quintanilha ' }, first: 10 },
    answer: NONE,
  },
  {
    name: 'a search of 150 characters',
    operation: 'list',
    variables: { filter: { search: 'z'.repeat(150) } },
    answer: NONE,
  },
  {
    name: 'a search of 201 characters',
    operation: 'list',
    variables: { filter: { search: 'z'.repeat(201) } },
    answer: refused('filter.search', 'A busca pode ter no máximo 200 caracteres.'),
  },
  { name: 'a page of no customers', operation: 'list', variables: { first: 0 }, answer: PAGE_SIZE },
  {
    name: 'a page of 101 customers',
    operation: 'list',
    variables: { first: 101 },
    answer: PAGE_SIZE,
  },
  { name: 'a negative offset', operation: 'list', variables: { offset: -1 }, answer: OFFSET },
  { name: 'an offset past 10000', operation: 'list', variables: { offset: 10001 }, answer: OFFSET },
  {
    name: 'a bad page size and a bad offset: the page size is checked first',
    operation: 'list',
    variables: { first: 0, offset: -1 },
    answer: PAGE_SIZE,
  },
  {
    name: 'the list asked by a brand manager',
    operation: 'list',
    caller: 'BRAND_MANAGER',
    variables: {},
    answer: FORBIDDEN,
  },
  {
    name: 'no orders of a customer',
    operation: 'orders',
    target: 'known',
    variables: { first: 0 },
    answer: refused('first', 'Peça de 1 a 100 pedidos.'),
  },
  {
    name: '101 orders of a customer',
    operation: 'orders',
    target: 'known',
    variables: { first: 101 },
    answer: refused('first', 'Peça de 1 a 100 pedidos.'),
  },
  {
    name: 'the data of an unknown customer',
    operation: 'export',
    target: 'unknown',
    variables: {},
    answer: NOT_FOUND,
  },
  {
    name: 'the data of a malformed id',
    operation: 'export',
    target: 'malformed',
    variables: {},
    answer: NOT_FOUND,
  },
  {
    name: 'the data asked by a brand manager',
    operation: 'export',
    caller: 'BRAND_MANAGER',
    target: 'known',
    variables: {},
    answer: FORBIDDEN,
  },
  {
    name: 'an anonymisation by support',
    operation: 'anonymize',
    caller: 'SUPPORT',
    target: 'known',
    variables: { confirmation: CUSTOMER_EMAIL },
    answer: FORBIDDEN,
  },
  {
    name: 'an anonymisation of an unknown customer by support: the role is checked first',
    operation: 'anonymize',
    caller: 'SUPPORT',
    target: 'unknown',
    variables: { confirmation: CUSTOMER_EMAIL },
    answer: FORBIDDEN,
  },
  {
    name: 'an anonymisation of an unknown customer',
    operation: 'anonymize',
    target: 'unknown',
    variables: { confirmation: 'ninguem@example.com' },
    answer: NOT_FOUND,
  },
  {
    name: 'an anonymisation confirmed with another e-mail',
    operation: 'anonymize',
    target: 'known',
    variables: { confirmation: 'outra.pessoa@example.com' },
    answer: refused(
      'confirmation',
      'Para confirmar, digite o e-mail do cliente exatamente como aparece na ficha.',
    ),
  },
  {
    name: 'an anonymisation confirmed with the e-mail in capitals and spaces',
    operation: 'anonymize',
    target: 'known',
    variables: { confirmation: `  ${CUSTOMER_EMAIL_SHOUTED} ` },
    answer: {
      data: { customer: { name: 'Cliente anonimizado', email: null, anonymized: true } },
    },
  },
  {
    name: 'an anonymisation of a customer already anonymised',
    operation: 'anonymize',
    target: 'known',
    anonymizedBefore: true,
    variables: { confirmation: CUSTOMER_EMAIL },
    answer: refused('id', 'Este cliente já foi anonimizado.'),
  },
];
