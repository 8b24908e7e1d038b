// A job the server runs every interval and on demand, one run at a time per instance (several
// instances keep apart through the database: SKIP LOCKED, conditional updates). A call made while a
// run is under way is answered by one more run after it, which every call made meanwhile shares:
// whoever asks after committing something (a paid order, a staff action) gets a run that began
// after the commit, never the end of one that read the rows before it. The interval's tick skips a
// run under way instead. A failing run is logged and answers `fallback`; closing the app stops the
// interval and waits for the runs under way.
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
  // The run asked for during the current one; it starts when the current one ends.
  let trailing: { promise: Promise<T>; start: () => void } | null = null;

  const start = (): Promise<T> => {
    let work: Promise<T>;
    try {
      work = options.work();
    } catch (err) {
      work = Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    const current = work
      .catch((err: unknown) => {
        app.log.error({ err }, `${options.name} failed`);
        return options.fallback;
      })
      .then((result) => {
        // Hand over before this run's callers resume, so that no call slips in between.
        const next = trailing;
        trailing = null;
        running = null;
        next?.start();
        return result;
      });
    running = current;
    return current;
  };

  const run = (): Promise<T> => {
    if (running === null) return start();
    if (trailing === null) {
      let begin!: () => void;
      const promise = new Promise<T>((resolve) => {
        begin = () => resolve(start());
      });
      trailing = { promise, start: begin };
    }
    return trailing.promise;
  };

  if (options.enabled) {
    // A tick that finds a run under way is skipped, not queued: a run longer than the interval
    // must not make the job run back to back.
    const timer = setInterval(() => {
      if (running === null) void start();
    }, options.intervalMs ?? 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      while (running !== null) await running;
    });
  }
  return run;
}
