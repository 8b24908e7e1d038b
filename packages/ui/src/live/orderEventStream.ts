// The staff's live order events: GET /admin/events read with fetch and a streaming body reader
// (not EventSource, which cannot send the Authorization header: a token never goes in a URL).
// It uses the host's raw fetch (auth.env.fetch), NOT auth.fetch: SPEC's global loading indicator
// counts each request until it ends, and this one never ends, so it must not be counted.
import { isDashboardUrl, type Auth } from '@vitrine/auth';

import { parseOrderLiveEvent, type OrderLiveEvent } from './orderLiveEvent';
import { SseParser } from './sseParser';

export const ORDER_EVENTS_PATH = '/admin/events';
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * idle: not connected (disabled, or off the dashboard); connecting: the first attempt;
 * open: receiving; reconnecting: the stream dropped or failed and a new attempt is due.
 */
export type OrderEventsStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface OrderEventStreamOptions {
  auth: Auth;
  onEvent(event: OrderLiveEvent): void;
  onStatus?(status: OrderEventsStatus): void;
  /**
   * The stream is open again after a drop (or the server lost its own database listener): events
   * may have been missed in between, so a screen reloads what it shows.
   */
  onResync?(): void;
  /** A new attempt is scheduled in `delayMs` (diagnostics, tests). */
  onRetryScheduled?(delayMs: number): void;
  /** Backoff bounds (tests shorten them). */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/** The wait before reconnection attempt `attempt` (0-based): 1 s, 2 s, 4 s … at most 30 s. */
export function reconnectDelay(
  attempt: number,
  minMs: number = RECONNECT_MIN_MS,
  maxMs: number = RECONNECT_MAX_MS,
): number {
  return Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
}

type Outcome = 'dropped' | 'expired' | 'unauthorized' | 'failed' | 'stopped';

/** A stream that stayed open this long and then dropped starts the backoff over at 1 s. */
export const STABLE_STREAM_MS = 10_000;

/** Opens the stream and keeps it open until the returned function is called. */
export function connectOrderEvents(options: OrderEventStreamOptions): () => void {
  const { auth } = options;
  const minMs = options.minDelayMs ?? RECONNECT_MIN_MS;
  const maxMs = options.maxDelayMs ?? RECONNECT_MAX_MS;
  const controller = new AbortController();
  const { signal } = controller;
  let status: OrderEventsStatus | null = null;
  const setStatus = (next: OrderEventsStatus) => {
    if (next === status || signal.aborted) return;
    status = next;
    options.onStatus?.(next);
  };
  let wasOpen = false;
  let openedAt = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  async function openOnce(): Promise<Outcome> {
    const token = auth.tokens.getAccessToken();
    if (token === null) return 'unauthorized';
    let response: Response;
    try {
      response = await auth.env.fetch(auth.apiUrl(ORDER_EVENTS_PATH), {
        method: 'GET',
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal,
      });
    } catch {
      return signal.aborted ? 'stopped' : 'failed';
    }
    if (response.status === 401) return 'unauthorized';
    // Anything but an event stream (a proxy's HTML page, say) is a failure: back off.
    const contentType = response.headers.get('Content-Type') ?? '';
    if (!response.ok || response.body === null || !contentType.startsWith('text/event-stream')) {
      response.body?.cancel().catch(() => undefined);
      return 'failed';
    }

    setStatus('open');
    openedAt = Date.now();
    if (wasOpen) options.onResync?.();
    wasOpen = true;
    let outcome: Outcome | null = null;
    const parser = new SseParser({
      onMessage: (message) => {
        if (message.event === 'order') {
          const event = parseOrderLiveEvent(message.data);
          if (event) options.onEvent(event);
        } else if (message.event === 'expired') {
          outcome = 'expired';
        } else if (message.event === 'resync') {
          options.onResync?.();
        }
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      while (outcome === null) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // The connection broke (or was aborted below).
    } finally {
      reader.cancel().catch(() => undefined);
    }
    if (signal.aborted) return 'stopped';
    return outcome ?? 'dropped';
  }

  async function run(): Promise<void> {
    let attempt = 0;
    let refreshedForThisAttempt = false;
    while (!signal.aborted) {
      // SPEC: the Authorization header only goes with requests made on a dashboard URL.
      if (!isDashboardUrl(auth.env.currentUrl())) {
        setStatus('idle');
        return;
      }
      setStatus(wasOpen || attempt > 0 ? 'reconnecting' : 'connecting');
      const outcome = await openOnce();
      if (outcome === 'stopped' || signal.aborted) return;
      if (outcome === 'expired') {
        // The server ended the stream as the access token expired: come back with a fresh one.
        setStatus('reconnecting');
        await auth.refresh();
        attempt = 0;
        continue;
      }
      if (outcome === 'unauthorized' && !refreshedForThisAttempt) {
        // As the rest of the app: a 401 means refresh the access token, then try once more.
        refreshedForThisAttempt = true;
        setStatus('reconnecting');
        if ((await auth.refresh()) !== null) continue;
      }
      // A server that accepts and at once closes must not be hammered every second.
      if (outcome === 'dropped' && Date.now() - openedAt >= STABLE_STREAM_MS) attempt = 0;
      refreshedForThisAttempt = false;
      setStatus('reconnecting');
      const delay = reconnectDelay(attempt, minMs, maxMs);
      options.onRetryScheduled?.(delay);
      await sleep(delay);
      attempt += 1;
    }
  }

  void run();
  return () => controller.abort();
}
