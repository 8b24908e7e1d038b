// Where the order notifications come from: PGlite's own listen() when the store runs embedded,
// else one dedicated PostgreSQL connection doing LISTEN (not a pooled one: a pool hands its
// clients around and a LISTEN belongs to one session), reconnected with backoff when it drops.
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pgliteClientOf } from '../../db';

export interface NotificationHandlers {
  onPayload(payload: string): void;
  /**
   * The connection dropped and is listening again: notifications sent in between were lost,
   * so listeners should reload what they show.
   */
  onResync(): void;
}

export interface NotificationSource {
  /** Resolves once LISTEN is in effect (notifications committed afterwards are delivered). */
  start(handlers: NotificationHandlers): Promise<void>;
  stop(): Promise<void>;
}

interface SourceLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export function pgliteNotificationSource(client: PGlite, channel: string): NotificationSource {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start(handlers) {
      unlisten = await client.listen(channel, (payload) => handlers.onPayload(payload));
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = null;
      // The database may already be closing; there is nothing left to stop then.
      if (stopListening && !client.closed) await stopListening().catch(() => undefined);
    },
  };
}

/**
 * The app's database's notifications on `channel`: PGlite's own listen() when embedded, else a
 * dedicated PostgreSQL connection; null when there is no database to listen to.
 */
export function databaseNotificationSource(
  app: FastifyInstance,
  channel: string,
): NotificationSource | null {
  const embedded = pgliteClientOf(app.db);
  if (embedded) return pgliteNotificationSource(embedded, channel);
  if (app.config.databaseUrl) return pgNotificationSource(app.config.databaseUrl, channel, app.log);
  return null;
}

export const LISTEN_RETRY_MIN_MS = 1_000;
export const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a dedicated pg connection. The first connection must succeed (start rejects
 * otherwise); a later drop is retried every 1 s, 2 s, 4 s … 30 s until it is back.
 */
export function pgNotificationSource(
  connectionString: string,
  channel: string,
  log: SourceLog,
): NotificationSource {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let handlers: NotificationHandlers | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'vitrine-live' });
    // An 'error' without a listener would crash the process; the 'end' below reconnects.
    next.on('error', (err) => log.warn({ err }, 'live events: listening connection failed'));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        handlers?.onPayload(message.payload);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    next.once('end', () => {
      if (client !== next || stopped) return;
      client = null;
      log.warn({}, 'live events: listening connection lost; reconnecting');
      scheduleReconnect();
    });
    client = next;
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS * 2 ** failures);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          failures = 0;
          if (!stopped) {
            log.info({}, 'live events: listening again');
            handlers?.onResync();
          }
        },
        (err: unknown) => {
          failures += 1;
          log.warn({ err, retryInMs: delay }, 'live events: reconnect failed');
          scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  return {
    async start(h) {
      handlers = h;
      await connect();
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
