// A job the server runs every interval and on demand, one run at a time per instance (several
// instances keep apart through the database: SKIP LOCKED, conditional updates). A failing run is
// logged and answers `fallback`; closing the app stops the interval and waits for a run under way.
import type { FastifyInstance } from 'fastify';

export interface PeriodicJobOptions<T> {
  /** What the log says failed, e.g. 'Pix expiry job'. */
  name: string;
  work: () => Promise<T>;
  /** The answer of a run that failed. */
  fallback: T;
  /** Off in tests unless a test asks for it: then the job runs only when called. */
  enabled: boolean;
  /** Default one minute. */
  intervalMs?: number;
}

/** Starts the interval (when enabled) and returns the single-flight runner. */
export function periodicJob<T>(
  app: FastifyInstance,
  options: PeriodicJobOptions<T>,
): () => Promise<T> {
  let running: Promise<T> | null = null;
  const run = (): Promise<T> => {
    running ??= options
      .work()
      .catch((err: unknown) => {
        app.log.error({ err }, `${options.name} failed`);
        return options.fallback;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  if (options.enabled) {
    const timer = setInterval(() => void run(), options.intervalMs ?? 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
  return run;
}
