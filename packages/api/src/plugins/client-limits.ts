// What one client address may spend, not only how often it asks: the per-minute request limit
// (graphql.ts) lets an address send the heaviest documents the app has (its listing with facets
// and a new price filter each time, a search page with new words) at a pace that costs the
// server far more than one shopper. So per address and per process, for anonymous GraphQL
// requests and storefront pages: at most `inFlight` requests at once (more wait in a short queue,
// then are refused), and a budget of server time (the time its requests spend in flight: database
// and rendering), given back continuously, past which it is refused until some has come back.
// An IPv6 client is its /64 (the block one subscriber gets). Refusals are 429 with Retry-After: a
// GraphQL error RATE_LIMITED for the API, a page in Portuguese for the storefront. A signed-in
// staff member is not counted here (their own limits apply); an invalid token counts as anonymous.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientLimits } from '../config';
import { clientOfAddress } from '../modules/auth/login-throttle';
import { escapeHtml } from '../modules/seo/seo.page';
import { isGraphqlRequest } from './graphql-input';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-client bounds (null when CLIENT_REQUESTS_IN_FLIGHT and the budget are both 0). */
    clientGate: ClientGate | null;
  }
}

/** Why a client was refused: too many requests at once, or its server time spent. */
export type ClientRefusalReason = 'REQUESTS_IN_FLIGHT' | 'SERVER_TIME';

export interface ClientRefusal {
  reason: ClientRefusalReason;
  retryAfterSeconds: number;
}

/** One request's place at the gate: `admitted` settles once (null: go on); `leave` when done. */
export interface ClientEntry {
  admitted: Promise<ClientRefusal | null>;
  /** The request is over (answered or abandoned): frees its slot, or its place in the queue. */
  leave(): void;
}

interface Waiter {
  admit(): void;
  refuse(refusal: ClientRefusal): void;
}

interface ClientState {
  inFlight: number;
  queue: Waiter[];
  /** Server time left to spend, in ms, as of `at` (the budget when full). */
  balance: number;
  at: number;
}

/** Clients remembered before idle ones (nothing in flight, budget full) are swept. */
const SWEEP_FLOOR = 1_024;

/** The per-client bounds of one process (see the file's header). */
export class ClientGate {
  private readonly clients = new Map<string, ClientState>();
  private sweepAt = SWEEP_FLOOR;
  /** Budget given back per ms. */
  private readonly refillPerMs: number;

  constructor(
    readonly limits: ClientLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.refillPerMs =
      limits.timeBudgetMs > 0 ? limits.timeBudgetMs / (limits.timeWindowSeconds * 1000) : 0;
  }

  /** Clients with something in flight, waiting, or budget still to win back. */
  get size(): number {
    return this.clients.size;
  }

  /** Requests of `client` in flight now. */
  inFlight(client: string): number {
    return this.clients.get(client)?.inFlight ?? 0;
  }

  /** Requests of `client` waiting for a slot now. */
  waiting(client: string): number {
    return this.clients.get(client)?.queue.length ?? 0;
  }

  /** Server time `client` may still spend now, in ms (Infinity without a budget). */
  balance(client: string): number {
    if (this.limits.timeBudgetMs <= 0) return Infinity;
    const state = this.clients.get(client);
    if (!state) return this.limits.timeBudgetMs;
    this.refill(state);
    return state.balance;
  }

  /** Asks for a slot for one request of `client`. */
  enter(client: string): ClientEntry {
    const state = this.stateOf(client);
    let phase = 'waiting' as 'waiting' | 'in' | 'out';
    let startedAt = 0;
    let settle!: (refusal: ClientRefusal | null) => void;
    const admitted = new Promise<ClientRefusal | null>((resolve) => {
      settle = resolve;
    });
    let waiter: Waiter | null = null;
    let timer: NodeJS.Timeout | undefined;

    const admit = () => {
      phase = 'in';
      startedAt = this.now();
      state.inFlight += 1;
      settle(null);
    };
    const refuse = (refusal: ClientRefusal) => {
      phase = 'out';
      settle(refusal);
    };
    const leave = () => {
      if (phase === 'waiting') {
        // Gone while waiting (the client hung up): its place goes to the next.
        clearTimeout(timer);
        const at = waiter ? state.queue.indexOf(waiter) : -1;
        if (at >= 0) state.queue.splice(at, 1);
        refuse({ reason: 'REQUESTS_IN_FLIGHT', retryAfterSeconds: 1 });
        this.forgetIfIdle(client, state);
        return;
      }
      if (phase !== 'in') return;
      phase = 'out';
      state.inFlight -= 1;
      if (this.refillPerMs > 0) {
        this.refill(state);
        state.balance -= this.now() - startedAt;
      }
      this.pump(client, state);
    };

    const spent = this.spent(state);
    if (spent) {
      refuse(spent);
    } else if (this.limits.inFlight <= 0 || state.inFlight < this.limits.inFlight) {
      admit();
    } else if (state.queue.length < this.limits.queued && this.limits.queueWaitMs > 0) {
      waiter = {
        admit: () => {
          clearTimeout(timer);
          admit();
        },
        refuse: (refusal) => {
          clearTimeout(timer);
          refuse(refusal);
        },
      };
      state.queue.push(waiter);
      timer = setTimeout(() => {
        const at = state.queue.indexOf(waiter!);
        if (at >= 0) state.queue.splice(at, 1);
        refuse({ reason: 'REQUESTS_IN_FLIGHT', retryAfterSeconds: 1 });
      }, this.limits.queueWaitMs);
      timer.unref?.();
    } else {
      refuse({ reason: 'REQUESTS_IN_FLIGHT', retryAfterSeconds: 1 });
    }
    // (Set by refuse() above: the compiler does not see through the closures.)
    if ((phase as string) === 'out') this.forgetIfIdle(client, state);
    return { admitted, leave };
  }

  /** The refusal for a client whose server time is spent, or null. */
  private spent(state: ClientState): ClientRefusal | null {
    if (this.refillPerMs <= 0) return null;
    this.refill(state);
    if (state.balance > 0) return null;
    const waitMs = (-state.balance + 1) / this.refillPerMs;
    return { reason: 'SERVER_TIME', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  private refill(state: ClientState) {
    const now = this.now();
    state.balance = Math.min(
      this.limits.timeBudgetMs,
      state.balance + (now - state.at) * this.refillPerMs,
    );
    state.at = now;
  }

  /** Lets waiters in as slots free (or refuses them once the budget is spent). */
  private pump(client: string, state: ClientState) {
    while (
      state.queue.length > 0 &&
      (this.limits.inFlight <= 0 || state.inFlight < this.limits.inFlight)
    ) {
      const next = state.queue.shift()!;
      const spent = this.spent(state);
      if (spent) next.refuse(spent);
      else next.admit();
    }
    this.forgetIfIdle(client, state);
  }

  private stateOf(client: string): ClientState {
    let state = this.clients.get(client);
    if (!state) {
      if (this.clients.size >= this.sweepAt) this.sweep();
      state = { inFlight: 0, queue: [], balance: this.limits.timeBudgetMs, at: this.now() };
      this.clients.set(client, state);
    }
    return state;
  }

  private isIdle(state: ClientState): boolean {
    if (state.inFlight > 0 || state.queue.length > 0) return false;
    if (this.refillPerMs <= 0) return true;
    this.refill(state);
    return state.balance >= this.limits.timeBudgetMs;
  }

  private forgetIfIdle(client: string, state: ClientState) {
    if (this.isIdle(state) && this.clients.get(client) === state) this.clients.delete(client);
  }

  /** Forgets the clients with nothing in flight and their budget whole again. */
  private sweep() {
    for (const [client, state] of this.clients) {
      if (this.isIdle(state)) this.clients.delete(client);
    }
    this.sweepAt = Math.max(SWEEP_FLOOR, this.clients.size * 2);
  }
}

/**
 * The header that marks the GraphQL requests a server render makes for its page (server-render.ts):
 * the page holds the client's slot and its time counts theirs, so they are not counted again.
 * Its value is a secret of this process, so no client can send it.
 */
export const RENDER_REQUEST_HEADER = 'x-vitrine-render-request';
const RENDER_REQUEST_SECRET = randomBytes(24).toString('base64url');

/** The headers a server render's own GraphQL requests carry. */
export function renderRequestHeaders(): Record<string, string> {
  return { [RENDER_REQUEST_HEADER]: RENDER_REQUEST_SECRET };
}

/** Whether `request` is a GraphQL request made by this process's server render. */
export function isRenderRequest(request: FastifyRequest): boolean {
  const value = request.headers[RENDER_REQUEST_HEADER];
  if (typeof value !== 'string' || value.length !== RENDER_REQUEST_SECRET.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(RENDER_REQUEST_SECRET));
}

function seconds(count: number): string {
  return `${count} ${count === 1 ? 'segundo' : 'segundos'}`;
}

/** The refusal in Portuguese, for a person (the page) and for an API client (the error). */
export function clientRefusalMessage(refusal: ClientRefusal, limits: ClientLimits): string {
  const retry = seconds(refusal.retryAfterSeconds);
  return refusal.reason === 'SERVER_TIME'
    ? `Este endereço usou mais tempo do servidor do que o permitido (${limits.timeBudgetMs} ms a cada ${seconds(limits.timeWindowSeconds)}). Tente novamente em ${retry}.`
    : `Muitas requisições deste endereço ao mesmo tempo (no máximo ${limits.inFlight}). Tente novamente em ${retry}.`;
}

export function refusalPage(message: string): string {
  return (
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8" />' +
    '<meta name="viewport" content="width=device-width, initial-scale=1" />' +
    '<title>Muitas requisições · Vitrine</title></head><body>' +
    `<main><h1>Muitas requisições</h1><p>${escapeHtml(message)}</p></main></body></html>`
  );
}

/**
 * Admits `request` (its address: request.ip, an IPv6 one by its /64) through the gate, waiting in the queue if need be; on
 * refusal sends the 429 (a GraphQL error, or a page) and returns false. The slot is freed when the
 * response is over, sent or abandoned.
 */
export async function admitClient(
  gate: ClientGate,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: 'graphql' | 'page',
): Promise<boolean> {
  if (await request.staffPrincipal()) return true;
  const entry = gate.enter(clientOfAddress(request.ip));
  reply.raw.once('close', entry.leave);
  const refusal = await entry.admitted;
  if (!refusal) return true;
  const message = clientRefusalMessage(refusal, gate.limits);
  reply
    .code(429)
    .header('Retry-After', String(refusal.retryAfterSeconds))
    .header('Cache-Control', 'no-store');
  if (kind === 'page') {
    await reply.type('text/html; charset=utf-8').send(refusalPage(message));
  } else {
    await reply.send({
      data: null,
      errors: [
        {
          message,
          extensions: {
            code: 'RATE_LIMITED',
            limit: refusal.reason,
            retryAfterSeconds: refusal.retryAfterSeconds,
          },
        },
      ],
    });
  }
  return false;
}

/**
 * The gate for GraphQL requests (after the per-minute limit and the content-type check, which
 * graphql.ts registers before); static-app.ts calls admitClient for the storefront's pages.
 */
export const clientLimitsPlugin = fp(
  async (app) => {
    const limits = app.config.clientLimits;
    const gate = limits.inFlight > 0 || limits.timeBudgetMs > 0 ? new ClientGate(limits) : null;
    app.decorate('clientGate', gate);
    if (!gate) return;
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'POST') return;
      if (!isGraphqlRequest(request) || isRenderRequest(request)) return;
      if (!(await admitClient(gate, request, reply, 'graphql'))) return reply;
    });
  },
  { name: 'vitrine-client-limits', dependencies: ['vitrine-auth', 'vitrine-graphql'] },
);
