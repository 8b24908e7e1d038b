// Brute-force protection of the staff login:
// - per account+IP, an exponential delay: after the n-th failure the next attempt waits
//   2^(n-1) s (capped at 1 h); attempts inside the delay are refused before any password check,
//   and only one attempt per account+IP is evaluated at a time;
// - per account from any address, at most 20 evaluated failures in any hour (a sliding window).
// Nothing is permanent: delays expire and the password reset keeps working.
import { createHash } from 'node:crypto';
import type { BackoffPolicy, Decision, RateLimitStore } from './rate-limit';

export const LOGIN_BACKOFF: BackoffPolicy = {
  baseDelayMs: 1000,
  maxDelayMs: 60 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
  leaseMs: 30 * 1000,
};
export const ACCOUNT_FAILURES_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

function digest(value: string): string {
  // Keys never hold an e-mail in clear (Redis may be shared or dumped).
  return createHash('sha256').update(value).digest('base64url').slice(0, 24);
}

export interface LoginReservation {
  /** Settles the attempt: a success clears the account+IP delay; a failure counts. */
  settle(outcome: 'success' | 'failure'): Promise<void>;
  /** The attempt was not evaluated (e.g. a crash): leave the counters as they were. */
  release(): Promise<void>;
}

export type ReserveResult =
  { allowed: true; reservation: LoginReservation } | { allowed: false; retryAfterMs: number };

export class LoginThrottle {
  readonly #store: RateLimitStore;
  readonly #now: () => number;

  constructor(store: RateLimitStore, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  /** The keys of one account: its pairs (one per address) share a prefix, so all can be cleared. */
  static #keys(email: string) {
    const account = digest(email);
    return { pairPrefix: `login:pair:${account}:`, accountKey: `login:account:${account}` };
  }

  /**
   * Forgets every delay and failure of the account (after a successful password reset: the owner
   * proved control of the mailbox, and the old password's guesses are moot).
   */
  async clearAccount(email: string): Promise<void> {
    const { pairPrefix, accountKey } = LoginThrottle.#keys(email);
    await this.#store.clearPrefix(pairPrefix);
    await this.#store.clear(accountKey);
  }

  async reserve(email: string, ip: string): Promise<ReserveResult> {
    const { pairPrefix, accountKey } = LoginThrottle.#keys(email);
    const pairKey = `${pairPrefix}${digest(ip)}`;
    const now = this.#now();
    const pair: Decision = await this.#store.reserveAttempt(pairKey, now, LOGIN_BACKOFF);
    if (!pair.allowed) return { allowed: false, retryAfterMs: pair.retryAfterMs };
    // The account budget is taken up front so parallel attempts from many addresses cannot
    // overshoot it; a success gives its unit back, since only failures count.
    const account = await this.#store.take(accountKey, ACCOUNT_FAILURES_PER_HOUR, HOUR_MS, now);
    if (!account.allowed) {
      await this.#store.releaseAttempt(pairKey);
      return { allowed: false, retryAfterMs: account.retryAfterMs };
    }
    const store = this.#store;
    const clock = this.#now;
    const unit = account.unit!;
    return {
      allowed: true,
      reservation: {
        async settle(outcome) {
          if (outcome === 'success') {
            await store.clear(pairKey);
            await store.giveBack(accountKey, unit);
          } else {
            await store.recordFailure(pairKey, clock(), LOGIN_BACKOFF);
          }
        },
        async release() {
          await store.releaseAttempt(pairKey);
          await store.giveBack(accountKey, unit);
        },
      },
    };
  }
}

export const RESET_REQUESTS_PER_IP_PER_HOUR = 20;
export const RESET_REQUESTS_PER_EMAIL_PER_HOUR = 5;

/** Limits password reset requests per client IP and per e-mail address. */
export async function takeResetRequest(
  store: RateLimitStore,
  email: string,
  ip: string,
  now: number,
): Promise<Decision> {
  const byIp = await store.take(
    `reset:ip:${digest(ip)}`,
    RESET_REQUESTS_PER_IP_PER_HOUR,
    HOUR_MS,
    now,
  );
  if (!byIp.allowed) return byIp;
  return store.take(
    `reset:email:${digest(email)}`,
    RESET_REQUESTS_PER_EMAIL_PER_HOUR,
    HOUR_MS,
    now,
  );
}

/** "Muitas tentativas. Tente novamente em N segundos." with N rounded up. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const unit = retryAfterSeconds === 1 ? 'segundo' : 'segundos';
  return `Muitas tentativas. Tente novamente em ${retryAfterSeconds} ${unit}.`;
}
