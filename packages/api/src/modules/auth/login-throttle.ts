// Brute-force protection of the staff login:
// - per account+IP, an exponential delay: after the n-th failure the next attempt waits
//   2^(n-1) s (capped at 1 h); attempts inside the delay are refused before any password check,
//   and only one attempt per account+IP is evaluated at a time;
// - per account from any address, at most 20 evaluated failures in any hour (a sliding window).
// A browser holding a valid device cookie of the account (device-cookie.ts) is trusted instead:
// its attempts skip the per-account budget and the account+IP delay, and get their own ones per
// device: the same exponential delay, one attempt at a time, and at most 5 failures in any hour.
// So guesses from many addresses lock out untrusted clients only, never the owner's browser, and
// wrong passwords from one device lock that device only.
// Nothing is permanent: delays expire and the password reset keeps working.
// And what the logins of one client may cost, across every account (LoginHashBudget): at most so
// many password checks per address in any minute and any hour (an unknown e-mail's dummy check
// counts: it costs the same scrypt), taken before the account's limits and the check itself.
import { createHash } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { BackoffPolicy, Decision, RateLimitStore } from './rate-limit';

export const LOGIN_BACKOFF: BackoffPolicy = {
  baseDelayMs: 1000,
  maxDelayMs: 60 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
  leaseMs: 30 * 1000,
};
export const ACCOUNT_FAILURES_PER_HOUR = 20;
export const DEVICE_FAILURES_PER_HOUR = 5;
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
    return {
      pairPrefix: `login:pair:${account}:`,
      accountKey: `login:account:${account}`,
      devicePrefix: `login:device:${account}:`,
    };
  }

  /**
   * Forgets every delay and failure of the account (after a successful password reset: the owner
   * proved control of the mailbox, and the old password's guesses are moot).
   */
  async clearAccount(email: string): Promise<void> {
    const { pairPrefix, accountKey, devicePrefix } = LoginThrottle.#keys(email);
    await this.#store.clearPrefix(pairPrefix);
    await this.#store.clear(accountKey);
    await this.#store.clearPrefix(devicePrefix);
  }

  /**
   * Reserves one login attempt. `device`: the nonce of a valid device cookie of this account
   * (DeviceCookies.verify), or null for an untrusted client.
   */
  async reserve(email: string, ip: string, device: string | null = null): Promise<ReserveResult> {
    const keys = LoginThrottle.#keys(email);
    // A trusted device has its own delay and budget; anyone else, the account+IP delay and the
    // account's budget.
    const { delayKey, budgetKey, limit } =
      device === null
        ? {
            delayKey: `${keys.pairPrefix}${digest(ip)}`,
            budgetKey: keys.accountKey,
            limit: ACCOUNT_FAILURES_PER_HOUR,
          }
        : {
            delayKey: `${keys.devicePrefix}${digest(device)}:delay`,
            budgetKey: `${keys.devicePrefix}${digest(device)}:budget`,
            limit: DEVICE_FAILURES_PER_HOUR,
          };
    const now = this.#now();
    const delay: Decision = await this.#store.reserveAttempt(delayKey, now, LOGIN_BACKOFF);
    if (!delay.allowed) return { allowed: false, retryAfterMs: delay.retryAfterMs };
    // The budget is taken up front so parallel attempts from many addresses cannot overshoot
    // it; a success gives its unit back, since only failures count.
    const budget = await this.#store.take(budgetKey, limit, HOUR_MS, now);
    if (!budget.allowed) {
      await this.#store.releaseAttempt(delayKey);
      return { allowed: false, retryAfterMs: budget.retryAfterMs };
    }
    const store = this.#store;
    const clock = this.#now;
    const unit = budget.unit!;
    return {
      allowed: true,
      reservation: {
        async settle(outcome) {
          if (outcome === 'success') {
            await store.clear(delayKey);
            await store.giveBack(budgetKey, unit);
          } else {
            await store.recordFailure(delayKey, clock(), LOGIN_BACKOFF);
          }
        },
        async release() {
          await store.releaseAttempt(delayKey);
          await store.giveBack(budgetKey, unit);
        },
      },
    };
  }
}

/** The logins' password checks allowed per client (Config.passwordHashing); 0 turns one off. */
export interface LoginHashLimits {
  loginPerClientPerMinute: number;
  loginPerClientPerHour: number;
  loginInFlightPerClient: number;
}

const MINUTE_MS = 60 * 1000;
/** Retry-After of a login refused while the same client's previous one is still checked. */
const IN_FLIGHT_RETRY_MS = 1000;

/**
 * The client an address stands for: an IPv4 address (IPv4-mapped IPv6 included) as it is, an IPv6
 * address by its /64, the block one subscriber usually gets (so one client cannot step through
 * the addresses of its own network to get a fresh budget each time).
 */
export function clientOfAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface HashTicket {
  /** The check did not run after all (refused later, queue full): the units go back. */
  giveBack(): Promise<void>;
  /** The login is over: the client's in-flight slot frees (idempotent). */
  finish(): void;
}

export type HashBudgetResult =
  | { allowed: true; ticket: HashTicket }
  /** `audit`: refused by the minute or hour window (worth one audit entry per period). */
  | { allowed: false; retryAfterMs: number; audit: boolean };

/**
 * What one client's logins may cost across every account: one unit per password check (the
 * dummy check of an unknown e-mail too), in a window of a minute and one of an hour per client
 * address, and a few checks under way at once per process (so one address's allowance cannot
 * fill the hashing queue in a burst). A browser with a valid device cookie of the account counts
 * on a budget of that account's trusted devices instead, so a flood from the owner's address (a
 * shared office or mobile network) never locks the owner's browser out, as with the per-account
 * limits.
 */
export class LoginHashBudget {
  readonly #store: RateLimitStore;
  readonly #now: () => number;
  readonly #limits: LoginHashLimits;
  readonly #inFlight = new Map<string, number>();

  constructor(store: RateLimitStore, now: () => number, limits: LoginHashLimits) {
    this.#store = store;
    this.#now = now;
    this.#limits = limits;
  }

  async take(email: string, ip: string, device: string | null): Promise<HashBudgetResult> {
    const base =
      device === null
        ? `login:hashes:client:${digest(clientOfAddress(ip))}`
        : `login:hashes:trusted:${digest(email)}`;
    const limit = this.#limits.loginInFlightPerClient;
    const running = this.#inFlight.get(base) ?? 0;
    if (limit > 0 && running >= limit) {
      return { allowed: false, retryAfterMs: IN_FLIGHT_RETRY_MS, audit: false };
    }
    this.#inFlight.set(base, running + 1);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      const left = (this.#inFlight.get(base) ?? 1) - 1;
      if (left > 0) this.#inFlight.set(base, left);
      else this.#inFlight.delete(base);
    };
    const windows = [
      { key: `${base}:minute`, limit: this.#limits.loginPerClientPerMinute, windowMs: MINUTE_MS },
      { key: `${base}:hour`, limit: this.#limits.loginPerClientPerHour, windowMs: HOUR_MS },
    ].filter((window) => window.limit > 0);
    const taken: Array<{ key: string; unit: string }> = [];
    const store = this.#store;
    const giveBack = async () => {
      for (const { key, unit } of taken.splice(0)) await store.giveBack(key, unit);
    };
    try {
      const now = this.#now();
      for (const window of windows) {
        const decision = await store.take(window.key, window.limit, window.windowMs, now);
        if (!decision.allowed) {
          await giveBack();
          finish();
          return { allowed: false, retryAfterMs: decision.retryAfterMs, audit: true };
        }
        taken.push({ key: window.key, unit: decision.unit! });
      }
    } catch (err) {
      finish();
      throw err;
    }
    return { allowed: true, ticket: { giveBack, finish } };
  }
}

/**
 * Whether a login refused by the client's budget should be written to the audit log: the first
 * of each period per client, however many e-mails the refused attempts name.
 */
export async function takeClientThrottledAuditSlot(
  store: RateLimitStore,
  ip: string,
  now: number,
): Promise<boolean> {
  const key = `login:audit-client-throttled:${digest(clientOfAddress(ip))}`;
  const decision = await store.take(key, 1, THROTTLED_AUDIT_INTERVAL_MS, now);
  return decision.allowed;
}

/** Failed two-factor codes of one account (GraphQL enrolment and changes) in any hour. */
export const TWO_FACTOR_FAILURES_PER_HOUR = 10;

/**
 * Reserves one two-factor code check of a signed-in account (enrolment, disabling, new recovery
 * codes): the login's exponential delay and an hourly budget of failures, on keys of their own.
 * (Codes typed at the login count as login attempts: LoginThrottle.)
 */
export async function reserveTwoFactorCode(
  store: RateLimitStore,
  staffId: string,
  now: () => number,
): Promise<ReserveResult> {
  const account = digest(staffId);
  const delayKey = `2fa:delay:${account}`;
  const budgetKey = `2fa:budget:${account}`;
  const delay = await store.reserveAttempt(delayKey, now(), LOGIN_BACKOFF);
  if (!delay.allowed) return { allowed: false, retryAfterMs: delay.retryAfterMs };
  const budget = await store.take(budgetKey, TWO_FACTOR_FAILURES_PER_HOUR, HOUR_MS, now());
  if (!budget.allowed) {
    await store.releaseAttempt(delayKey);
    return { allowed: false, retryAfterMs: budget.retryAfterMs };
  }
  const unit = budget.unit!;
  return {
    allowed: true,
    reservation: {
      async settle(outcome) {
        if (outcome === 'success') {
          await store.clear(delayKey);
          await store.giveBack(budgetKey, unit);
        } else {
          await store.recordFailure(delayKey, now(), LOGIN_BACKOFF);
        }
      },
      async release() {
        await store.releaseAttempt(delayKey);
        await store.giveBack(budgetKey, unit);
      },
    },
  };
}

/** At most one audit entry of refused (throttled) logins per account and address in this period. */
export const THROTTLED_AUDIT_INTERVAL_MS = 60 * 1000;

/**
 * Whether a throttled login should be written to the audit log: the first of each period per
 * account+address, so a flood of refused attempts (which cost the server nothing) cannot flood
 * the append-only log.
 */
export async function takeThrottledAuditSlot(
  store: RateLimitStore,
  email: string,
  ip: string,
  now: number,
): Promise<boolean> {
  const key = `login:audit-throttled:${digest(email)}:${digest(ip)}`;
  const decision = await store.take(key, 1, THROTTLED_AUDIT_INTERVAL_MS, now);
  return decision.allowed;
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

/** Reset-link checks (the reset page opening) per client address: a page load is one check. */
export const RESET_CHECKS_PER_IP_PER_HOUR = 30;

/** Counts one reset-link check from this address; refused beyond the hourly budget. */
export async function takeResetCheck(
  store: RateLimitStore,
  ip: string,
  now: number,
): Promise<Decision> {
  return store.take(`reset-check:ip:${digest(ip)}`, RESET_CHECKS_PER_IP_PER_HOUR, HOUR_MS, now);
}

/** "Muitas tentativas. Tente novamente em N segundos." with N rounded up. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const unit = retryAfterSeconds === 1 ? 'segundo' : 'segundos';
  return `Muitas tentativas. Tente novamente em ${retryAfterSeconds} ${unit}.`;
}
