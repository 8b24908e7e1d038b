// A local stand-in for the carriers' quote APIs, for tests, e2e and running the store offline:
// Melhor Envio's POST /api/v2/me/shipment/calculate and the Correios' token, preço and prazo
// endpoints, with prices from a simple rule (by weight and destination region), and slowness or
// failure on demand. `npm run carriers:standin -w @vitrine/api` serves it on CARRIERS_STANDIN_PORT
// (3110 by default): point MELHOR_ENVIO_URL and CORREIOS_URL at it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { bodyOf, reais, send } from './standin-http';
import {
  correiosLabels,
  labelsStandinState,
  melhorEnvioLabelPdf,
  melhorEnvioLabels,
  setMelhorEnvioStatus,
  type LabelsStandinState,
} from './standin-labels';
import { correiosReverse, STANDIN_REVERSE_PREFIX } from './standin-reverse';

export const STANDIN_MELHOR_ENVIO_TOKEN = 'standin-melhor-envio-token';
export const STANDIN_CORREIOS = { user: 'standin', accessCode: 'standin-code', card: '0075000000' };

/** The services each carrier knows, with a base price and days; weight and distance add to them. */
const SERVICES: Record<
  'melhorenvio' | 'correios',
  Record<string, { name: string; base: number; days: number }>
> = {
  melhorenvio: {
    '1': { name: 'PAC', base: 1890, days: 6 },
    '2': { name: 'SEDEX', base: 2990, days: 2 },
    '3': { name: '.Package', base: 1690, days: 5 },
  },
  correios: {
    '03298': { name: 'PAC', base: 1950, days: 7 },
    '03220': { name: 'SEDEX', base: 3050, days: 3 },
  },
};

export interface CarrierStandinState {
  /** Each answer waits this long (ms). */
  delayMs: number;
  /** Each answer is a 503. */
  down: boolean;
  /** What was asked, for tests: carrier, path and body or query. */
  calls: Array<{ carrier: 'melhorenvio' | 'correios'; path: string; detail: unknown }>;
  /** Regions (first CEP digit) the carriers do not serve. */
  unservedRegions: Set<string>;
  /** The Correios SRO's events by tracking code (as their API writes them); unknown: SRO-020. */
  tracking: Map<string, StandinSroEvent[]>;
  /** The labels bought (standin-labels.ts). */
  labels: LabelsStandinState;
}

export interface StandinSroEvent {
  codigo: string;
  tipo: string;
  dtHrCriado: string;
  descricao: string;
  unidade?: { endereco: { cidade: string; uf: string } };
}

export interface CarrierStandin {
  url: string;
  state: CarrierStandinState;
  close(): Promise<void>;
}

/** The stand-in's price: base + R$ 2,00 per started kg past the first + R$ 1,50 per region step. */
export function standinPriceCents(
  carrier: 'melhorenvio' | 'correios',
  service: string,
  fromCep: string,
  toCep: string,
  weightGrams: number,
): { priceCents: number; days: number } | null {
  const known = SERVICES[carrier][service];
  if (!known) return null;
  const extraKg = Math.max(0, Math.ceil(weightGrams / 1000) - 1);
  const distance = Math.abs(Number(fromCep[0]) - Number(toCep[0]));
  return {
    priceCents: known.base + extraKg * 200 + distance * 150,
    days: known.days + Math.ceil(distance / 3),
  };
}

async function melhorEnvio(req: IncomingMessage, res: ServerResponse, state: CarrierStandinState) {
  if (req.headers.authorization !== `Bearer ${STANDIN_MELHOR_ENVIO_TOKEN}`) {
    return send(res, 401, { message: 'Unauthenticated.' });
  }
  const body = (await bodyOf(req)) as {
    from?: { postal_code?: string };
    to?: { postal_code?: string };
    package?: { weight?: number };
    services?: string;
  } | null;
  state.calls.push({ carrier: 'melhorenvio', path: req.url ?? '', detail: body });
  const from = body?.from?.postal_code ?? '';
  const to = body?.to?.postal_code ?? '';
  const weight = Math.round((body?.package?.weight ?? 0) * 1000);
  if (!/^\d{8}$/.test(from) || !/^\d{8}$/.test(to) || !(weight > 0)) {
    return send(res, 422, { message: 'The given data was invalid.' });
  }
  const ids = (body?.services ?? Object.keys(SERVICES.melhorenvio).join(',')).split(',');
  return send(
    res,
    200,
    ids.map((id) => {
      const name = SERVICES.melhorenvio[id]?.name ?? id;
      const priced = state.unservedRegions.has(to[0]!)
        ? null
        : standinPriceCents('melhorenvio', id, from, to, weight);
      if (!priced) return { id: Number(id), name, error: 'Serviço indisponível para o trecho.' };
      return {
        id: Number(id),
        name,
        price: reais(priced.priceCents),
        custom_price: reais(priced.priceCents),
        discount: '0.00',
        currency: 'R$',
        delivery_time: priced.days,
        custom_delivery_time: priced.days,
        company: { id: 1, name: 'Correios' },
      };
    }),
  );
}

async function correios(req: IncomingMessage, res: ServerResponse, state: CarrierStandinState) {
  const url = new URL(req.url ?? '/', 'http://standin');
  if (req.method === 'POST' && url.pathname === '/token/v1/autentica/cartaopostagem') {
    const expected = Buffer.from(
      `${STANDIN_CORREIOS.user}:${STANDIN_CORREIOS.accessCode}`,
    ).toString('base64');
    const body = (await bodyOf(req)) as { numero?: string } | null;
    state.calls.push({ carrier: 'correios', path: url.pathname, detail: body });
    if (
      req.headers.authorization !== `Basic ${expected}` ||
      body?.numero !== STANDIN_CORREIOS.card
    ) {
      return send(res, 401, { msgs: ['Usuário ou senha inválidos.'] });
    }
    return send(res, 201, {
      token: 'standin-correios-token',
      expiraEm: new Date(Date.now() + 86_400_000).toISOString(),
    });
  }
  if (req.headers.authorization !== 'Bearer standin-correios-token') {
    return send(res, 401, { msgs: ['Token inválido.'] });
  }
  const record = (detail: unknown) =>
    state.calls.push({ carrier: 'correios', path: url.pathname, detail });
  if (await correiosLabels(req, res, state.labels, url.pathname, record)) return;
  const tracked = /^\/srorastro\/v1\/objetos\/(\w+)$/.exec(url.pathname);
  if (tracked) {
    state.calls.push({ carrier: 'correios', path: url.pathname, detail: null });
    const events = state.tracking.get(tracked[1]!);
    return send(res, 200, {
      versao: '1.0.0',
      quantidade: 1,
      objetos: [
        events
          ? { codObjeto: tracked[1], eventos: [...events].reverse() }
          : {
              codObjeto: tracked[1],
              mensagem: 'SRO-020: Objeto não encontrado na base de dados dos Correios.',
            },
      ],
    });
  }
  const match = /^\/(preco|prazo)\/v1\/nacional\/([\w-]+)$/.exec(url.pathname);
  if (!match) return send(res, 404, { msgs: ['Não encontrado.'] });
  const query = Object.fromEntries(url.searchParams);
  state.calls.push({ carrier: 'correios', path: url.pathname, detail: query });
  const from = query.cepOrigem ?? '';
  const to = query.cepDestino ?? '';
  const priced = state.unservedRegions.has(to[0] ?? '')
    ? null
    : standinPriceCents('correios', match[2]!, from, to, Number(query.psObjeto ?? 1000));
  if (!priced) return send(res, 400, { msgs: ['Serviço indisponível para o CEP de destino.'] });
  if (match[1] === 'preco') {
    return send(res, 200, {
      coProduto: match[2],
      pcBase: reais(priced.priceCents).replace('.', ','),
      pcFinal: reais(priced.priceCents).replace('.', ','),
    });
  }
  return send(res, 200, { coProduto: match[2], prazoEntrega: priced.days, entregaSabado: 'N' });
}

export async function startCarrierStandin(port = 0): Promise<CarrierStandin> {
  const state: CarrierStandinState = {
    delayMs: 0,
    down: false,
    calls: [],
    unservedRegions: new Set(),
    tracking: new Map(),
    labels: labelsStandinState(),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      // The control endpoints (journeys): what the SRO says of a code, and what was asked.
      if (req.url === '/_standin/tracking' && req.method === 'POST') {
        const body = (await bodyOf(req)) as { code?: string; events?: StandinSroEvent[] } | null;
        if (!body?.code || !Array.isArray(body.events))
          return send(res, 400, { message: 'code, events' });
        state.tracking.set(body.code, body.events);
        return send(res, 200, { ok: true });
      }
      // Labels: which destinations the carriers refuse, the balance; the PDFs' public links.
      if (req.url === '/_standin/labels' && req.method === 'POST') {
        const body = (await bodyOf(req)) as {
          refusedCeps?: string[];
          balanceCents?: number;
        } | null;
        if (body?.refusedCeps) state.labels.refusedCeps = new Set(body.refusedCeps);
        if (typeof body?.balanceCents === 'number') state.labels.balanceCents = body.balanceCents;
        return send(res, 200, { ok: true });
      }
      if (req.url === '/_standin/labels/me-status' && req.method === 'POST') {
        const answer = await setMelhorEnvioStatus(
          state.labels,
          (await bodyOf(req)) as Parameters<typeof setMelhorEnvioStatus>[1],
        );
        return send(res, answer.status, answer.body);
      }
      const labelPdf = /^\/_standin\/labels\/me\/([\w-]+)\.pdf$/.exec(req.url ?? '');
      if (labelPdf) return melhorEnvioLabelPdf(res, state.labels, labelPdf[1]!);
      if (req.url === '/_standin/calls') return send(res, 200, state.calls);
      if (req.url === '/_standin/health') return send(res, 200, { ok: true });
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.down) return send(res, 503, { message: 'Service Unavailable' });
      const path = new URL(req.url ?? '/', 'http://standin').pathname;
      if (path.startsWith('/api/v2/me/') && path !== '/api/v2/me/shipment/calculate') {
        if (req.headers.authorization !== `Bearer ${STANDIN_MELHOR_ENVIO_TOKEN}`) {
          return send(res, 401, { message: 'Unauthenticated.' });
        }
        const record = (detail: unknown) =>
          state.calls.push({ carrier: 'melhorenvio', path, detail });
        if (await melhorEnvioLabels(req, res, state.labels, path, record)) return;
        return send(res, 404, { message: 'Not found' });
      }
      if (req.url?.startsWith(`${STANDIN_REVERSE_PREFIX}/`))
        return correiosReverse(req, res, state);
      if (req.url?.startsWith('/api/v2/me/')) return melhorEnvio(req, res, state);
      return correios(req, res, state);
    })().catch(() => send(res, 500, { message: 'stand-in error' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.CARRIERS_STANDIN_PORT ?? 3110);
  void startCarrierStandin(port).then((standin) => {
    process.stdout.write(
      `Transportadoras (stand-in) em ${standin.url}\n` +
        `  MELHOR_ENVIO_URL=${standin.url} MELHOR_ENVIO_TOKEN=${STANDIN_MELHOR_ENVIO_TOKEN}\n` +
        `  CORREIOS_URL=${standin.url} CORREIOS_USER=${STANDIN_CORREIOS.user} CORREIOS_ACCESS_CODE=${STANDIN_CORREIOS.accessCode} CORREIOS_POSTAGE_CARD=${STANDIN_CORREIOS.card}\n`,
    );
  });
}
