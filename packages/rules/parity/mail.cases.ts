// Parity table of the mail outbox's page and filter (mailOutbox, what the dashboard's E-mails
// screen asks), and what the API answers: the widest page and filter both accept, and each refusal
// with its Portuguese message and field ('filter.search') in the order the server checks them
// (@vitrine/rules mail.input). The same rows run through the real server (packages/api/test/
// parity.mail.test.ts) and through the MSW mocks (packages/ui/src/mocks/parity.mail.test.ts); the
// answers are written out. An accepted page searches words no mail has, so it is empty in both
// worlds. A status outside MailStatus is GraphQL's own refusal, before any rule: not a row.
import type { ParityAnswer } from './orders.cases';

export const MAIL_OUTBOX_DOCUMENT = `query ($filter: MailFilter, $first: Int, $offset: Int) {
  r: mailOutbox(filter: $filter, first: $first, offset: $offset) { totalCount }
}`;

export interface MailOutboxCase {
  name: string;
  variables: Record<string, unknown>;
  answer: ParityAnswer<{ totalCount: number }>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

/** A word no mail has in either world. */
const NOTHING = 'zzqx';
const PAGE = refused('first', 'Peça de 0 a 100 e-mails por vez.');
const OFFSET = refused('offset', 'O deslocamento vai de 0 a 10.000.');
const SEARCH = refused('filter.search', 'Busque com até 200 caracteres.');

export const MAIL_OUTBOX_CASES: MailOutboxCase[] = [
  {
    name: 'the widest: 100 mails from 10.000, a status, a search of 200 characters',
    variables: {
      first: 100,
      offset: 10_000,
      filter: { status: 'FAILED', search: `${NOTHING} ${'y'.repeat(195)}` },
    },
    answer: { data: { totalCount: 0 } },
  },
  {
    name: 'no mail at all (first 0), words of the search past the tenth ignored, spaces around',
    variables: {
      first: 0,
      filter: { search: `   a b c d e f g h i ${NOTHING} k   ` },
    },
    answer: { data: { totalCount: 0 } },
  },
  {
    name: 'a page of 101 mails and an offset below 0: the size first',
    variables: { first: 101, offset: -1 },
    answer: PAGE,
  },
  { name: 'a page below 0', variables: { first: -1 }, answer: PAGE },
  { name: 'an offset below 0', variables: { offset: -1 }, answer: OFFSET },
  { name: 'an offset past 10.000', variables: { offset: 10_001 }, answer: OFFSET },
  {
    name: 'an offset past 10.000 and a search of 201 characters: the offset first',
    variables: { offset: 10_001, filter: { search: 'x'.repeat(201) } },
    answer: OFFSET,
  },
  {
    name: 'a search of 201 characters',
    variables: { filter: { status: 'SENT', search: 'x'.repeat(201) } },
    answer: SEARCH,
  },
];
