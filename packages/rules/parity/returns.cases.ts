// Parity table of the 7-day returns: the shopper's request (requestOrderReturn, what the tracking
// page sends) and the staff's steps on a return (orderReturnSetCode, orderReturnReject,
// orderReturnReceive, what the order's Devoluções panel sends), and what the API answers: the
// request or step taken, or each refusal with its Portuguese message and field, in the order the
// server checks them. The same rows run through the real server (packages/api/test/parity.test.ts)
// and through the MSW mocks (packages/ui/src/mocks/parity.test.ts); the answers are written out.
//
// Both worlds judge the window at RETURNS_NOW. The shopper's order holds 2 units of one line and
// 1 of another, bought by RETURN_EMAIL; its number and line ids differ between the worlds, so a
// row names them symbolically (ORDER_NUMBER, LINE_0, LINE_1) and each runner puts its own, as it
// puts its store's exchange policy address for POLICY_URL in the answer.
import type { ParityAnswer } from './orders.cases';

/** The instant both worlds judge the 7-day window at (the mocks' RETURNS_MOCK_NOW). */
export const RETURNS_NOW = '2024-06-12T15:00:00.000Z';
/** Delivered 4 days before RETURNS_NOW: inside the window. */
export const DELIVERED_INSIDE = '2024-06-08T14:00:00.000Z';
/** Delivered 23 days before RETURNS_NOW: the window closed at the end of 27/05/2024. */
export const DELIVERED_LONG_AGO = '2024-05-20T14:00:00.000Z';
/** Who bought the shopper's order, in both worlds. */
export const RETURN_EMAIL = 'cliente.paridade@example.com';
/** Replaced by each runner: the number of the row's order. */
export const ORDER_NUMBER = '<order-number>';
/** Replaced by each runner: the number as a shopper may type it ('vt 10023' for VT-10023). */
export const ORDER_NUMBER_TYPED = '<order-number-typed>';
/** Replaced by each runner: the ids of the order's lines (2 units, then 1 unit). */
export const LINE_0 = '<line-0>';
export const LINE_1 = '<line-1>';
/** Replaced by each runner in the answers: its store's exchange policy page. */
export const POLICY_URL = '<policy-url>';
/** A well-formed id no return has. */
export const UNKNOWN_RETURN_ID = '00000000-0000-4000-8000-000000000000';

export const REQUEST_RETURN_DOCUMENT = `mutation ($number: String!, $email: String!, $input: ReturnRequestInput!) {
  r: requestOrderReturn(number: $number, email: $email, input: $input) {
    status reason lines { quantity }
  }
}`;

const STAFF_FIELDS = 'status authorizationCode rejectionReason';

export const RETURN_STEP_DOCUMENTS = {
  setCode: `mutation ($id: ID!, $code: String!, $note: String) {
  r: orderReturnSetCode(id: $id, authorizationCode: $code, note: $note) { ${STAFF_FIELDS} }
}`,
  reject: `mutation ($id: ID!, $reason: String!) {
  r: orderReturnReject(id: $id, reason: $reason) { ${STAFF_FIELDS} }
}`,
  receive: `mutation ($id: ID!) {
  r: orderReturnReceive(id: $id) { ${STAFF_FIELDS} }
}`,
} as const;

export type ReturnStep = keyof typeof RETURN_STEP_DOCUMENTS;

export interface ReturnRequestCase {
  name: string;
  /** The order the shopper names: delivered inside the window, long ago, or only shipped. */
  order: 'delivered' | 'deliveredLongAgo' | 'shipped';
  /** A return the shopper asked before the row's (the whole order), still open. */
  askedBefore?: boolean;
  variables: { number: string; email: string; input: Record<string, unknown> };
  answer: ParityAnswer<Record<string, unknown>>;
}

export interface ReturnStepCase {
  name: string;
  step: ReturnStep;
  caller: 'ADMIN' | 'SUPPORT';
  /** The return the step is on: all units of the order's first line, in that status; or none. */
  state: 'requested' | 'rejected' | 'refunded' | 'unknown';
  variables: Record<string, unknown>;
  answer: ParityAnswer<Record<string, unknown>>;
}

const refused = (message: string, field?: string) => ({
  code: 'BAD_USER_INPUT',
  message,
  ...(field ? { field } : {}),
});
const FORBIDDEN = { code: 'FORBIDDEN', message: 'Você não tem permissão para esta ação.' };
const ORDER_NOT_FOUND = {
  code: 'NOT_FOUND',
  message: 'Pedido não encontrado: confira o número do pedido e o e-mail usado na compra.',
};
const RETURN_NOT_FOUND = { code: 'NOT_FOUND', message: 'Devolução não encontrada.' };
const NOT_OPEN = refused('Esta devolução não está mais em andamento.');
const CODE_REFUSED = refused(
  'Código de postagem inválido: use de 3 a 40 letras, números, ponto ou hífen.',
  'authorizationCode',
);

const EMAIL_QUOTED = refused('Escreva o e-mail sem aspas, como nome@exemplo.com.br.', 'email');
const EMAIL_SHAPE = refused('Informe um e-mail válido, como nome@exemplo.com.br.', 'email');
const NOTE_TOO_LONG = refused('O texto pode ter no máximo 1000 caracteres.', 'note');

const ask = (input: Record<string, unknown>, email = RETURN_EMAIL, number = ORDER_NUMBER) => ({
  number,
  email,
  input: { reason: 'Não serviu', ...input },
});

export const RETURN_REQUEST_CASES: ReturnRequestCase[] = [
  {
    name: 'the whole order (no lines), the reason trimmed',
    order: 'delivered',
    variables: ask({ reason: '  Não serviu  ' }),
    answer: {
      data: {
        status: 'REQUESTED',
        reason: 'Não serviu',
        lines: [{ quantity: 2 }, { quantity: 1 }],
      },
    },
  },
  {
    name: 'one unit of a line, the e-mail in capitals and spaces',
    order: 'delivered',
    variables: ask({ lines: [{ lineId: LINE_0, quantity: 1 }] }, '  Cliente.Paridade@Example.COM '),
    answer: {
      data: {
        status: 'REQUESTED',
        reason: 'Não serviu',
        lines: [{ quantity: 1 }],
      },
    },
  },
  {
    name: 'every unit of every line, listed: the whole order',
    order: 'delivered',
    variables: ask({
      lines: [
        { lineId: LINE_1, quantity: 1 },
        { lineId: LINE_0, quantity: 2 },
      ],
    }),
    answer: {
      data: {
        status: 'REQUESTED',
        reason: 'Não serviu',
        lines: [{ quantity: 2 }, { quantity: 1 }],
      },
    },
  },
  {
    name: 'an unknown number',
    order: 'delivered',
    variables: ask({}, RETURN_EMAIL, 'VT-999999'),
    answer: ORDER_NOT_FOUND,
  },
  {
    name: 'another e-mail, with a blank reason: the order is looked up first',
    order: 'delivered',
    variables: ask({ reason: ' ' }, 'outra.pessoa@example.com'),
    answer: ORDER_NOT_FOUND,
  },
  {
    name: 'the e-mail in quotes',
    order: 'delivered',
    variables: ask({}, '"cliente.paridade"@example.com'),
    answer: EMAIL_QUOTED,
  },
  {
    name: 'an e-mail without a domain, with an unknown number: the e-mail is checked first',
    order: 'delivered',
    variables: ask({}, 'cliente.paridade@example', 'VT-999999'),
    answer: EMAIL_SHAPE,
  },
  {
    name: 'an e-mail with a zero-width space, with a blank reason: the e-mail is checked first',
    order: 'delivered',
    variables: ask({ reason: ' ' }, 'cliente.paridade@example.com\u200b'),
    answer: refused(
      'O e-mail tem um caractere invisível (como um espaço sem largura ou um espaço não separável), comum ao copiar e colar: apague o endereço e digite-o de novo.',
      'email',
    ),
  },
  {
    name: 'the number in small letters with a space for the dash',
    order: 'delivered',
    variables: ask({}, RETURN_EMAIL, ORDER_NUMBER_TYPED),
    answer: {
      data: {
        status: 'REQUESTED',
        reason: 'Não serviu',
        lines: [{ quantity: 2 }, { quantity: 1 }],
      },
    },
  },
  {
    name: 'a blank reason',
    order: 'delivered',
    variables: ask({ reason: '   ' }),
    answer: refused('Conte o motivo da devolução.', 'reason'),
  },
  {
    name: 'a reason of 501 characters',
    order: 'delivered',
    variables: ask({ reason: 'a'.repeat(501) }),
    answer: refused('O motivo pode ter no máximo 500 caracteres.', 'reason'),
  },
  {
    name: 'no units of a line',
    order: 'delivered',
    variables: ask({ lines: [{ lineId: LINE_0, quantity: 0 }] }),
    answer: refused('Informe quantas unidades quer devolver (1 ou mais).', 'lines.0.quantity'),
  },
  {
    name: 'a line not in the order',
    order: 'delivered',
    variables: ask({
      lines: [
        { lineId: LINE_0, quantity: 1 },
        { lineId: 'linha-de-outro-pedido', quantity: 1 },
      ],
    }),
    answer: refused('Este produto não faz parte do pedido.', 'lines.1.lineId'),
  },
  {
    name: 'a line twice',
    order: 'delivered',
    variables: ask({
      lines: [
        { lineId: LINE_0, quantity: 1 },
        { lineId: LINE_0, quantity: 1 },
      ],
    }),
    answer: refused(
      'Este produto aparece duas vezes: informe a quantidade uma vez só.',
      'lines.1.lineId',
    ),
  },
  {
    name: 'more units than were bought',
    order: 'delivered',
    variables: ask({ lines: [{ lineId: LINE_0, quantity: 3 }] }),
    answer: refused('Você pode devolver no máximo 2 unidades deste produto.', 'lines.0.quantity'),
  },
  {
    name: 'an order not delivered yet',
    order: 'shipped',
    variables: ask({}),
    answer: refused('A devolução fica disponível depois que o pedido for entregue.'),
  },
  {
    name: 'an order not delivered yet, with a blank reason: the reason is checked first',
    order: 'shipped',
    variables: ask({ reason: '' }),
    answer: refused('Conte o motivo da devolução.', 'reason'),
  },
  {
    name: 'the 7 days passed',
    order: 'deliveredLongAgo',
    variables: ask({}),
    answer: refused(
      `O prazo de 7 dias para desistir da compra terminou em 27/05/2024. Trocas depois desse prazo seguem a política de trocas da loja: veja a página Trocas e devoluções (${POLICY_URL}).`,
    ),
  },
  {
    name: 'a second request while the first is open',
    order: 'delivered',
    askedBefore: true,
    variables: ask({ lines: [{ lineId: LINE_1, quantity: 1 }] }),
    answer: refused(
      'Já existe um pedido de devolução em andamento para este pedido: acompanhe o andamento nesta página.',
    ),
  },
];

export const RETURN_STEP_CASES: ReturnStepCase[] = [
  {
    name: 'a code typed by support, spaces and small letters',
    step: 'setCode',
    caller: 'SUPPORT',
    state: 'requested',
    variables: { code: ' ab 123 456 785 br ' },
    answer: {
      data: { status: 'LABEL_ISSUED', authorizationCode: 'AB123456785BR', rejectionReason: null },
    },
  },
  {
    name: 'a code with a note, the note blank: taken',
    step: 'setCode',
    caller: 'ADMIN',
    state: 'requested',
    variables: { code: 'AB123456785BR', note: '   ' },
    answer: {
      data: { status: 'LABEL_ISSUED', authorizationCode: 'AB123456785BR', rejectionReason: null },
    },
  },
  {
    name: 'a code with a note of 1000 characters: taken',
    step: 'setCode',
    caller: 'SUPPORT',
    state: 'requested',
    variables: { code: 'AB123456785BR', note: ` ${'a'.repeat(1000)} ` },
    answer: {
      data: { status: 'LABEL_ISSUED', authorizationCode: 'AB123456785BR', rejectionReason: null },
    },
  },
  {
    name: 'a code with a note of 1001 characters',
    step: 'setCode',
    caller: 'ADMIN',
    state: 'requested',
    variables: { code: 'AB123456785BR', note: 'a'.repeat(1001) },
    answer: NOTE_TOO_LONG,
  },
  {
    name: 'a code of 2 characters with a note too long: the code is checked first',
    step: 'setCode',
    caller: 'ADMIN',
    state: 'requested',
    variables: { code: 'AB', note: 'a'.repeat(1001) },
    answer: CODE_REFUSED,
  },
  {
    name: 'a note too long on a settled return: the note is checked before the status',
    step: 'setCode',
    caller: 'ADMIN',
    state: 'refunded',
    variables: { code: 'AB123456785BR', note: 'a'.repeat(1001) },
    answer: NOTE_TOO_LONG,
  },
  {
    name: 'a code of 2 characters',
    step: 'setCode',
    caller: 'ADMIN',
    state: 'requested',
    variables: { code: 'AB' },
    answer: CODE_REFUSED,
  },
  {
    name: 'a code with a slash, on a settled return: the code is checked first',
    step: 'setCode',
    caller: 'ADMIN',
    state: 'refunded',
    variables: { code: 'AB/123' },
    answer: CODE_REFUSED,
  },
  {
    name: 'a code on a rejected return',
    step: 'setCode',
    caller: 'ADMIN',
    state: 'rejected',
    variables: { code: 'AB123456785BR' },
    answer: NOT_OPEN,
  },
  {
    name: 'a code on an unknown return',
    step: 'setCode',
    caller: 'ADMIN',
    state: 'unknown',
    variables: { code: 'AB123456785BR' },
    answer: RETURN_NOT_FOUND,
  },
  {
    name: 'a refusal by support, its reason trimmed',
    step: 'reject',
    caller: 'SUPPORT',
    state: 'requested',
    variables: { reason: '  Produto usado  ' },
    answer: {
      data: { status: 'REJECTED', authorizationCode: null, rejectionReason: 'Produto usado' },
    },
  },
  {
    name: 'a refusal without a reason',
    step: 'reject',
    caller: 'ADMIN',
    state: 'requested',
    variables: { reason: '   ' },
    answer: refused('Informe o motivo da recusa.', 'reason'),
  },
  {
    name: 'a refusal with a reason of 501 characters',
    step: 'reject',
    caller: 'ADMIN',
    state: 'requested',
    variables: { reason: 'a'.repeat(501) },
    answer: refused('O texto pode ter no máximo 500 caracteres.', 'reason'),
  },
  {
    name: 'a refusal without a reason of a settled return: the reason is checked first',
    step: 'reject',
    caller: 'ADMIN',
    state: 'refunded',
    variables: { reason: '' },
    answer: refused('Informe o motivo da recusa.', 'reason'),
  },
  {
    name: 'a refusal of a settled return',
    step: 'reject',
    caller: 'ADMIN',
    state: 'refunded',
    variables: { reason: 'Produto usado' },
    answer: NOT_OPEN,
  },
  {
    name: 'a refusal of an unknown return',
    step: 'reject',
    caller: 'SUPPORT',
    state: 'unknown',
    variables: { reason: 'Produto usado' },
    answer: RETURN_NOT_FOUND,
  },
  {
    name: 'the goods received by the admin: refunded',
    step: 'receive',
    caller: 'ADMIN',
    state: 'requested',
    variables: {},
    answer: { data: { status: 'REFUNDED', authorizationCode: null, rejectionReason: null } },
  },
  {
    name: 'the goods received by support',
    step: 'receive',
    caller: 'SUPPORT',
    state: 'requested',
    variables: {},
    answer: FORBIDDEN,
  },
  {
    name: 'an unknown return received by support: the role is checked first',
    step: 'receive',
    caller: 'SUPPORT',
    state: 'unknown',
    variables: {},
    answer: FORBIDDEN,
  },
  {
    name: 'the goods of a rejected return received',
    step: 'receive',
    caller: 'ADMIN',
    state: 'rejected',
    variables: {},
    answer: NOT_OPEN,
  },
  {
    name: 'the goods of a settled return received again',
    step: 'receive',
    caller: 'ADMIN',
    state: 'refunded',
    variables: {},
    answer: NOT_OPEN,
  },
];
