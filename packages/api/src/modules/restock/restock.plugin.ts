// The periodic restock sweep (restock.service.ts sweepRestockAlerts): mails the confirmed alerts
// whose variant is back in stock, whatever raised the stock, and deletes expired requests.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
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
    const run = periodicJob(app, {
      name: 'Restock sweep',
      enabled: opts.enabled,
      ...(opts.intervalMs === undefined ? {} : { intervalMs: opts.intervalMs }),
      fallback: { notified: 0, expired: 0 },
      work: async () => {
        const settings = await getStoreSettings(app.db);
        const result = await sweepRestockAlerts(app.db, {
          now: app.clock.now(),
          publicUrl: app.config.publicUrl,
          storeName: settings.storeName,
        });
        // The mails were committed to the outbox: send them now.
        if (result.notified > 0) app.mail.kick();
        return result;
      },
    });
    if (!app.hasDecorator('runRestockSweep')) app.decorate('runRestockSweep', run);
  },
  { name: 'vitrine-restock', dependencies: ['vitrine-db', 'vitrine-auth'] },
);
