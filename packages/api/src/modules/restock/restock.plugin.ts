// The periodic restock sweep (restock.service.ts sweepRestockAlerts): mails the confirmed alerts
// whose variant is back in stock, whatever raised the stock, and deletes expired requests.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getStoreSettings } from '../settings/settings.repository';
import { sweepRestockAlerts, type RestockSweepResult } from './restock.service';

export interface RestockPluginOptions {
  /** Off in tests unless a test asks for it. */
  enabled: boolean;
  /** How often to sweep; default one minute. */
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the restock sweep once now (also what the interval calls). */
    runRestockSweep(): Promise<RestockSweepResult>;
  }
}

export const restockPlugin = fp<RestockPluginOptions>(
  async (app: FastifyInstance, opts) => {
    let running: Promise<RestockSweepResult> | null = null;
    const run = (): Promise<RestockSweepResult> => {
      running ??= getStoreSettings(app.db)
        .then((settings) =>
          sweepRestockAlerts(app.db, {
            now: app.clock.now(),
            publicUrl: app.config.publicUrl,
            storeName: settings.storeName,
          }),
        )
        .then((result) => {
          // The mails were committed to the outbox: send them now.
          if (result.notified > 0) app.mail.kick();
          return result;
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'Restock sweep failed');
          return { notified: 0, expired: 0 };
        })
        .finally(() => {
          running = null;
        });
      return running;
    };
    if (!app.hasDecorator('runRestockSweep')) app.decorate('runRestockSweep', run);
    if (!opts.enabled) return;
    const timer = setInterval(() => void run(), opts.intervalMs ?? 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'vitrine-restock', dependencies: ['vitrine-db', 'vitrine-auth'] },
);
