// The background work of product imports. The apply: kicked by productImportApply, at start-up (an
// import a stopped process left APPLYING resumes where it stopped) and periodically (one another
// process held, once its lease has run out); one run at a time per process. The preview of an
// uploaded file (imports.stream.ts): started by its upload, a few at a time per process; the
// periodic look also fails the previews a stopped process left.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import type { ProductImportRecord } from './imports.repository';
import { applyPendingImports } from './imports.service';
import {
  createStreamedImport,
  failAbandonedPreviews,
  previewStreamedImport,
  type StreamedImportStart,
} from './imports.stream';

/** Uploaded files read at once by one process; another upload waits for one to end (503). */
export const MAX_CONCURRENT_PREVIEWS = 2;

export class PreviewsBusyError extends Error {}

export interface ProductImportRunner {
  /** Starts an apply run in the background (after the transaction that set APPLYING). */
  kick(): void;
  /**
   * Creates the import of an uploaded file (PREVIEWING) and reads it in the background;
   * PreviewsBusyError when MAX_CONCURRENT_PREVIEWS are being read.
   */
  startPreview(start: Omit<StreamedImportStart, 'owner'>): Promise<ProductImportRecord>;
  /** Resolves when the runs and previews started so far are finished (tests). */
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
  /** Rows per batch of an uploaded file's preview (tests pass fewer). */
  previewBatchRows?: number;
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

    const previews = new Set<Promise<unknown>>();
    const startPreview = async (start: Omit<StreamedImportStart, 'owner'>) => {
      if (closing || previews.size >= MAX_CONCURRENT_PREVIEWS) throw new PreviewsBusyError();
      const withOwner = { ...start, owner };
      const record = await createStreamedImport(app.db, withOwner);
      const reading = previewStreamedImport(app.db, record, withOwner, {
        shouldStop: () => closing,
        batchRows: opts.previewBatchRows,
      })
        .catch((err: unknown) =>
          app.log.error({ err, importId: record.id }, 'product import preview failed'),
        )
        .finally(() => previews.delete(reading));
      previews.add(reading);
      return record;
    };

    const periodic = opts.periodic ?? app.config.nodeEnv !== 'test';
    periodicJob(app, {
      name: 'Product import job',
      enabled: periodic,
      intervalMs: opts.intervalMs ?? 10_000,
      fallback: undefined,
      work: async () => {
        await failAbandonedPreviews(app.db);
        kick();
      },
    });

    app.decorate('productImports', {
      kick,
      startPreview,
      flush: async () => {
        while (active || previews.size > 0) {
          await running;
          await Promise.all([...previews]);
        }
      },
    });
    // At start-up, an import a stopped process left APPLYING (tests kick it themselves: no
    // stray queries in a test's counted statements).
    if (periodic) app.addHook('onReady', async () => kick());
    app.addHook('onClose', async () => {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      await running;
      await Promise.all([...previews]);
    });
  },
  { name: 'vitrine-product-imports', dependencies: ['vitrine-db'] },
);
