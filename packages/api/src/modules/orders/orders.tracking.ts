// The public order tracking (orderStatus) behind a throttle: order numbers are sequential, so
// wrong guesses are limited per client address and per e-mail; a lookup that finds the order does
// not count (a shopper reloading the tracking page is never throttled).
import type { Executor } from '../../db';
import { rateLimited } from '../../graphql/errors';
import type { OrderRow } from './orders.tables';
import { findOrderForCustomer } from './orders.service';
import type { SlidingWindowCounters } from '../../lib/counters';

/** Wrong guesses allowed per client address in any TRACKING_WINDOW_MS. */
export const TRACKING_GUESSES_PER_CLIENT = 10;
/** Wrong guesses allowed per e-mail (whatever the address) in any TRACKING_WINDOW_MS. */
export const TRACKING_GUESSES_PER_EMAIL = 20;
export const TRACKING_WINDOW_MS = 15 * 60_000;

export const TRACKING_THROTTLED_MESSAGE =
  'Muitas consultas de pedido sem sucesso. Confira o número do pedido e o e-mail e tente novamente';

/** The sliding-window counters of the server's rate-limit store. */
export type TrackingLimits = SlidingWindowCounters;

export interface TrackingRequest {
  limits: TrackingLimits;
  /** The client's address (request.ip). */
  clientAddress: string;
  now: number;
}

/**
 * The order with this number and e-mail, or null; throws RATE_LIMITED once the client address or
 * the e-mail has used up its wrong guesses. Each lookup takes one unit of both windows first (so
 * parallel guesses cannot slip past) and gives both back when the order is found.
 */
export async function trackOrder(
  db: Executor,
  request: TrackingRequest,
  numberInput: unknown,
  emailInput: unknown,
): Promise<OrderRow | null> {
  // As orderStatus compares it: trimmed, lower case (only the exact address finds an order).
  const email = typeof emailInput === 'string' ? emailInput.slice(0, 320).trim().toLowerCase() : '';
  const keys: Array<[string, number]> = [
    [`order-status:client:${request.clientAddress}`, TRACKING_GUESSES_PER_CLIENT],
    [`order-status:email:${email}`, TRACKING_GUESSES_PER_EMAIL],
  ];
  const taken: Array<[string, string]> = [];
  const giveBack = () =>
    Promise.all(taken.map(([key, unit]) => request.limits.giveBack(key, unit)));
  for (const [key, limit] of keys) {
    const decision = await request.limits.take(key, limit, TRACKING_WINDOW_MS, request.now);
    if (!decision.allowed) {
      await giveBack();
      const seconds = Math.ceil(decision.retryAfterMs / 1000);
      throw rateLimited(seconds, `${TRACKING_THROTTLED_MESSAGE} em ${waitText(seconds)}.`);
    }
    if (decision.unit) taken.push([key, decision.unit]);
  }
  const order = await findOrderForCustomer(db, numberInput, emailInput);
  if (order) await giveBack();
  return order;
}

function waitText(seconds: number): string {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutos`;
  return `${Math.max(1, seconds)} ${seconds === 1 ? 'segundo' : 'segundos'}`;
}
