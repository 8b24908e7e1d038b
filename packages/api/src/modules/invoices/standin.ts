// A local stand-in of Focus NFe's API v2, the NF-e subset the store uses: POST /v2/nfe?ref=REF
// (checked against the schema, 422 with each field's message; then processed: autorizado, or
// erro_autorizacao with a SEFAZ-style code and message when SEFAZ's rules refuse it), GET
// /v2/nfe/REF, DELETE /v2/nfe/REF {justificativa}, POST /v2/nfe/REF/carta_correcao {correcao},
// and the DANFE (PDF) and XML of each authorised invoice. HTTP Basic with the token as the user.
// Invoices live in memory; each is answered processando_autorizacao, then settled after
// `processingMs` (the webhook is POSTed to the registered URL with its Authorization value).
// Control endpoints under /_standin for the tests and the e2e run: reject-next, down, calls,
// webhook, settle, clock, reset, state.
//
//   npm run nfe:standin -w @vitrine/api -- --port 3192 [--token TOKEN] [--processing-ms 500]
//     [--webhook-url http://localhost:3000/webhooks/nfe --webhook-secret SECRET]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { UF_IBGE_CODES, type Uf } from '@vitrine/rules';
import { accessKeyOf, danfePdf, nfeXml } from './standin-files';
import { schemaErrors, sefazRejection, type SefazRejection } from './standin-validate';

type Json = Record<string, unknown>;
type Status = 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado';

export interface StandinNfe {
  ref: string;
  status: Status;
  body: Json;
  accessKey: string | null;
  protocol: string | null;
  authorizedAt: Date | null;
  sefaz: SefazRejection | null;
  corrections: { sequence: number; text: string; protocol: string }[];
  cancelProtocol: string | null;
  danfe: Uint8Array | null;
  xml: string | null;
}

export interface StandinCall {
  method: string;
  path: string;
  status: number;
}

export interface NfeWebhookDelivery {
  url: string;
  ref: string;
  status: number | null;
  error: string | null;
}

export interface NfeStandinOptions {
  port?: number;
  host?: string;
  token?: string;
  environment?: 'homologacao' | 'producao';
  /** How long an invoice stays processando before SEFAZ's answer; 0: settled right after answering. */
  processingMs?: number;
  /** 'manual': stays processando until settle(ref) (tests that look at the state in between). */
  settle?: 'auto' | 'manual';
  webhook?: { url: string; authorization: string } | null;
  logger?: boolean;
}

export interface NfeStandin {
  url: string;
  token: string;
  app: FastifyInstance;
  invoices: Map<string, StandinNfe>;
  calls: StandinCall[];
  deliveries: NfeWebhookDelivery[];
  /** The next invoice processed is rejected by "SEFAZ" with this code and message. */
  rejectNext(rejection: SefazRejection): void;
  /** The next `count` API requests answer 503 (the provider down); 0 stops it. */
  down(count: number): void;
  setWebhook(webhook: { url: string; authorization: string } | null): void;
  /** 'manual' keeps new invoices processando until settle(ref); 'auto' settles them. */
  setSettle(mode: 'auto' | 'manual'): void;
  /** Settles a processando invoice now (and POSTs the webhook). */
  settle(ref: string): Promise<StandinNfe>;
  advanceClock(seconds: number): void;
  idle(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export const STANDIN_NFE_TOKEN = 'token-homologacao-vitrine';

class FocusStandin {
  readonly invoices = new Map<string, StandinNfe>();
  readonly calls: StandinCall[] = [];
  readonly deliveries: NfeWebhookDelivery[] = [];
  readonly pending = new Set<Promise<unknown>>();
  rejection: SefazRejection | null = null;
  downCount = 0;
  clockOffsetMs = 0;
  sequence = 1;
  webhook: { url: string; authorization: string } | null;

  constructor(
    readonly options: Required<Omit<NfeStandinOptions, 'webhook' | 'logger' | 'port' | 'host'>> & {
      webhook: NfeStandinOptions['webhook'];
    },
  ) {
    this.webhook = options.webhook ?? null;
  }

  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => undefined);
    return promise;
  }

  json(nfe: StandinNfe): Json {
    const b = nfe.body;
    const base: Json = {
      cnpj_emitente: b.cnpj_emitente,
      ref: nfe.ref,
      status: nfe.status,
      serie: String(b.serie),
      numero: String(b.numero),
    };
    if (nfe.status === 'erro_autorizacao' && nfe.sefaz) {
      return { ...base, status_sefaz: nfe.sefaz.code, mensagem_sefaz: nfe.sefaz.message };
    }
    if (nfe.status === 'autorizado' || nfe.status === 'cancelado') {
      return {
        ...base,
        status_sefaz: nfe.status === 'autorizado' ? '100' : '135',
        mensagem_sefaz:
          nfe.status === 'autorizado'
            ? 'Autorizado o uso da NF-e'
            : 'Evento registrado e vinculado a NF-e',
        chave_nfe: `NFe${nfe.accessKey}`,
        protocolo: nfe.protocol,
        caminho_xml_nota_fiscal: `/arquivos/${nfe.ref}/nfe.xml`,
        caminho_danfe: `/arquivos/${nfe.ref}/danfe.pdf`,
      };
    }
    return base;
  }

  /** SEFAZ's answer to a processando invoice. */
  async process(nfe: StandinNfe): Promise<void> {
    if (nfe.status !== 'processando_autorizacao') return;
    const rejection = this.rejection ?? sefazRejection(nfe.body);
    this.rejection = null;
    if (rejection) {
      nfe.status = 'erro_autorizacao';
      nfe.sefaz = rejection;
    } else {
      const at = this.now();
      const uf = String(nfe.body.uf_emitente) as Uf;
      nfe.accessKey = accessKeyOf({
        ufCode: UF_IBGE_CODES[uf] ?? '35',
        at,
        cnpj: String(nfe.body.cnpj_emitente),
        series: Number(nfe.body.serie),
        number: Number(nfe.body.numero),
        code: (this.sequence * 7919) % 99_999_999,
      });
      nfe.protocol = `1${UF_IBGE_CODES[uf] ?? '35'}${String(at.getUTCFullYear()).slice(2)}${String(this.sequence++).padStart(10, '0')}`;
      nfe.authorizedAt = at;
      nfe.status = 'autorizado';
      nfe.sefaz = null;
      const facts = {
        ref: nfe.ref,
        accessKey: nfe.accessKey,
        protocol: nfe.protocol,
        authorizedAt: at,
        environment: this.options.environment,
        body: nfe.body,
      };
      nfe.danfe = await danfePdf(facts);
      nfe.xml = nfeXml(facts);
    }
    await this.sendWebhook(nfe);
  }

  async sendWebhook(nfe: StandinNfe): Promise<void> {
    if (!this.webhook) return;
    const { url, authorization } = this.webhook;
    const delivery: NfeWebhookDelivery = { url, ref: nfe.ref, status: null, error: null };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: authorization },
        body: JSON.stringify(this.json(nfe)),
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    this.deliveries.push(delivery);
  }

  schedule(nfe: StandinNfe): void {
    if (this.options.settle === 'manual') return;
    const run = () => this.process(nfe);
    if (this.options.processingMs <= 0) {
      this.track(Promise.resolve().then(run));
      return;
    }
    this.track(
      new Promise<void>((resolve) => setTimeout(resolve, this.options.processingMs).unref()).then(
        run,
      ),
    );
  }
}

function problem(
  reply: FastifyReply,
  status: number,
  codigo: string,
  mensagem: string,
  erros?: unknown,
) {
  return reply.code(status).send({ codigo, mensagem, ...(erros ? { erros } : {}) });
}

function authorised(request: FastifyRequest, token: string): boolean {
  const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Basic' || !encoded) return false;
  const decoded = Buffer.from(encoded, 'base64').toString();
  return decoded.slice(0, decoded.indexOf(':') >= 0 ? decoded.indexOf(':') : undefined) === token;
}

function apiRoutes(app: FastifyInstance, state: FocusStandin) {
  type Ref = { Params: { ref: string } };
  const found = (ref: string) => state.invoices.get(ref);

  app.post<{ Querystring: { ref?: string } }>('/v2/nfe', async (request, reply) => {
    const ref = request.query.ref ?? '';
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(ref))
      return problem(reply, 400, 'requisicao_invalida', 'Parâmetro ref inválido.');
    const existing = found(ref);
    if (existing && existing.status !== 'erro_autorizacao') {
      return problem(
        reply,
        422,
        'already_processed',
        `Nota fiscal já ${existing.status === 'processando_autorizacao' ? 'em processamento' : existing.status}.`,
      );
    }
    const errors = schemaErrors(request.body);
    if (errors.length > 0) {
      return problem(reply, 422, 'requisicao_invalida', 'Erro de validação do schema', errors);
    }
    const nfe: StandinNfe = {
      ref,
      status: 'processando_autorizacao',
      body: request.body as Json,
      accessKey: null,
      protocol: null,
      authorizedAt: null,
      sefaz: null,
      corrections: [],
      cancelProtocol: null,
      danfe: null,
      xml: null,
    };
    state.invoices.set(ref, nfe);
    state.schedule(nfe);
    return reply.code(202).send(state.json(nfe));
  });

  app.get<Ref>('/v2/nfe/:ref', async (request, reply) => {
    const nfe = found(request.params.ref);
    if (!nfe) return problem(reply, 404, 'nao_encontrado', 'Nota fiscal não encontrada.');
    return state.json(nfe);
  });

  app.delete<Ref & { Body: { justificativa?: string } }>('/v2/nfe/:ref', async (request, reply) => {
    const nfe = found(request.params.ref);
    if (!nfe) return problem(reply, 404, 'nao_encontrado', 'Nota fiscal não encontrada.');
    const reason = String(request.body?.justificativa ?? '').trim();
    if (reason.length < 15 || reason.length > 255) {
      return problem(
        reply,
        422,
        'requisicao_invalida',
        'A justificativa deve ter de 15 a 255 caracteres.',
      );
    }
    if (nfe.status !== 'autorizado') {
      return problem(
        reply,
        422,
        'nfe_nao_autorizada',
        'Só uma nota autorizada pode ser cancelada.',
      );
    }
    if (state.now().getTime() - nfe.authorizedAt!.getTime() > 24 * 3600_000) {
      return {
        status: 'erro_cancelamento',
        status_sefaz: '501',
        mensagem_sefaz: 'Rejeição: Prazo de cancelamento superior ao previsto na Legislação',
      };
    }
    nfe.status = 'cancelado';
    nfe.cancelProtocol = `${nfe.protocol}9`;
    return {
      status_sefaz: '135',
      mensagem_sefaz: 'Evento registrado e vinculado a NF-e',
      status: 'cancelado',
      protocolo: nfe.cancelProtocol,
      caminho_xml_cancelamento: `/arquivos/${nfe.ref}/cancelamento.xml`,
    };
  });

  app.post<Ref & { Body: { correcao?: string } }>(
    '/v2/nfe/:ref/carta_correcao',
    async (request, reply) => {
      const nfe = found(request.params.ref);
      if (!nfe) return problem(reply, 404, 'nao_encontrado', 'Nota fiscal não encontrada.');
      const text = String(request.body?.correcao ?? '').trim();
      if (text.length < 15 || text.length > 1000) {
        return problem(
          reply,
          422,
          'requisicao_invalida',
          'A correção deve ter de 15 a 1000 caracteres.',
        );
      }
      if (nfe.status !== 'autorizado') {
        return problem(
          reply,
          422,
          'nfe_nao_autorizada',
          'Só uma nota autorizada pode receber carta de correção.',
        );
      }
      const sequence = nfe.corrections.length + 1;
      const protocol = `${nfe.protocol}${sequence}`;
      nfe.corrections.push({ sequence, text, protocol });
      return {
        status_sefaz: '135',
        mensagem_sefaz: 'Evento registrado e vinculado a NF-e',
        status: 'autorizado',
        protocolo_carta_correcao: protocol,
        numero_carta_correcao: sequence,
        caminho_xml_carta_correcao: `/arquivos/${nfe.ref}/cce-${sequence}.xml`,
      };
    },
  );

  app.get<Ref>('/arquivos/:ref/danfe.pdf', async (request, reply) => {
    const nfe = found(request.params.ref);
    if (!nfe?.danfe) return problem(reply, 404, 'nao_encontrado', 'Arquivo não encontrado.');
    return reply.header('Content-Type', 'application/pdf').send(Buffer.from(nfe.danfe));
  });
  app.get<Ref>('/arquivos/:ref/nfe.xml', async (request, reply) => {
    const nfe = found(request.params.ref);
    if (!nfe?.xml) return problem(reply, 404, 'nao_encontrado', 'Arquivo não encontrado.');
    return reply.header('Content-Type', 'application/xml').send(nfe.xml);
  });
}

function controlRoutes(app: FastifyInstance, state: FocusStandin, handle: () => NfeStandin) {
  app.post<{ Body: { code?: string; message?: string } }>(
    '/_standin/reject-next',
    async (request) => {
      state.rejection = {
        code: request.body?.code ?? '778',
        message: request.body?.message ?? 'Rejeição: Informado NCM inexistente',
      };
      return { ok: true };
    },
  );
  app.post<{ Body: { count?: number } }>('/_standin/down', async (request) => {
    state.downCount = Math.max(0, request.body?.count ?? 1);
    return { ok: true };
  });
  app.get('/_standin/calls', async () => ({ calls: state.calls }));
  app.post<{ Body: { url?: string; authorization?: string } }>(
    '/_standin/webhook',
    async (request) => {
      const { url, authorization } = request.body ?? {};
      state.webhook = url && authorization ? { url, authorization } : null;
      return { ok: true };
    },
  );
  app.post<{ Params: { ref: string } }>('/_standin/settle/:ref', async (request) =>
    state.json(await handle().settle(request.params.ref)),
  );
  app.post<{ Body: { seconds?: number } }>('/_standin/clock', async (request) => {
    state.clockOffsetMs += (request.body?.seconds ?? 0) * 1000;
    return { now: state.now().toISOString() };
  });
  app.post('/_standin/reset', async () => {
    handle().reset();
    return { ok: true };
  });
  app.get('/_standin/state', async () => ({
    // Each invoice as the provider answers it, and the last request sent for its ref.
    invoices: [...state.invoices.values()].map((nfe) => ({
      ...state.json(nfe),
      request: nfe.body,
    })),
    deliveries: state.deliveries,
    calls: state.calls.length,
  }));
}

export async function startNfeStandin(options: NfeStandinOptions = {}): Promise<NfeStandin> {
  const token = options.token ?? STANDIN_NFE_TOKEN;
  const state = new FocusStandin({
    token,
    environment: options.environment ?? 'homologacao',
    processingMs: options.processingMs ?? 0,
    settle: options.settle ?? 'auto',
    webhook: options.webhook ?? null,
  });
  const app = Fastify({
    logger: options.logger ?? false,
    forceCloseConnections: true,
  }) as unknown as FastifyInstance;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(Object.assign(new Error('JSON inválido.'), { statusCode: 400 }));
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/_standin')) return;
    if (state.downCount > 0) {
      state.downCount -= 1;
      state.calls.push({ method: request.method, path: request.url, status: 503 });
      return problem(reply, 503, 'servico_indisponivel', 'Serviço temporariamente indisponível.');
    }
    if (!authorised(request, token)) {
      state.calls.push({ method: request.method, path: request.url, status: 401 });
      return problem(reply, 401, 'nao_autorizado', 'Token de acesso inválido.');
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/_standin') || reply.statusCode === 503 || reply.statusCode === 401)
      return;
    state.calls.push({ method: request.method, path: request.url, status: reply.statusCode });
  });
  const holder: { handle?: NfeStandin } = {};
  apiRoutes(app, state);
  controlRoutes(app, state, () => holder.handle!);
  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const hostname = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  const url = `http://${hostname}:${new URL(address).port}`;
  const handle: NfeStandin = {
    url,
    token,
    app,
    invoices: state.invoices,
    calls: state.calls,
    deliveries: state.deliveries,
    rejectNext: (rejection) => {
      state.rejection = rejection;
    },
    down: (count) => {
      state.downCount = Math.max(0, count);
    },
    setWebhook: (webhook) => {
      state.webhook = webhook;
    },
    setSettle: (mode) => {
      state.options.settle = mode;
    },
    settle: async (ref) => {
      const nfe = state.invoices.get(ref);
      if (!nfe) throw new Error(`Nota ${ref} não encontrada no stand-in.`);
      await state.track(state.process(nfe));
      return nfe;
    },
    advanceClock: (seconds) => {
      state.clockOffsetMs += seconds * 1000;
    },
    idle: async () => {
      while (state.pending.size > 0) await Promise.allSettled([...state.pending]);
    },
    reset: () => {
      state.invoices.clear();
      state.calls.length = 0;
      state.deliveries.length = 0;
      state.rejection = null;
      state.downCount = 0;
      state.clockOffsetMs = 0;
    },
    close: async () => {
      await handle.idle();
      await app.close();
    },
  };
  holder.handle = handle;
  return handle;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main() {
  const webhookUrl = argument('webhook-url') ?? process.env.NFE_STANDIN_WEBHOOK_URL;
  const webhookSecret = argument('webhook-secret') ?? process.env.NFE_WEBHOOK_SECRET;
  const standin = await startNfeStandin({
    port: Number(argument('port') ?? process.env.NFE_STANDIN_PORT ?? 3192),
    host: argument('host') ?? process.env.NFE_STANDIN_HOST ?? '127.0.0.1',
    token: argument('token') ?? process.env.NFE_API_TOKEN ?? STANDIN_NFE_TOKEN,
    processingMs: Number(argument('processing-ms') ?? 500),
    webhook: webhookUrl && webhookSecret ? { url: webhookUrl, authorization: webhookSecret } : null,
  });
  const lines = [
    `Stand-in do emissor de NF-e (API v2 da Focus NFe) em ${standin.url}`,
    '',
    'NFE_PROVIDER=focusnfe',
    `NFE_API_URL=${standin.url}`,
    `NFE_API_TOKEN=${standin.token}`,
    'NFE_ENVIRONMENT=homologacao',
    '',
    webhookUrl
      ? `Webhook: ${webhookUrl}`
      : 'Sem webhook (use --webhook-url e --webhook-secret): a loja consulta as notas.',
    `Controle: POST ${standin.url}/_standin/reject-next, /_standin/down; GET ${standin.url}/_standin/state`,
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
