// Parity table of a staff member's saved list views (savedViewCreate, savedViewDelete: what the
// dashboard's Salvar visão dialog and its menu send), and what the API answers: a view kept with
// its name and query as the server stores them, each refusal of the input with its Portuguese
// message and field in the order the server checks them (@vitrine/rules views.input), and a view
// nobody has. The same rows run through the real server (packages/api/test/parity.test.ts) and
// through the MSW mocks (packages/ui/src/mocks/parity.test.ts); the answers are written out.
import type { ParityAnswer } from './orders.cases';

export const SAVED_VIEW_DOCUMENTS = {
  create: `mutation ($input: SavedViewInput!) {
  r: savedViewCreate(input: $input) { screen name query }
}`,
  delete: `mutation ($id: ID!) { r: savedViewDelete(id: $id) }`,
} as const;

export interface SavedViewCase {
  name: string;
  operation: keyof typeof SAVED_VIEW_DOCUMENTS;
  variables: Record<string, unknown>;
  answer: ParityAnswer<unknown>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });
const BAD_QUERY = refused('query', 'Filtros inválidos: salve a visão a partir da lista.');

const view = (input: Record<string, unknown>) => ({
  input: { screen: 'ORDERS', name: 'Visão paridade', query: 'status=PAID', ...input },
});

export const SAVED_VIEW_CASES: SavedViewCase[] = [
  {
    name: "a view, its name's spaces folded and the query's '?' dropped",
    operation: 'create',
    variables: view({ name: '  Pagos   de   hoje ', query: ' ?status=PAID&ordem=OLDEST ' }),
    answer: {
      data: { screen: 'ORDERS', name: 'Pagos de hoje', query: 'status=PAID&ordem=OLDEST' },
    },
  },
  {
    name: 'a view without a name, and filters with a fragment: the name first',
    operation: 'create',
    variables: view({ name: '   ', query: 'status=PAID#x' }),
    answer: refused('name', 'Dê um nome à visão.'),
  },
  {
    name: 'a name of 61 characters',
    operation: 'create',
    variables: view({ name: 'v'.repeat(61) }),
    answer: refused('name', 'O nome pode ter no máximo 60 caracteres.'),
  },
  {
    name: 'filters of 2001 characters',
    operation: 'create',
    variables: view({ query: `busca=${'x'.repeat(1995)}` }),
    answer: refused('query', 'Os filtros podem ter no máximo 2000 caracteres.'),
  },
  {
    name: 'filters with a fragment',
    operation: 'create',
    variables: view({ query: 'status=PAID#topo' }),
    answer: BAD_QUERY,
  },
  {
    name: 'filters with a space inside',
    operation: 'create',
    variables: view({ query: 'busca=ana souza' }),
    answer: BAD_QUERY,
  },
  {
    name: 'filters with a broken percent escape',
    operation: 'create',
    variables: view({ query: 'busca=%E0%A4%A' }),
    answer: BAD_QUERY,
  },
  {
    name: 'deleting a view nobody has',
    operation: 'delete',
    variables: { id: '00000000-0000-4000-8000-00000000f1e0' },
    answer: { code: 'NOT_FOUND', message: 'Visão não encontrada.' },
  },
];
