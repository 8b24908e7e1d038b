// The public order tracking (orderStatus) behind a throttle: order numbers are sequential, so
// wrong guesses are limited per client address and per e-mail (the target); a lookup that finds
// the order does not count (a shopper reloading the tracking page is never throttled), and the
// right number and e-mail are answered even while the e-mail is throttled, so guesses at a
// customer's e-mail cannot lock her out of her own order (see trackOrder for why that is not an
// oracle).
import type { Executor } from '../../db';
import { rateLimited } from '../../graphql/errors';
import { emailIdentityKey } from '../../lib/email-identity';
import { personalKeyPart } from '../../lib/personal-data';
import type { OrderRow } from './orders.tables';
import { customerEmailInput, findOrderForCustomer } from './orders.service';
import type { SlidingWindowCounters } from '../../lib/counters';

/** Wrong guesses allowed per client address in any TRACKING_WINDOW_MS. */
export const TRACKING_GUESSES_PER_CLIENT = 10;
/** Wrong guesses at one e-mail (from any number of addresses) before it is throttled. */
export const TRACKING_GUESSES_PER_EMAIL = 20;
/**
 * Wrong guesses one client address may make at one e-mail in any TRACKING_WINDOW_MS and still
 * be answered while that e-mail is throttled (a typo of the owner's, not a search).
 */
export const TRACKING_GUESSES_PER_CLIENT_AND_EMAIL = 2;
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
 * The order with this number and e-mail, or null (a wrong guess). Only failures are throttled,
 * in three sliding windows of TRACKING_WINDOW_MS, each counting wrong guesses:
 * - per client address (TRACKING_GUESSES_PER_CLIENT): past it the address is refused
 *   (RATE_LIMITED), the right pair included — those were its own guesses;
 * - per e-mail, whatever the address (TRACKING_GUESSES_PER_EMAIL): past it the e-mail is
 *   throttled, which no longer refuses everyone asking about it: a lookup from an address that
 *   has made fewer than TRACKING_GUESSES_PER_CLIENT_AND_EMAIL wrong guesses at this e-mail is
 *   still judged, so the customer, from her own connection, finds her order while someone else
 *   guesses at her e-mail; an address past that is refused;
 * - per client address and e-mail (TRACKING_GUESSES_PER_CLIENT_AND_EMAIL), for the rule above.
 *
 * Why answering the right pair on a throttled e-mail is no oracle: a lookup is judged only after
 * the asking address has paid for it in its own windows — one of its 10 guesses, and one of its
 * 2 at this e-mail — taken before the look-up (so parallel guesses cannot slip past) and given
 * back only when the order is found. A guess at a throttled e-mail therefore teaches what any
 * guess teaches (right or wrong: the same NOT_FOUND as always, so the e-mail's state is not
 * revealed either) and costs the guesser more than before: 2 guesses per address instead of 10
 * until the window passes, while the addresses that have not been guessing at it (the owner's)
 * keep their answer. A refused lookup is never judged, so it teaches nothing and costs nothing.
 * What the e-mail's window no longer does is stop a guesser with unlimited fresh addresses
 * outright: such a guesser pays one address per 2 guesses; the per-address window and the number
 * and e-mail needed together are what bound it, as for any order before its e-mail is targeted.
 */
export async function trackOrder(
  db: Executor,
  request: TrackingRequest,
  numberInput: unknown,
  emailInput: unknown,
): Promise<OrderRow | null> {
  // A malformed e-mail (quotes, invisible characters...) is BAD_USER_INPUT and counts nothing.
  const email = customerEmailInput(emailInput);
  // Hashed: the store (Redis) never holds the shopper's address or e-mail. The e-mail's
  // identity (nome+x@ is nome@) is the target, however the guesser spells it.
  const target = personalKeyPart(emailIdentityKey(email));
  const client = personalKeyPart(request.clientAddress);
  const { limits, now } = request;
  const taken: Array<[string, string]> = [];
  const giveBack = () => Promise.all(taken.map(([key, unit]) => limits.giveBack(key, unit)));
  const take = async (key: string, limit: number) => {
    const decision = await limits.take(key, limit, TRACKING_WINDOW_MS, now);
    if (decision.allowed && decision.unit) taken.push([key, decision.unit]);
    return decision;
  };
  const refuse = async (retryAfterMs: number): Promise<never> => {
    await giveBack();
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw rateLimited(seconds, `${TRACKING_THROTTLED_MESSAGE} em ${waitText(seconds)}.`);
  };

  const byClient = await take(`order-status:client:${client}`, TRACKING_GUESSES_PER_CLIENT);
  if (!byClient.allowed) return refuse(byClient.retryAfterMs);
  // Taken on every lookup, so the guesses made before the e-mail was throttled count too.
  const byPair = await take(
    `order-status:client-email:${personalKeyPart(`${client} ${target}`)}`,
    TRACKING_GUESSES_PER_CLIENT_AND_EMAIL,
  );
  const byEmail = await take(`order-status:email:${target}`, TRACKING_GUESSES_PER_EMAIL);
  if (!byEmail.allowed && !byPair.allowed) {
    // Either window passing lets this address ask again.
    return refuse(Math.min(byEmail.retryAfterMs, byPair.retryAfterMs));
  }
  const order = await findOrderForCustomer(db, numberInput, email);
  if (order) await giveBack();
  return order;
}

function waitText(seconds: number): string {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutos`;
  return `${Math.max(1, seconds)} ${seconds === 1 ? 'segundo' : 'segundos'}`;
}
