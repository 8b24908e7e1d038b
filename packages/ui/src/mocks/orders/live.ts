// MSW handler for GET /admin/events (the staff's live order events), answering as packages/api
// does: 401 without a live access token, else a text/event-stream that stays open. Stories and
// tests push events into every open stream: `liveEventsMock.push(makeOrderLiveEvent(...))`, end
// them (`drop()`: a lost connection; `expire()`: the token ran out), or replace the handler
// (`parameters.msw.handlers = { live: liveEventsMock.fails() }`).
import { delay, http, HttpResponse, type HttpHandler } from 'msw';

import type { OrderLiveEvent } from '../../live/orderLiveEvent';
import { isLiveMockToken } from '../auth/jwt';

export const LIVE_EVENTS_URL = '*/admin/events';
export const LIVE_UNAUTHENTICATED_DETAIL = 'Faça login para continuar.';

const encoder = new TextEncoder();

/** An order event with sensible defaults: a new Pix order awaiting payment, now. */
export function makeOrderLiveEvent(overrides: Partial<OrderLiveEvent> = {}): OrderLiveEvent {
  return {
    type: 'placed',
    id: 'order-live-1',
    number: 'VT-1042',
    status: 'PENDING_PAYMENT',
    paymentStatus: 'PENDING',
    fulfilmentStatus: 'UNFULFILLED',
    at: new Date().toISOString(),
    ...overrides,
  };
}

interface OpenStream {
  controller: ReadableStreamDefaultController<Uint8Array>;
  authorization: string;
}

const open = new Set<OpenStream>();
const openWaiters = new Set<() => void>();
let requests = 0;

function send(stream: OpenStream, text: string): boolean {
  try {
    stream.controller.enqueue(encoder.encode(text));
    return true;
  } catch {
    // The client went away: its stream is closed.
    open.delete(stream);
    return false;
  }
}

function end(stream: OpenStream): void {
  open.delete(stream);
  try {
    stream.controller.close();
  } catch {
    // Already closed by the client.
  }
}

function bearer(request: Request): string | undefined {
  return request.headers.get('Authorization')?.match(/^Bearer (.+)$/)?.[1];
}

const stream = http.get(LIVE_EVENTS_URL, ({ request }) => {
  requests += 1;
  const token = bearer(request);
  if (token === undefined || !isLiveMockToken(token, 'access')) {
    return HttpResponse.json(
      { detail: LIVE_UNAUTHENTICATED_DETAIL },
      { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } },
    );
  }
  let entry: OpenStream | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      entry = { controller, authorization: `Bearer ${token}` };
      open.add(entry);
      controller.enqueue(encoder.encode('retry: 3000\n: connected\n\n'));
      for (const waiter of [...openWaiters]) waiter();
    },
    cancel() {
      if (entry) open.delete(entry);
    },
  });
  request.signal.addEventListener('abort', () => {
    if (entry) end(entry);
  });
  return new HttpResponse(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, no-transform',
    },
  });
});

export const liveEventsMock = {
  domain: 'live',
  /** The default handler; closes the streams of a previous story or test. */
  handlers(): HttpHandler[] {
    for (const entry of [...open]) end(entry);
    requests = 0;
    return [stream];
  },
  /** Sends an order event to every open stream; returns how many received it. */
  push(event: OrderLiveEvent): number {
    let delivered = 0;
    for (const entry of [...open]) {
      if (send(entry, `event: order\ndata: ${JSON.stringify(event)}\n\n`)) delivered += 1;
    }
    return delivered;
  },
  /** Sends a heartbeat comment (ignored by clients). */
  heartbeat(): void {
    for (const entry of [...open]) send(entry, ': heartbeat\n\n');
  },
  /** Ends every open stream as a lost connection would. */
  drop(): void {
    for (const entry of [...open]) end(entry);
  },
  /** Ends every open stream with `event: expired`, as the server does when the token expires. */
  expire(): void {
    for (const entry of [...open]) {
      send(entry, 'event: expired\ndata: {}\n\n');
      end(entry);
    }
  },
  /** Streams open now. */
  get openCount(): number {
    return open.size;
  },
  /** Requests received since the handlers were (re)created, refused ones included. */
  get requestCount(): number {
    return requests;
  },
  /** The Authorization header of each open stream. */
  authorizations(): string[] {
    return [...open].map((entry) => entry.authorization);
  },
  /** Resolves when at least `count` streams are open. */
  whenOpen(count = 1): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (open.size >= count) {
          openWaiters.delete(check);
          resolve();
        }
      };
      openWaiters.add(check);
      check();
    });
  },
  /** The server is unreachable (every attempt fails at the network). */
  fails(): HttpHandler[] {
    return [http.get(LIVE_EVENTS_URL, () => HttpResponse.error())];
  },
  /** The server answers 503 (e.g. its database listener is down). */
  unavailable(): HttpHandler[] {
    return [
      http.get(LIVE_EVENTS_URL, async () => {
        await delay(50);
        return HttpResponse.json(
          { detail: 'Atualizações ao vivo indisponíveis no momento. Tente de novo.' },
          { status: 503 },
        );
      }),
    ];
  },
};
