// A local stand-in PSP that implements the subset of the Banco Central's Pix API (API Pix v2) that
// bacen-client.ts uses: OAuth2 client credentials, PUT/GET/PATCH /v2/cob/{txid}, PUT/GET/DELETE
// /v2/webhook/{chave}, GET /v2/pix/{e2eid} and PUT/GET /v2/pix/{e2eid}/devolucao/{id}, with
// problem+json errors. Charges live in memory. Control endpoints under /_standin (and the same
// methods on the handle startPixStandin returns) let the tests and the e2e run pay a charge (the
// webhook is POSTed as a PSP does), remove it as the PSP, settle refunds, move the clock, revoke
// tokens, and make the PSP fail or answer slowly on demand.
//
//   npm run pix:standin -w @vitrine/api -- --port 3190 [--pix-key KEY] [--client-id ID]
//     [--client-secret SECRET] [--host 127.0.0.1] [--settle-refunds manually]
//   (or: node --import tsx packages/api/src/modules/payments/pix-psp/standin.ts --port 3190)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { PIX_API_SCOPES } from './bacen-client';
import {
  Problem,
  StandinPsp,
  cobJson,
  pixJson,
  type StandinCharge,
  type StandinPix,
  type StandinRefund,
  type WebhookDelivery,
} from './standin-psp';

export type { StandinCharge, StandinPix, StandinRefund, WebhookDelivery } from './standin-psp';

export interface PixStandinOptions {
  /** 0 (any free port) by default. */
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** The receiver's Pix key: a cob or webhook for another key is refused; null accepts any. */
  pixKey?: string | null;
  /** The tokens' life (expires_in); 3600 by default. */
  tokenExpiresInSeconds?: number;
  /**
   * 'immediately' (default): a refund is answered EM_PROCESSAMENTO and is DEVOLVIDO right after
   * (its webhook sent in the background); 'manually': it stays EM_PROCESSAMENTO until
   * settleRefund (POST /_standin/refunds/{e2eid}/{id}/settle).
   */
  settleRefunds?: 'immediately' | 'manually';
  merchantName?: string;
  merchantCity?: string;
  /** Serves HTTPS; with requestCert the client must present a certificate signed by ca. */
  https?: { key: Buffer; cert: Buffer; ca?: Buffer; requestCert?: boolean };
  logger?: boolean;
}

export interface PixStandin {
  /** http(s)://host:port, the PIX_PSP_URL to give the store. */
  url: string;
  clientId: string;
  clientSecret: string;
  pixKey: string | null;
  app: FastifyInstance;
  /** The state behind the API, for what the methods below do not cover. */
  psp: StandinPsp;
  charges: Map<string, StandinCharge>;
  /** Every webhook POST made, in order. */
  deliveries: WebhookDelivery[];
  /** Counters of what the PSP API was asked (control calls not counted). */
  stats: { tokensIssued: number; requests: number };
  webhookUrl(): string | null;
  /** Pays an ATIVA charge (its own amount unless told) and POSTs the webhook, if registered. */
  pay(
    txid: string,
    options?: { amountCents?: number; payerInfo?: string },
  ): Promise<{ pix: StandinPix; delivery: WebhookDelivery | null }>;
  /** REMOVIDA_PELO_PSP. */
  removeAsPsp(txid: string): StandinCharge;
  /** Settles a refund left EM_PROCESSAMENTO, and POSTs the webhook with it. */
  settleRefund(
    endToEndId: string,
    id: string,
    status?: 'DEVOLVIDO' | 'NAO_REALIZADO',
  ): Promise<{ refund: StandinRefund; delivery: WebhookDelivery | null }>;
  /** The next `count` PSP API requests (tokens included) answer `status` with a problem+json. */
  failNext(count: number, status: number, problem?: { title?: string; detail?: string }): void;
  /** Every PSP API request waits this long before being handled (0 stops it). */
  delay(ms: number): void;
  /** Moves the stand-in's clock (charge expiry, token life) forward. */
  advanceClock(seconds: number): void;
  /** Forgets every token issued, as a PSP that restarted: the next call gets a 401. */
  revokeTokens(): void;
  /** Waits for webhooks sent in the background. */
  idle(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

function sendProblem(reply: FastifyReply, problem: Problem) {
  return reply
    .code(problem.status)
    .header('content-type', 'application/problem+json')
    .send(JSON.stringify(problem.toJSON()));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Slowness and failures on demand and the bearer token, for the PSP API only. */
function guardPspApi(app: FastifyInstance, psp: StandinPsp) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/_standin')) return;
    psp.stats.requests += 1;
    if (psp.delayMs > 0) await sleep(psp.delayMs);
    const failure = psp.takeFailure();
    if (failure) return sendProblem(reply, failure);
    if (request.url.startsWith('/v2/')) {
      const refused = psp.checkToken(request.headers.authorization);
      if (refused) return sendProblem(reply, refused);
    }
  });
}

/** The API Pix v2 subset: token, cob, webhook, pix and devolução. */
function pspRoutes(app: FastifyInstance, psp: StandinPsp) {
  app.post('/oauth/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!psp.authenticate(request.headers.authorization)) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Credenciais inválidas.' });
    }
    if (body.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    }
    return {
      access_token: psp.issueToken(),
      token_type: 'Bearer',
      expires_in: psp.options.tokenExpiresInSeconds,
      scope: typeof body.scope === 'string' ? body.scope : PIX_API_SCOPES,
    };
  });

  type Txid = { Params: { txid: string } };
  app.put<Txid>('/v2/cob/:txid', async (request, reply) =>
    reply.code(201).send(cobJson(psp.createCharge(request.params.txid, request.body))),
  );
  app.get<Txid>('/v2/cob/:txid', async (request) => cobJson(psp.charge(request.params.txid)));
  app.patch<Txid>('/v2/cob/:txid', async (request) =>
    cobJson(psp.patchCharge(request.params.txid, request.body)),
  );

  type Chave = { Params: { chave: string } };
  app.put<Chave>('/v2/webhook/:chave', async (request, reply) => {
    psp.registerWebhook(request.params.chave, request.body);
    return reply.code(204).send();
  });
  app.get<Chave>('/v2/webhook/:chave', async (request) => psp.webhookJson(request.params.chave));
  app.delete<Chave>('/v2/webhook/:chave', async (_request, reply) => {
    psp.deleteWebhook();
    return reply.code(204).send();
  });

  type Refund = { Params: { e2eid: string; id: string } };
  app.get<{ Params: { e2eid: string } }>('/v2/pix/:e2eid', async (request) =>
    pixJson(psp.pix(request.params.e2eid)),
  );
  app.put<Refund>('/v2/pix/:e2eid/devolucao/:id', async (request, reply) =>
    reply.code(201).send(psp.refund(request.params.e2eid, request.params.id, request.body)),
  );
  app.get<Refund>('/v2/pix/:e2eid/devolucao/:id', async (request) => ({
    ...psp.refundOf(request.params.e2eid, request.params.id).refund,
  }));
}

/** Control endpoints for the e2e run and a developer (no authentication: local use only). */
function controlRoutes(app: FastifyInstance, psp: StandinPsp) {
  type Pay = { Params: { txid: string }; Body: { amountCents?: number; payerInfo?: string } };
  app.post<Pay>('/_standin/charges/:txid/pay', async (request) => {
    const { pix, delivery } = await psp.pay(request.params.txid, request.body ?? {});
    return { pix: pixJson(pix), webhook: delivery };
  });
  app.post<{ Params: { txid: string } }>('/_standin/charges/:txid/remove', async (request) =>
    cobJson(psp.removeAsPsp(request.params.txid)),
  );
  type Settle = {
    Params: { e2eid: string; id: string };
    Body: { status?: 'DEVOLVIDO' | 'NAO_REALIZADO' };
  };
  app.post<Settle>('/_standin/refunds/:e2eid/:id/settle', async (request) => {
    const { e2eid, id } = request.params;
    const { refund, delivery } = await psp.settleRefund(e2eid, id, request.body?.status);
    return { refund, webhook: delivery };
  });
  type Fail = { Body: { count?: number; status?: number; title?: string; detail?: string } };
  app.post<Fail>('/_standin/fail', async (request) => {
    const b = request.body ?? {};
    psp.failNext(b.count ?? 1, b.status ?? 503, { title: b.title, detail: b.detail });
    return { ok: true };
  });
  app.post<{ Body: { ms?: number } }>('/_standin/delay', async (request) => {
    psp.delayMs = Math.max(0, request.body?.ms ?? 0);
    return { ok: true };
  });
  app.post<{ Body: { seconds?: number } }>('/_standin/clock', async (request) => {
    psp.advanceClock(request.body?.seconds ?? 0);
    return { now: psp.now().toISOString() };
  });
  app.post('/_standin/tokens/revoke', async () => {
    psp.revokeTokens();
    return { ok: true };
  });
  app.post('/_standin/reset', async () => {
    psp.reset();
    return { ok: true };
  });
  app.get('/_standin/state', async () => ({
    webhookUrl: psp.webhookUrl(),
    charges: psp.allCharges().map(cobJson),
    deliveries: psp.deliveries,
    stats: psp.stats,
  }));
}

/** Starts the stand-in on a port (0: any free one) and answers its handle once it listens. */
export async function startPixStandin(options: PixStandinOptions = {}): Promise<PixStandin> {
  const psp = new StandinPsp({
    clientId: options.clientId ?? 'vitrine-standin',
    clientSecret: options.clientSecret ?? 'vitrine-standin-secret',
    pixKey: options.pixKey ?? null,
    tokenExpiresInSeconds: options.tokenExpiresInSeconds ?? 3600,
    settleRefunds: options.settleRefunds ?? 'immediately',
    merchantName: options.merchantName ?? 'LOJA VITRINE',
    merchantCity: options.merchantCity ?? 'SAO PAULO',
  });
  const tls = options.https;
  const app = Fastify({
    logger: options.logger ?? false,
    forceCloseConnections: true,
    ...(tls
      ? {
          https: {
            key: tls.key,
            cert: tls.cert,
            ca: tls.ca,
            requestCert: tls.requestCert ?? false,
            rejectUnauthorized: tls.requestCert ?? false,
          },
        }
      : {}),
  }) as unknown as FastifyInstance;

  // An empty JSON body is no body (control calls sent with only a JSON content type).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', 'JSON inválido.'));
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof Problem) return sendProblem(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const message = error instanceof Error ? error.message : String(error);
    return sendProblem(
      reply,
      new Problem(status, 'RequisicaoInvalida', 'Requisição inválida.', message),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      new Problem(404, 'NaoEncontrado', 'Não encontrado.', `${request.method} ${request.url}`),
    ),
  );
  guardPspApi(app, psp);
  pspRoutes(app, psp);
  controlRoutes(app, psp);

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const hostname = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  psp.host = `${hostname}:${new URL(address).port}`;

  return {
    url: `${tls ? 'https' : 'http'}://${psp.host}`,
    clientId: psp.options.clientId,
    clientSecret: psp.options.clientSecret,
    pixKey: psp.options.pixKey,
    app,
    psp,
    charges: psp.charges,
    deliveries: psp.deliveries,
    stats: psp.stats,
    webhookUrl: () => psp.webhookUrl(),
    pay: (txid, payOptions) => psp.pay(txid, payOptions),
    removeAsPsp: (txid) => psp.removeAsPsp(txid),
    settleRefund: (endToEndId, id, status) => psp.settleRefund(endToEndId, id, status),
    failNext: (count, status, problem) => psp.failNext(count, status, problem),
    delay: (ms) => {
      psp.delayMs = Math.max(0, ms);
    },
    advanceClock: (seconds) => psp.advanceClock(seconds),
    revokeTokens: () => psp.revokeTokens(),
    idle: () => psp.idle(),
    reset: () => psp.reset(),
    close: async () => {
      await psp.idle();
      await app.close();
    },
  };
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main() {
  const standin = await startPixStandin({
    port: Number(argument('port') ?? process.env.PIX_STANDIN_PORT ?? 3190),
    host: argument('host') ?? process.env.PIX_STANDIN_HOST ?? '127.0.0.1',
    clientId: argument('client-id') ?? process.env.PIX_PSP_CLIENT_ID,
    clientSecret: argument('client-secret') ?? process.env.PIX_PSP_CLIENT_SECRET,
    pixKey: argument('pix-key') ?? null,
    settleRefunds: argument('settle-refunds') === 'manually' ? 'manually' : 'immediately',
  });
  const lines = [
    `Stand-in do PSP Pix (API Pix v2 do Banco Central) em ${standin.url}`,
    '',
    `PIX_PSP_URL=${standin.url}`,
    `PIX_PSP_CLIENT_ID=${standin.clientId}`,
    `PIX_PSP_CLIENT_SECRET=${standin.clientSecret}`,
    '',
    standin.pixKey === null
      ? 'Chave Pix: qualquer uma (use --pix-key para exigir a chave da loja).'
      : `Chave Pix: ${standin.pixKey}`,
    `Controle: POST ${standin.url}/_standin/charges/{txid}/pay, GET ${standin.url}/_standin/state`,
    'Ctrl+C encerra.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = () => {
    void standin.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
