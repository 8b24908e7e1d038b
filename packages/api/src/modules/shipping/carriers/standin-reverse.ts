// The carriers' stand-in's logística reversa: the Correios' reverse pre-postagem (POST
// /prepostagem/v1/prepostagens with logisticaReversa 'S', the contract's token), served under
// /reversa so it stays apart from the labels' pre-postagens (point CORREIOS_REVERSE_URL at
// <stand-in>/reversa). Answers an object code valid until the date asked, or, on demand, fails
// (503, the next N requests) or refuses (400 with the Correios' words). Journeys steer it with
// POST /reversa/_standin { failNext, refuse }.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { s10CheckDigit } from '@vitrine/rules';
import { bodyOf, send } from './standin-http';

export const STANDIN_REVERSE_PREFIX = '/reversa';

export interface ReverseStandinState {
  /** The next N reverse requests answer 503. */
  failNext: number;
  /** Every reverse request is refused with these words (null: accepted). */
  refuse: string | null;
  /** The authorisations issued, by object code. */
  issued: Map<string, { id: string; sender: string; service: string; validUntil: string }>;
}

interface CallLog {
  calls: Array<{ carrier: 'melhorenvio' | 'correios'; path: string; detail: unknown }>;
}

const states = new WeakMap<object, ReverseStandinState>();

/** The reverse part of a stand-in's state (made on first use). */
export function reverseStandinState(state: object): ReverseStandinState {
  let reverse = states.get(state);
  if (!reverse) {
    reverse = { failNext: 0, refuse: null, issued: new Map() };
    states.set(state, reverse);
  }
  return reverse;
}

let serial = 0;
function reverseObjectCode(): string {
  serial = (serial + 1) % 1_000_000;
  const digits = String(((Date.now() % 100) * 1_000_000 + serial) % 100_000_000).padStart(8, '0');
  return `LR${digits}${s10CheckDigit(digits)}BR`;
}

interface ReverseBody {
  logisticaReversa?: unknown;
  codigoServico?: unknown;
  dataValidadeLogReversa?: unknown;
  remetente?: { nome?: unknown; endereco?: { cep?: unknown } };
  destinatario?: { endereco?: { cep?: unknown } };
}

/** Every request under /reversa (the dispatch in standin.ts sends them here). */
export async function correiosReverse(
  req: IncomingMessage,
  res: ServerResponse,
  state: CallLog,
): Promise<void> {
  const reverse = reverseStandinState(state);
  const path = new URL(req.url ?? '/', 'http://standin').pathname.slice(
    STANDIN_REVERSE_PREFIX.length,
  );
  if (req.method === 'POST' && path === '/_standin') {
    const body = (await bodyOf(req)) as { failNext?: unknown; refuse?: unknown } | null;
    if (typeof body?.failNext === 'number') reverse.failNext = body.failNext;
    if (body && 'refuse' in body)
      reverse.refuse = typeof body.refuse === 'string' ? body.refuse : null;
    return send(res, 200, { ok: true });
  }
  if (req.headers.authorization !== 'Bearer standin-correios-token') {
    return send(res, 401, { msgs: ['Token inválido.'] });
  }
  if (!(req.method === 'POST' && path === '/prepostagem/v1/prepostagens')) {
    return send(res, 404, { msgs: ['Não encontrado.'] });
  }
  const body = (await bodyOf(req)) as ReverseBody | null;
  state.calls.push({ carrier: 'correios', path: `${STANDIN_REVERSE_PREFIX}${path}`, detail: body });
  if (reverse.failNext > 0) {
    reverse.failNext -= 1;
    return send(res, 503, { msgs: ['Serviço temporariamente indisponível.'] });
  }
  if (reverse.refuse) return send(res, 400, { msgs: [reverse.refuse] });
  const sender = body?.remetente?.endereco?.cep;
  const validUntil = body?.dataValidadeLogReversa;
  if (
    body?.logisticaReversa !== 'S' ||
    typeof body.codigoServico !== 'string' ||
    typeof sender !== 'string' ||
    !/^\d{8}$/.test(sender) ||
    typeof body.destinatario?.endereco?.cep !== 'string' ||
    typeof validUntil !== 'string' ||
    !/^\d{2}\/\d{2}\/\d{4}$/.test(validUntil)
  ) {
    return send(res, 400, {
      msgs: [
        'Informe logisticaReversa, o serviço, a validade e os CEPs do remetente e do destinatário.',
      ],
    });
  }
  const id = `PRLR${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  const code = reverseObjectCode();
  reverse.issued.set(code, { id, sender, service: body.codigoServico, validUntil });
  return send(res, 200, {
    id,
    codigoObjeto: code,
    logisticaReversa: 'S',
    dataValidadeLogReversa: validUntil,
    statusAtual: 1,
  });
}
