// Parity table of the audit log's filter and page (auditLog, what the dashboard's Auditoria screen
// asks), and what the API answers: the widest page and filter both accept, and each refusal with
// its Portuguese message and field ('filter.range.from') in the order the server checks them
// (@vitrine/rules audit.input). The same rows run through the real server
// (packages/api/test/parity.test.ts) and through the MSW mocks (packages/ui/src/mocks/parity.test.ts);
// the answers are written out. An actor's or a brand's id is left out: what one looks like differs
// between the two worlds (the server's UUIDs, the mock's names).
import type { ParityAnswer } from './orders.cases';

export const AUDIT_LOG_DOCUMENT = `query ($filter: AuditFilter, $first: Int, $offset: Int) {
  r: auditLog(filter: $filter, first: $first, offset: $offset) { totalCount }
}`;

export interface AuditLogCase {
  name: string;
  variables: Record<string, unknown>;
  answer: ParityAnswer<{ totalCount: number }>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

/** Words no entry has in either world: an accepted page is empty. */
const NOTHING = 'zzqx';

export const AUDIT_LOG_CASES: AuditLogCase[] = [
  {
    name: 'the widest page and filter: 200 from 10.000, a kind and an id, a prefix, one day',
    variables: {
      first: 200,
      offset: 10_000,
      filter: {
        entity: 'ORDER',
        entityId: 'x'.repeat(200),
        action: 'order.',
        range: { from: '2026-01-31', to: '2026-01-31' },
        search: ` ${NOTHING}   ${NOTHING} `,
      },
    },
    answer: { data: { totalCount: 0 } },
  },
  {
    name: 'a page of 201 entries, from past 10.000: the size first',
    variables: { first: 201, offset: 10_001 },
    answer: refused('first', 'Peça de 0 a 200 registros por vez.'),
  },
  {
    name: 'an offset past 10.000',
    variables: { offset: 10_001 },
    answer: refused('offset', 'O deslocamento vai de 0 a 10.000.'),
  },
  {
    name: "an object's id without its kind",
    variables: { filter: { entityId: 'VT-1001' } },
    answer: refused('filter.entityId', 'Informe também o tipo do objeto.'),
  },
  {
    name: "an object's id of 201 characters",
    variables: { filter: { entity: 'ORDER', entityId: 'x'.repeat(201) } },
    answer: refused('filter.entityId', 'Identificador longo demais.'),
  },
  {
    name: 'an action in capitals',
    variables: { filter: { action: 'Order.Ship' } },
    answer: refused(
      'filter.action',
      "Ação inválida: use um código como order.ship ou um prefixo terminado em '.', como auth.",
    ),
  },
  {
    name: 'a first day that does not exist',
    variables: { filter: { range: { from: '2026-02-30', to: '2026-03-01' } } },
    answer: refused(
      'filter.range.from',
      'Data inválida: use o formato AAAA-MM-DD, como 2026-01-31.',
    ),
  },
  {
    name: 'a first day after the last',
    variables: { filter: { range: { from: '2026-03-02', to: '2026-03-01' } } },
    answer: refused('filter.range.from', 'A data inicial deve ser anterior ou igual à final.'),
  },
  {
    name: 'a search of 201 characters',
    variables: { filter: { search: 's'.repeat(201) } },
    answer: refused('filter.search', 'Busque com até 200 caracteres.'),
  },
];
