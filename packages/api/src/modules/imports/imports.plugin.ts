// The background apply of product imports: kicked by productImportApply, at start-up (an import a
// stopped process left APPLYING resumes where it stopped) and periodically (one another process
// held, once its lease has run out). One run at a time per process.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import { applyPendingImports } from './imports.service';

export interface ProductImportRunner {
  /** Starts an apply run in the background (after the transaction that set APPLYING). */
  kick(): void;
  /** Resolves when the runs started so far are finished (tests). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    productImports: ProductImportRunner;
  }
}

export interface ProductImportsPluginOptions {
  /** The look at start-up and every interval for imports to resume; default on except under NODE_ENV=test. */
  periodic?: boolean;
  intervalMs?: number;
}

export const productImportsPlugin = fp<ProductImportsPluginOptions>(
  async (app: FastifyInstance, opts) => {
    const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
    let closing = false;
    let active = false;
    let again = false;
    let running: Promise<void> = Promise.resolve();
    let retryTimer: NodeJS.Timeout | null = null;

    const runOnce = async () => {
      try {
        const { retryAt } = await applyPendingImports(app.db, owner, {
          log: app.log,
          shouldStop: () => closing,
        });
        // Another process holds an import: look again when its lease ends (if it died).
        if (retryAt && !closing && !retryTimer) {
          const wait = Math.max(500, retryAt.getTime() - Date.now() + 500);
          retryTimer = setTimeout(() => {
            retryTimer = null;
            kick();
          }, wait);
          retryTimer.unref();
        }
      } catch (err) {
        app.log.error({ err }, 'product import apply failed');
      }
    };

    const kick = () => {
      if (closing) return;
      if (active) {
        again = true;
        return;
      }
      active = true;
      running = (async () => {
        do {
          again = false;
          await runOnce();
        } while (again && !closing);
        active = false;
      })();
    };

    const periodic = opts.periodic ?? app.config.nodeEnv !== 'test';
    periodicJob(app, {
      name: 'Product import job',
      enabled: periodic,
      intervalMs: opts.intervalMs ?? 10_000,
      fallback: undefined,
      work: async () => kick(),
    });

    app.decorate('productImports', {
      kick,
      flush: async () => {
        while (active) await running;
      },
    });
    // At start-up, an import a stopped process left APPLYING (tests kick it themselves: no
    // stray queries in a test's counted statements).
    if (periodic) app.addHook('onReady', async () => kick());
    app.addHook('onClose', async () => {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      await running;
    });
  },
  { name: 'vitrine-product-imports', dependencies: ['vitrine-db'] },
);
