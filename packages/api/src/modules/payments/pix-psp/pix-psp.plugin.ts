// Pix through the PSP's API, wired into the server: `app.pixCharges` (absent when no PSP is
// configured: the static BR Code and manual or statement confirmation stay), the worker that
// creates and polls charges, the webhook routes (POST /webhooks/pix and /webhooks/pix/pix, the
// secret checked in the URL) and the webhook's registration at the PSP.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../../db';
import fp from 'fastify-plugin';
import { findStorePixKey } from '../payments.repository';
import { BacenPixClient } from './bacen-client';
import { PixCharges } from './pix-charges.service';
import { pixRefund } from './pix-refunds';
import {
  PIX_WEBHOOK_PATH,
  pixPspSettingsFromEnv,
  pixWebhookUrl,
  type PixPspSettings,
} from './pix-psp.config';
import type { PixProvider } from './provider';

export interface PixChargesHandle {
  /**
   * The charges of the store's current Pix key; null while the store has no Pix key. Inside a
   * transaction, pass it (the key is read through it).
   */
  current(db?: Executor): Promise<PixCharges | null>;
  /** One pass of the worker (sweep, due creations and polls); for tests and the timer. */
  tick(): Promise<void>;
  /** Whether the webhook was registered at the PSP (it is tried again on every pass until so). */
  webhookRegistered(): boolean;
  /** What Settings shows: the PSP's host and whether a webhook secret is set (never secrets). */
  info(): { host: string | null; webhookConfigured: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when a PSP is configured (PIX_PSP_URL...). */
    pixCharges?: PixChargesHandle;
  }
}

export interface PixPspPluginOptions {
  /** The PSP to use whatever the store's key (tests); from PIX_PSP_* when undefined. */
  provider?: PixProvider | null;
  /** The webhook's shared secret; from PIX_WEBHOOK_SECRET when undefined. */
  webhookSecret?: string | null;
  /** The worker's pass interval; 0 runs none (tests call tick). 2 s by default. */
  intervalMs?: number;
}

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The store's receiving Pix key (Settings); null while it has none. */
export async function storePixKey(db: Executor): Promise<string | null> {
  return findStorePixKey(db);
}

export const pixPspPlugin = fp<PixPspPluginOptions>(
  async (app, opts) => {
    if (app.hasDecorator('pixCharges')) return;
    const settings: PixPspSettings | null =
      opts.provider !== undefined ? null : pixPspSettingsFromEnv(process.env);
    if (!opts.provider && !settings) return;
    const webhookSecret =
      opts.webhookSecret !== undefined ? opts.webhookSecret : (settings?.webhookSecret ?? null);
    const providerFor = (pixKey: string): PixProvider =>
      opts.provider ??
      new BacenPixClient({
        baseUrl: settings!.url,
        clientId: settings!.clientId,
        clientSecret: settings!.clientSecret,
        pixKey,
        ...(settings!.cert && settings!.key ? { cert: settings!.cert, key: settings!.key } : {}),
        ...(settings!.tokenUrl ? { tokenUrl: settings!.tokenUrl } : {}),
        ...(settings!.query ? { query: settings!.query } : {}),
      });

    let current: { key: string; charges: PixCharges } | null = null;
    let registeredFor: string | null = null;
    const handle: PixChargesHandle = {
      async current(db = app.db) {
        const key = await storePixKey(db);
        if (!key) return null;
        if (current?.key !== key) {
          current = {
            key,
            charges: new PixCharges({
              db: app.db,
              provider: providerFor(key),
              publicUrl: app.config.publicUrl,
              now: () => new Date(app.hasDecorator('clock') ? app.clock.now() : Date.now()),
              onSettled: () => app.mail.kick(),
              log: app.log,
            }),
          };
        }
        return current.charges;
      },
      async tick() {
        const charges = await handle.current();
        if (!charges) return;
        if (webhookSecret && registeredFor !== current?.key) {
          try {
            await charges.provider.registerWebhook(
              pixWebhookUrl(app.config.publicUrl, webhookSecret),
            );
            registeredFor = current?.key ?? null;
          } catch (error) {
            app.log.warn({ err: error }, 'pix webhook not registered at the PSP (tried again)');
          }
        }
        await charges.sweep();
        await charges.runDue();
      },
      webhookRegistered: () => registeredFor !== null,
      info: () => ({
        host: settings ? new URL(settings.url).host : opts.provider ? opts.provider.name : null,
        webhookConfigured: Boolean(webhookSecret),
      }),
    };
    app.decorate('pixCharges', handle);
    app.decorate(
      'orderPixRefund',
      pixRefund(async (tx) => (await handle.current(tx))?.provider ?? null),
    );

    async function webhook(request: FastifyRequest, reply: FastifyReply) {
      const query = (request.query ?? {}) as Record<string, unknown>;
      if (!webhookSecret || !sameSecret(query.hmac, webhookSecret)) {
        request.log.warn('pix webhook with a wrong or missing secret');
        return reply.code(401).send({ detail: 'Webhook Pix não autorizado.' });
      }
      const charges = await handle.current();
      if (!charges) return reply.code(404).send({ detail: 'Pix pelo banco não configurado.' });
      const outcome = await charges.onWebhook(request.body);
      // 5xx makes the PSP deliver again; the worker polls the charge meanwhile.
      if (outcome.unavailable) {
        return reply.code(503).send({ detail: 'Banco indisponível para confirmar o Pix.' });
      }
      return reply.code(200).send({ settled: outcome.settled });
    }
    app.post(PIX_WEBHOOK_PATH, webhook);
    app.post(`${PIX_WEBHOOK_PATH}/pix`, webhook);

    const interval = opts.intervalMs ?? 2_000;
    let running: Promise<void> | null = null;
    const pass = () => {
      if (running) return;
      running = handle
        .tick()
        .catch((error: unknown) => app.log.error({ err: error }, 'pix charges pass failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = interval > 0 ? setInterval(pass, interval) : null;
    timer?.unref();
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'vitrine-pix-psp', dependencies: ['vitrine-db', 'vitrine-mail'] },
);
