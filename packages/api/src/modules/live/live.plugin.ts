// GET /admin/events: the staff's live order events as Server-Sent Events. Authenticated by the
// `Authorization: Bearer` header only (a token in a URL ends up in logs and histories; the ui
// reads the stream with fetch, not EventSource). Each stream lives until its access token expires
// (`event: expired`: the client reconnects with a fresh token) or the account is signed out
// everywhere, deactivated or changed (checked at each heartbeat), the client leaves, or the server
// shuts down (closed in preClose, so `app.close()` never waits for a stream).
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireStaffHttp } from '../../plugins/auth';
import { findStaffById } from '../staff/staff.repository';
import { ORDERS_CHANNEL, type OrderLiveEvent } from './live.events';
import { OrderEventHub } from './live.hub';
import { brandIdsOfOrders } from './live.repository';
import { databaseNotificationSource } from './live.source';

export const LIVE_EVENTS_PATH = '/admin/events';
export const DEFAULT_HEARTBEAT_MS = 25_000;
/** The client's reconnection delay the stream suggests (`retry:`). */
export const DEFAULT_RETRY_MS = 3_000;
export const DEFAULT_MAX_STREAMS_PER_STAFF = 5;
export const TOO_MANY_STREAMS =
  'Muitas conexões ao vivo abertas com esta conta. Feche outras abas do painel e tente de novo.';
export const LIVE_UNAVAILABLE = 'Atualizações ao vivo indisponíveis no momento. Tente de novo.';

export interface LivePluginOptions {
  /** Interval of the `: heartbeat` comment that keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  retryMs?: number;
  /** Open streams one staff member may hold in this process (tabs, devices). */
  maxStreamsPerStaff?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: OrderEventHub;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export function formatSseEvent(event: string, data: unknown): string {
  // JSON has no raw newline, so the data is always one `data:` line.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const livePlugin = fp<LivePluginOptions>(
  async (app, opts) => {
    const heartbeatMs = opts.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    const retryMs = opts.retryMs ?? DEFAULT_RETRY_MS;
    const maxStreams = opts.maxStreamsPerStaff ?? DEFAULT_MAX_STREAMS_PER_STAFF;
    const source = databaseNotificationSource(app, ORDERS_CHANNEL);
    if (!source) app.log.warn('live events: no database to listen to; streams stay silent');
    const hub = new OrderEventHub(source, (ids) => brandIdsOfOrders(app.db, ids), app.log);
    app.decorate('liveEvents', hub);

    const streamsByStaff = new Map<string, number>();
    /** Every open stream's closer, so a shutdown ends them all. */
    const openStreams = new Set<() => void>();

    app.addHook('preClose', async () => {
      for (const close of [...openStreams]) close();
    });
    app.addHook('onClose', async () => {
      await hub.close();
    });

    app.get(LIVE_EVENTS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
      const staff = await requireStaffHttp(request, reply);
      if (!staff) return reply;
      // requireStaffHttp verified it: the claims are there, read again for the expiry.
      const claims = await app.tokens.verify(bearerToken(request) ?? '', 'access');
      if (!claims) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer').send({
          detail: 'Faça login para continuar.',
        });
      }
      const open = streamsByStaff.get(staff.id) ?? 0;
      if (open >= maxStreams) {
        return reply.code(429).header('Retry-After', '30').send({ detail: TOO_MANY_STREAMS });
      }
      streamsByStaff.set(staff.id, open + 1);

      const body = new PassThrough();
      let closed = false;
      let unsubscribe: (() => void) | null = null;
      let heartbeat: NodeJS.Timeout | null = null;
      let expiry: NodeJS.Timeout | null = null;
      const close = () => {
        if (closed) return;
        closed = true;
        openStreams.delete(close);
        unsubscribe?.();
        if (heartbeat) clearInterval(heartbeat);
        if (expiry) clearTimeout(expiry);
        const left = (streamsByStaff.get(staff.id) ?? 1) - 1;
        if (left > 0) streamsByStaff.set(staff.id, left);
        else streamsByStaff.delete(staff.id);
        body.end();
      };
      const write = (chunk: string) => {
        if (!closed) body.write(chunk);
      };
      const expiresAtMs = claims.exp * 1000;
      /** Ends the stream once the access token has expired (by the app's clock). */
      const endIfExpired = (): boolean => {
        if (app.clock.now() < expiresAtMs) return false;
        write(formatSseEvent('expired', {}));
        close();
        return true;
      };
      /**
       * Whether the account still stands as the stream found it: not deactivated, not signed out
       * everywhere (token version), same role and brands (else the filter would be stale).
       */
      const stillSignedIn = async (): Promise<boolean> => {
        try {
          const row = await findStaffById(app.db, staff.id);
          return (
            row !== null &&
            row.active &&
            row.tokenVersion === claims.ver &&
            row.role === staff.role &&
            [...row.brandIds].sort().join() === [...staff.brandIds].sort().join()
          );
        } catch (err) {
          // A database hiccup is not a sign-out: look again at the next heartbeat.
          request.log.warn({ err }, 'live events: could not re-check the staff member');
          return true;
        }
      };
      openStreams.add(close);
      reply.raw.on('close', close);

      try {
        unsubscribe = await hub.subscribe({
          staff,
          send: (event: OrderLiveEvent) => {
            if (!endIfExpired()) write(formatSseEvent('order', event));
          },
          resync: () => write(formatSseEvent('resync', {})),
        });
      } catch (err) {
        request.log.error({ err }, 'live events: could not listen to the database');
        close();
        return reply.code(503).header('Retry-After', '5').send({ detail: LIVE_UNAVAILABLE });
      }
      if (closed) {
        // The client left (or the server began closing) while listening started.
        unsubscribe();
        return reply;
      }

      heartbeat = setInterval(() => {
        if (endIfExpired()) return;
        write(': heartbeat\n\n');
        void stillSignedIn().then((ok) => {
          if (ok || closed) return;
          // As for an expired token: the client refreshes (refused now) or signs in again.
          write(formatSseEvent('expired', {}));
          close();
        });
      }, heartbeatMs);
      heartbeat.unref();
      expiry = setTimeout(
        () => endIfExpired(),
        Math.min(Math.max(expiresAtMs - app.clock.now(), 0), 2 ** 31 - 1),
      );
      expiry.unref();

      // The first bytes: the client's reconnection hint, and a comment saying it is listening.
      write(`retry: ${retryMs}\n: connected\n\n`);
      return (
        reply
          .header('Content-Type', 'text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-cache, no-store, no-transform')
          // nginx and similar proxies would otherwise buffer the stream.
          .header('X-Accel-Buffering', 'no')
          .send(body)
      );
    });
  },
  { name: 'vitrine-live', dependencies: ['vitrine-db', 'vitrine-auth'] },
);
