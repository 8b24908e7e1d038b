// The live stream's client against the MSW handler of GET /admin/events (jsdom): events, the
// Bearer header, reconnection after a drop, a fresh token after `event: expired` or a 401.
import { createAuth, type Auth } from '@vitrine/auth';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createBrowserAuthEnvironment } from '../auth';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  LIVE_EVENTS_URL,
  LIVE_UNAUTHENTICATED_DETAIL,
  liveEventsMock,
  makeMockJwt,
  makeOrderLiveEvent,
} from '../mocks';
import { server } from '../mocks/server';
import type { OrderLiveEvent } from './orderLiveEvent';
import {
  connectOrderEvents,
  reconnectDelay,
  type OrderEventsStatus,
  type OrderEventStreamOptions,
} from './orderEventStream';

const stops: Array<() => void> = [];
const sessions: Auth[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const auth of sessions.splice(0)) auth.dispose();
});

async function signedIn(url = 'http://localhost/dashboard') {
  const auth = createAuth(
    createBrowserAuthEnvironment({ navigate: () => undefined, currentUrl: () => url }),
  );
  sessions.push(auth);
  await auth.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false });
  return auth;
}

/** Connects and records what the client reports, until the test ends. */
function connect(auth: Auth, extra: Partial<OrderEventStreamOptions> = {}) {
  const events: OrderLiveEvent[] = [];
  const statuses: OrderEventsStatus[] = [];
  const delays: number[] = [];
  let resyncs = 0;
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const waiter of [...waiters]) waiter();
  };
  stops.push(
    connectOrderEvents({
      auth,
      minDelayMs: 5,
      maxDelayMs: 20,
      onEvent: (event) => {
        events.push(event);
        changed();
      },
      onStatus: (status) => {
        statuses.push(status);
        changed();
      },
      onResync: () => {
        resyncs += 1;
        changed();
      },
      onRetryScheduled: (ms) => {
        delays.push(ms);
        changed();
      },
      ...extra,
    }),
  );
  const until = (condition: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (condition()) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      check();
    });
  return { events, statuses, delays, resyncs: () => resyncs, until };
}

describe('connectOrderEvents', () => {
  it('opens the stream with the access token in the Authorization header and hands over each order event', async () => {
    const auth = await signedIn();
    const client = connect(auth);
    await liveEventsMock.whenOpen();
    expect(liveEventsMock.authorizations()).toEqual([`Bearer ${auth.tokens.getAccessToken()}`]);

    const placed = makeOrderLiveEvent({ number: 'VT-2001' });
    const paid = makeOrderLiveEvent({
      type: 'paid',
      number: 'VT-2001',
      status: 'PAID',
      paymentStatus: 'PAID',
    });
    liveEventsMock.heartbeat();
    expect(liveEventsMock.push(placed)).toBe(1);
    liveEventsMock.push(paid);
    await client.until(() => client.events.length === 2);
    expect(client.events).toEqual([placed, paid]);
    expect(client.statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects after a dropped connection and asks the screen to reload (events may be lost)', async () => {
    const auth = await signedIn();
    const client = connect(auth);
    await liveEventsMock.whenOpen();
    liveEventsMock.drop();
    await client.until(() => client.resyncs() === 1);
    expect(client.statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    await liveEventsMock.whenOpen();
    liveEventsMock.push(makeOrderLiveEvent({ number: 'VT-2002' }));
    await client.until(() => client.events.length === 1);
    expect(client.events[0]?.number).toBe('VT-2002');
  });

  it('keeps trying while the server is unreachable, then connects', async () => {
    const auth = await signedIn();
    server.use(...liveEventsMock.fails());
    const client = connect(auth);
    await client.until(() => client.statuses.includes('reconnecting'));
    // The server is back.
    server.resetHandlers(...liveEventsMock.handlers());
    await client.until(() => client.statuses.at(-1) === 'open');
    expect(client.statuses[0]).toBe('connecting');
  });

  it('backs off 1 s, 2 s, 4 s … (here 5, 10, 20 ms) while attempts fail, also on an answer that is not an event stream', async () => {
    const auth = await signedIn();
    let answered = 0;
    server.use(
      http.get(LIVE_EVENTS_URL, () => {
        answered += 1;
        // Every other attempt, a page instead of a stream (a misrouted proxy).
        return answered % 2 === 0
          ? HttpResponse.html('<!doctype html><title>Vitrine</title>')
          : HttpResponse.error();
      }),
    );
    const client = connect(auth);
    await client.until(() => client.delays.length >= 5 || client.statuses.includes('open'));
    expect(client.delays.slice(0, 5)).toEqual([5, 10, 20, 20, 20]);
    expect(client.statuses).toEqual(['connecting', 'reconnecting']);
  });

  it('does not start the backoff over when a stream closes as soon as it opens', async () => {
    const auth = await signedIn();
    server.use(
      http.get(
        LIVE_EVENTS_URL,
        () =>
          new HttpResponse(': connected\n\n', {
            headers: { 'Content-Type': 'text/event-stream' },
          }),
      ),
    );
    const client = connect(auth);
    await client.until(() => client.delays.length >= 3);
    expect(client.delays.slice(0, 3)).toEqual([5, 10, 20]);
  });

  it('comes back with a fresh token when the server ends the stream with `event: expired`', async () => {
    const auth = await signedIn();
    const refreshes: string[] = [];
    server.use(
      http.post('*/auth/token/refresh/', () => {
        refreshes.push('refresh');
        return undefined;
      }),
    );
    const client = connect(auth);
    await liveEventsMock.whenOpen();
    liveEventsMock.expire();
    await client.until(() => client.resyncs() === 1);
    expect(refreshes).toHaveLength(1);
    expect(liveEventsMock.requestCount).toBe(2);
    expect(liveEventsMock.openCount).toBe(1);
  });

  it('refreshes the access token on a 401 and tries again with the new one', async () => {
    const auth = await signedIn();
    const stale = makeMockJwt({
      sub: 'staff-1',
      type: 'access',
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    auth.tokens.saveAccessToken(stale);
    const client = connect(auth);
    await client.until(() => client.statuses.at(-1) === 'open');
    const fresh = auth.tokens.getAccessToken();
    expect(fresh).not.toBe(stale);
    expect(liveEventsMock.authorizations()).toEqual([`Bearer ${fresh}`]);
    expect(liveEventsMock.requestCount).toBe(2);
  });

  it('stops for good when the caller stops it: the request is aborted', async () => {
    const auth = await signedIn();
    const client = connect(auth);
    await client.until(() => client.statuses.at(-1) === 'open');
    stops.pop()!();
    await vi.waitFor(() => expect(liveEventsMock.openCount).toBe(0));
    expect(liveEventsMock.push(makeOrderLiveEvent())).toBe(0);
    expect(client.events).toEqual([]);
    expect(client.statuses).toEqual(['connecting', 'open']);
    expect(liveEventsMock.requestCount).toBe(1);
  });

  it('never connects off the dashboard (no Authorization header outside it)', async () => {
    const auth = await signedIn('http://localhost/dashboard');
    const storefront = createAuth(
      createBrowserAuthEnvironment({
        navigate: () => undefined,
        currentUrl: () => 'http://localhost/produtos',
      }),
    );
    sessions.push(storefront);
    storefront.tokens.saveAccessToken(auth.tokens.getAccessToken()!);
    const client = connect(storefront);
    expect(client.statuses).toEqual(['idle']);
    expect(liveEventsMock.requestCount).toBe(0);
  });
});

describe('reconnectDelay', () => {
  it('waits 1 s, 2 s, 4 s … and never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((attempt) => reconnectDelay(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('the mock of GET /admin/events', () => {
  it('refuses a request without a live token, as the server does', async () => {
    const anonymous = await fetch('http://localhost/admin/events');
    expect(anonymous.status).toBe(401);
    const expired = makeMockJwt({ sub: 'staff-1', type: 'access', exp: 1 });
    const stale = await fetch('http://localhost/admin/events', {
      headers: { Authorization: `Bearer ${expired}` },
    });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ detail: LIVE_UNAUTHENTICATED_DETAIL });
  });
});
