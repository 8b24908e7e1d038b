// Counters behind the brute-force and reset limits. Memory for one process; Redis when REDIS_URL is
// set, so every instance behind the load balancer shares them. Each operation is atomic.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { loadIoredis } from '../../lib/lazy-modules';

export interface Decision {
  allowed: boolean;
  /** When not allowed: how long until trying again makes sense, in milliseconds. */
  retryAfterMs: number;
}

/** A `take` decision; when allowed, `unit` names the unit taken (for `giveBack`). */
export interface TakeDecision extends Decision {
  unit?: string;
}

export interface BackoffPolicy {
  /** Delay after the first failure; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The failure count is forgotten this long after the last failure (so never permanent). */
  forgetAfterMs: number;
  /** How long a reserved (in-flight) attempt blocks others if it is never settled. */
  leaseMs: number;
}

export interface RateLimitStore {
  /**
   * Reserves the right to evaluate one attempt on `key`: refused while the key's delay runs or
   * while another attempt on it is being evaluated. Settle with `recordFailure` or `clear`
   * (success), or `releaseAttempt` (not evaluated after all).
   */
  reserveAttempt(key: string, now: number, policy: BackoffPolicy): Promise<Decision>;
  /** Counts a failure: the next attempt must wait baseDelay * 2^(failures-1), capped. */
  recordFailure(key: string, now: number, policy: BackoffPolicy): Promise<void>;
  releaseAttempt(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Clears every key that starts with `prefix` (rare: e.g. all of an account's pairs). */
  clearPrefix(prefix: string): Promise<void>;
  /**
   * Sliding-window counter (a log of the units taken): takes one unit when fewer than `limit`
   * were taken in the `windowMs` before `now`, so no span of `windowMs` ever holds more than
   * `limit`. Refused: `retryAfterMs` is when the oldest unit in the window leaves it.
   */
  take(key: string, limit: number, windowMs: number, now: number): Promise<TakeDecision>;
  /** Gives back a unit taken by `take` (an attempt that turned out not to count). */
  giveBack(key: string, unit: string): Promise<void>;
  close(): Promise<void>;
}

export function backoffDelayMs(failures: number, policy: BackoffPolicy): number {
  if (failures <= 0) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(failures - 1, 40), policy.maxDelayMs);
}

interface AttemptState {
  failures: number;
  blockedUntil: number;
  leaseUntil: number;
  forgetAt: number;
}

interface WindowState {
  /** The units in the window, oldest first. */
  units: Array<{ at: number; unit: string }>;
  windowMs: number;
}

/**
 * Memory windows and attempts are swept for stale keys every this many takes and reservations,
 * so a key nobody asks about again (one address's window, a mistyped e-mail's failures) is not
 * kept past its window or its forgetAfterMs.
 */
const SWEEP_EVERY = 1000;

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #attempts = new Map<string, AttemptState>();
  readonly #windows = new Map<string, WindowState>();
  #takesSinceSweep = 0;

  /** Keys held now (attempts, windows), stale ones included until the next sweep. */
  get size(): { attempts: number; windows: number } {
    return { attempts: this.#attempts.size, windows: this.#windows.size };
  }

  async reserveAttempt(key: string, now: number, policy: BackoffPolicy): Promise<Decision> {
    this.#sweep(now);
    let state = this.#attempts.get(key);
    if (state && state.forgetAt <= now && state.leaseUntil <= now) {
      this.#attempts.delete(key);
      state = undefined;
    }
    state ??= { failures: 0, blockedUntil: 0, leaseUntil: 0, forgetAt: now + policy.forgetAfterMs };
    if (state.blockedUntil > now) return { allowed: false, retryAfterMs: state.blockedUntil - now };
    // Another attempt is being evaluated: it will settle within a hash's time.
    if (state.leaseUntil > now) return { allowed: false, retryAfterMs: 1000 };
    state.leaseUntil = now + policy.leaseMs;
    this.#attempts.set(key, state);
    return { allowed: true, retryAfterMs: 0 };
  }

  async recordFailure(key: string, now: number, policy: BackoffPolicy): Promise<void> {
    const state = this.#attempts.get(key) ?? {
      failures: 0,
      blockedUntil: 0,
      leaseUntil: 0,
      forgetAt: 0,
    };
    state.failures += 1;
    state.blockedUntil = now + backoffDelayMs(state.failures, policy);
    state.leaseUntil = 0;
    state.forgetAt = state.blockedUntil + policy.forgetAfterMs;
    this.#attempts.set(key, state);
  }

  async releaseAttempt(key: string): Promise<void> {
    const state = this.#attempts.get(key);
    if (state) state.leaseUntil = 0;
  }

  async clear(key: string): Promise<void> {
    this.#attempts.delete(key);
    this.#windows.delete(key);
  }

  async clearPrefix(prefix: string): Promise<void> {
    for (const map of [this.#attempts, this.#windows]) {
      for (const key of map.keys()) if (key.startsWith(prefix)) map.delete(key);
    }
  }

  async take(key: string, limit: number, windowMs: number, now: number): Promise<TakeDecision> {
    this.#sweep(now);
    let state = this.#windows.get(key);
    if (!state) {
      state = { units: [], windowMs };
      this.#windows.set(key, state);
    }
    state.windowMs = windowMs;
    // A unit counts while now < its time + window.
    state.units = state.units.filter(({ at }) => at > now - windowMs);
    if (state.units.length >= limit) {
      const oldest = Math.min(...state.units.map(({ at }) => at));
      return { allowed: false, retryAfterMs: Math.max(1, oldest + windowMs - now) };
    }
    const unit = randomUUID();
    state.units.push({ at: now, unit });
    return { allowed: true, retryAfterMs: 0, unit };
  }

  async giveBack(key: string, unit: string): Promise<void> {
    const state = this.#windows.get(key);
    if (state) state.units = state.units.filter((entry) => entry.unit !== unit);
  }

  /** Drops the windows whose every unit has left them and the attempts forgotten by now. */
  #sweep(now: number): void {
    this.#takesSinceSweep += 1;
    if (this.#takesSinceSweep < SWEEP_EVERY) return;
    this.#takesSinceSweep = 0;
    for (const [key, state] of this.#windows) {
      if (state.units.every(({ at }) => at <= now - state.windowMs)) this.#windows.delete(key);
    }
    for (const [key, state] of this.#attempts) {
      if (state.forgetAt <= now && state.leaseUntil <= now) this.#attempts.delete(key);
    }
  }

  async close(): Promise<void> {
    this.#attempts.clear();
    this.#windows.clear();
  }
}

// Lua keeps each decision atomic across instances. Times come from the caller's clock (ms).
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1]); local lease = tonumber(ARGV[2]); local forget = tonumber(ARGV[3])
local blocked = tonumber(redis.call('HGET', KEYS[1], 'blockedUntil') or '0')
local leaseUntil = tonumber(redis.call('HGET', KEYS[1], 'leaseUntil') or '0')
local forgetAt = tonumber(redis.call('HGET', KEYS[1], 'forgetAt') or '0')
if forgetAt > 0 and forgetAt <= now and leaseUntil <= now then
  redis.call('DEL', KEYS[1]); blocked = 0; leaseUntil = 0; forgetAt = 0
end
if blocked > now then return blocked - now end
if leaseUntil > now then return -1 end
if forgetAt == 0 then redis.call('HSET', KEYS[1], 'forgetAt', now + forget) end
redis.call('HSET', KEYS[1], 'leaseUntil', now + lease)
redis.call('PEXPIRE', KEYS[1], forget + lease)
return 0
`;

const FAILURE_SCRIPT = `
local now = tonumber(ARGV[1]); local base = tonumber(ARGV[2]); local cap = tonumber(ARGV[3])
local forget = tonumber(ARGV[4])
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0') + 1
local exponent = math.min(failures - 1, 40)
local delay = math.min(base * (2 ^ exponent), cap)
redis.call('HSET', KEYS[1], 'failures', failures, 'blockedUntil', now + delay, 'leaseUntil', 0,
  'forgetAt', now + delay + forget)
redis.call('PEXPIRE', KEYS[1], math.floor(delay + forget))
return failures
`;

// A sorted set of the units taken, scored by time: the sliding log of the window.
const TAKE_SCRIPT = `
local limit = tonumber(ARGV[1]); local window = tonumber(ARGV[2]); local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
  return math.max(1, oldest + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
local newest = tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
redis.call('PEXPIRE', KEYS[1], math.max(1, newest + window - now))
return 0
`;

const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'leaseUntil', 0) end
return 0
`;

export class RedisRateLimitStore implements RateLimitStore {
  // The client of a URL is made once ioredis is loaded (lib/lazy-modules.ts: not at start).
  readonly #redis: Promise<Redis>;
  readonly #prefix: string;

  constructor(redis: Redis | string, prefix = 'vitrine:rl:') {
    this.#redis =
      typeof redis === 'string'
        ? loadIoredis().then(
            ({ Redis }) => new Redis(redis, { maxRetriesPerRequest: 2, lazyConnect: false }),
          )
        : Promise.resolve(redis);
    // A failed load fails each call that awaits it, not the process.
    void this.#redis.catch(() => undefined);
    this.#prefix = prefix;
  }

  async #eval(script: string, key: string, args: Array<string | number>): Promise<number> {
    const redis = await this.#redis;
    const result = await redis.eval(script, 1, this.#prefix + key, ...args);
    return Number(result);
  }

  async reserveAttempt(key: string, now: number, policy: BackoffPolicy): Promise<Decision> {
    const result = await this.#eval(RESERVE_SCRIPT, key, [
      now,
      policy.leaseMs,
      policy.forgetAfterMs,
    ]);
    if (result === 0) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: result < 0 ? 1000 : result };
  }

  async recordFailure(key: string, now: number, policy: BackoffPolicy): Promise<void> {
    await this.#eval(FAILURE_SCRIPT, key, [
      now,
      policy.baseDelayMs,
      policy.maxDelayMs,
      policy.forgetAfterMs,
    ]);
  }

  async releaseAttempt(key: string): Promise<void> {
    await this.#eval(RELEASE_SCRIPT, key, []);
  }

  async clear(key: string): Promise<void> {
    await (await this.#redis).del(this.#prefix + key);
  }

  async clearPrefix(prefix: string): Promise<void> {
    const pattern = `${this.#prefix}${prefix}`.replace(/[*?[\]\\]/g, '\\$&') + '*';
    const redis = await this.#redis;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  }

  async take(key: string, limit: number, windowMs: number, now: number): Promise<TakeDecision> {
    const unit = randomUUID();
    const result = await this.#eval(TAKE_SCRIPT, key, [limit, windowMs, now, unit]);
    return result === 0
      ? { allowed: true, retryAfterMs: 0, unit }
      : { allowed: false, retryAfterMs: result };
  }

  async giveBack(key: string, unit: string): Promise<void> {
    await (await this.#redis).zrem(this.#prefix + key, unit);
  }

  async close(): Promise<void> {
    await (await this.#redis).quit();
  }
}
