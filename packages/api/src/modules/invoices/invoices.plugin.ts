// NF-e issuing wired into the server when a provider is configured (NFE_PROVIDER...): `app.invoices`
// (absent otherwise: no invoice, the dashboard says "Emissão de NF-e não configurada"), the worker
// (periodic-job: every NFE_POLL_SECONDS, 15 by default), the webhook (POST /webhooks/nfe, its
// secret in the Authorization header, its body only naming the ref to read back) and the
// shopper's files (GET /nfe/{token}/danfe.pdf and /nfe/{token}/nfe.xml). Tests call
// `app.invoices.tick()` themselves.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import { FocusNfeClient } from './focusnfe-client';
import {
  NFE_WEBHOOK_PATH,
  nfeSettingsFromEnv,
  ratesFromEnv,
  type NfeEnvironment,
} from './invoices.config';
import { invoiceFileByToken } from './invoices.repository';
import { InvoiceIssuing, type PassResult } from './invoices.service';
import { InvoiceProviderError, type InvoiceProvider } from './provider';
import { ensureIssuingSince } from './invoices.repository';
import type { InvoiceDeps } from './invoices.actions';
import type { ReformRates } from './taxes';

export interface InvoicesHandle {
  issuing: InvoiceIssuing;
  deps: InvoiceDeps;
  /** One worker pass now (tests, and after a staff retry). */
  tick(): Promise<PassResult>;
  /** A pass in the background (after a staff retry). */
  kick(): void;
  info(): {
    provider: string;
    environment: NfeEnvironment;
    host: string | null;
    webhookConfigured: boolean;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when an invoicing provider is configured (NFE_PROVIDER, NFE_API_URL, NFE_API_TOKEN). */
    invoices?: InvoicesHandle;
  }
}

export interface InvoicesPluginOptions {
  /** The provider to use (tests); from NFE_* when undefined. */
  provider?: InvoiceProvider | null;
  environment?: NfeEnvironment;
  /** The webhook's secret (tests); NFE_WEBHOOK_SECRET when undefined. */
  webhookSecret?: string | null;
  rates?: ReformRates;
  /** Run on a timer (the server); off in tests. */
  poll?: boolean;
}

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given.replace(/^(Bearer|Basic)\s+/i, '')), digest(expected));
}

function pollMs(env: Record<string, string | undefined>): number {
  const value = env.NFE_POLL_SECONDS?.trim();
  if (!value) return 15_000;
  const seconds = Number(value);
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(
      `NFE_POLL_SECONDS deve ser um número inteiro de 1 a 3600 (recebido: ${value}).`,
    );
  }
  return seconds * 1000;
}

function fileRoutes(app: FastifyInstance) {
  type Token = { Params: { token: string } };
  const serve =
    (kind: 'danfe' | 'xml') => async (request: FastifyRequest<Token>, reply: FastifyReply) => {
      const { token } = request.params;
      const found = /^[0-9a-f]{64}$/.test(token) ? await invoiceFileByToken(app.db, token) : null;
      const bytes = kind === 'danfe' ? found?.danfePdf : found?.xml;
      if (!found || !bytes) {
        return reply
          .code(404)
          .send({ detail: 'Nota fiscal não encontrada ou ainda não disponível.' });
      }
      const name = `NFe${found.accessKey ?? ''}`;
      return reply
        .header(
          'Content-Type',
          kind === 'danfe' ? 'application/pdf' : 'application/xml; charset=utf-8',
        )
        .header(
          'Content-Disposition',
          `${kind === 'danfe' ? 'inline' : 'attachment'}; filename="${name}.${kind === 'danfe' ? 'pdf' : 'xml'}"`,
        )
        .header('Cache-Control', 'private, no-store')
        .header('X-Robots-Tag', 'noindex')
        .send(Buffer.from(bytes));
    };
  app.get<Token>('/nfe/:token/danfe.pdf', serve('danfe'));
  app.get<Token>('/nfe/:token/nfe.xml', serve('xml'));
}

export const invoicesPlugin = fp<InvoicesPluginOptions>(
  async (app, opts) => {
    if (app.hasDecorator('invoices')) return;
    const settings = opts.provider !== undefined ? null : nfeSettingsFromEnv(process.env);
    const provider: InvoiceProvider | null =
      opts.provider ??
      (settings ? new FocusNfeClient({ baseUrl: settings.url, token: settings.token }) : null);
    if (!provider) return;
    const environment = opts.environment ?? settings?.environment ?? 'homologacao';
    const webhookSecret =
      opts.webhookSecret !== undefined ? opts.webhookSecret : (settings?.webhookSecret ?? null);
    const now = () => new Date(app.hasDecorator('clock') ? app.clock.now() : Date.now());
    const issuing = new InvoiceIssuing({
      db: app.db,
      provider,
      environment,
      rates: opts.rates ?? settings?.rates ?? ratesFromEnv(process.env),
      publicUrl: app.config.publicUrl,
      now,
      log: app.log,
      onMail: () => app.mail.kick(),
    });
    await ensureIssuingSince(app.db);
    // One pass at a time per instance; instances keep apart by SKIP LOCKED and conditional updates.
    const run = periodicJob(app, {
      name: 'nfe pass',
      work: () => issuing.runPass(),
      fallback: { created: 0, sent: 0, polled: 0, authorized: 0, rejected: 0, failed: 0 },
      enabled: opts.poll === true,
      intervalMs: pollMs(process.env),
    });
    const handle: InvoicesHandle = {
      issuing,
      deps: { provider, environment, now },
      tick: run,
      kick: () => void run(),
      info: () => ({
        provider: provider.name,
        environment,
        host: settings ? new URL(settings.url).host : null,
        webhookConfigured: Boolean(webhookSecret),
      }),
    };
    app.decorate('invoices', handle);
    fileRoutes(app);

    app.post(NFE_WEBHOOK_PATH, async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const given = request.headers.authorization ?? query.secret;
      if (!webhookSecret || !sameSecret(given, webhookSecret)) {
        request.log.warn('nfe webhook with a wrong or missing secret');
        return reply.code(401).send({ detail: 'Webhook de NF-e não autorizado.' });
      }
      const ref = (request.body as { ref?: unknown } | null)?.ref;
      if (typeof ref !== 'string' || !/^[A-Za-z0-9_-]{1,50}$/.test(ref)) {
        return reply.code(400).send({ detail: 'Webhook sem a referência da nota (ref).' });
      }
      try {
        const invoice = await issuing.readBack(ref);
        return reply.code(200).send({ status: invoice ? invoice.status : 'ignored' });
      } catch (error) {
        if (error instanceof InvoiceProviderError && error.code === 'NOT_FOUND') {
          return reply.code(200).send({ status: 'ignored' });
        }
        // 5xx: the provider delivers it again; the worker polls meanwhile.
        request.log.error({ err: error }, 'nfe webhook: the invoice could not be read back');
        return reply
          .code(503)
          .send({ detail: 'Emissor de NF-e indisponível para confirmar a nota.' });
      }
    });
  },
  { name: 'vitrine-invoices', dependencies: ['vitrine-db', 'vitrine-mail'] },
);
