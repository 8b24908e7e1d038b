// Parity table of the staff's order list (the `orders` query the dashboard's Pedidos screen and
// its CSV export read): the page (first, offset, after) and the filter's search, days and payment
// deadline, each refusal with its Portuguese message and field in the order the server checks them
// (@vitrine/rules orders.input), and the widest page and filter both accept. The same rows run
// through the real server (packages/api/test/parity.test.ts) and through the MSW mocks
// (packages/ui/src/mocks/parity.test.ts); the answers are written out.
import type { ParityAnswer } from './orders.cases';

export const ORDER_LIST_DOCUMENT = `query ($first: Int, $offset: Int, $after: String, $filter: OrderFilter) {
  r: orders(first: $first, offset: $offset, after: $after, filter: $filter) { totalCount }
}`;

export interface OrderListCase {
  name: string;
  variables: Record<string, unknown>;
  answer: ParityAnswer<{ totalCount: number }>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

/** A search no order matches in either world: an accepted list is empty. */
const NOTHING = 'z'.repeat(100);

export const ORDER_LIST_CASES: OrderListCase[] = [
  {
    name: 'the widest page and filter: 100 rows from 10.000, a search of 100, one day, a deadline',
    variables: {
      first: 100,
      offset: 10_000,
      filter: {
        search: ` ${NOTHING} `,
        dateFrom: '2026-01-31',
        dateTo: '2026-01-31',
        expiresBefore: '2026-01-31T09:00-03:00',
      },
    },
    answer: { data: { totalCount: 0 } },
  },
  {
    name: 'a page of no rows',
    variables: { first: 0 },
    answer: refused('first', 'Peça de 1 a 100 pedidos por página.'),
  },
  {
    name: 'a page of 101 rows, from a negative position: the size first',
    variables: { first: 101, offset: -1 },
    answer: refused('first', 'Peça de 1 a 100 pedidos por página.'),
  },
  {
    name: 'a position past 10.000',
    variables: { offset: 10_001 },
    answer: refused('offset', 'A posição deve ser um número de 0 a 10.000.'),
  },
  {
    name: 'a position of 0 with a cursor',
    variables: { offset: 0, after: 'MA' },
    answer: refused('offset', 'Use a posição (offset) ou o cursor (after), não os dois.'),
  },
  {
    name: 'a search of 101 characters, and days the wrong way round: the search first',
    variables: { filter: { search: `${NOTHING}z`, dateFrom: '2026-02-01', dateTo: '2026-01-01' } },
    answer: refused('search', 'A busca pode ter no máximo 100 caracteres.'),
  },
  {
    name: 'a day that does not exist',
    variables: { filter: { dateFrom: '2026-02-30' } },
    answer: refused('dateFrom', 'Data inválida: use o formato AAAA-MM-DD, como 2026-01-31.'),
  },
  {
    name: 'a last day before 2000',
    variables: { filter: { dateTo: '1999-12-31' } },
    answer: refused('dateTo', 'Data inválida: use o formato AAAA-MM-DD, como 2026-01-31.'),
  },
  {
    name: 'a first day after the last',
    variables: { filter: { dateFrom: '2026-02-01', dateTo: '2026-01-01' } },
    answer: refused('dateFrom', 'A data inicial deve ser anterior ou igual à final.'),
  },
  {
    name: 'a deadline without its time and zone',
    variables: { filter: { expiresBefore: '2026-01-31' } },
    answer: refused(
      'expiresBefore',
      'Data e hora inválidas: use o formato ISO 8601 com fuso, como 2026-01-31T12:00:00-03:00.',
    ),
  },
  {
    name: 'a cursor nobody gave',
    variables: { after: 'lixo' },
    answer: refused('after', 'Cursor de paginação inválido: recomece da primeira página.'),
  },
];
