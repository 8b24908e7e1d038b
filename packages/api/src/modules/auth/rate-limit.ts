// Counters behind the brute-force and reset limits. Memory for one process; Redis when REDIS_URL is
// set, so every instance behind the load balancer shares them. Each operation is atomic.
import { Redis } from 'ioredis';

export interface Decision {
  allowed: boolean;
  /** When not allowed: how long until trying again makes sense, in milliseconds. */
  retryAfterMs: number;
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
  /** Fixed-window counter: takes one unit when fewer than `limit` were taken in the window. */
  take(key: string, limit: number, windowMs: number, now: number): Promise<Decision>;
  /** Gives back one unit taken by `take` (an attempt that turned out not to count). */
  giveBack(key: string): Promise<void>;
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
  start: number;
  count: number;
  windowMs: number;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #attempts = new Map<string, AttemptState>();
  readonly #windows = new Map<string, WindowState>();

  async reserveAttempt(key: string, now: number, policy: BackoffPolicy): Promise<Decision> {
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

  async take(key: string, limit: number, windowMs: number, now: number): Promise<Decision> {
    let state = this.#windows.get(key);
    if (!state || now >= state.start + state.windowMs || now < state.start) {
      state = { start: now, count: 0, windowMs };
      this.#windows.set(key, state);
    }
    if (state.count >= limit) return { allowed: false, retryAfterMs: state.start + windowMs - now };
    state.count += 1;
    return { allowed: true, retryAfterMs: 0 };
  }

  async giveBack(key: string): Promise<void> {
    const state = this.#windows.get(key);
    if (state && state.count > 0) state.count -= 1;
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

const TAKE_SCRIPT = `
local limit = tonumber(ARGV[1]); local window = tonumber(ARGV[2]); local now = tonumber(ARGV[3])
local start = tonumber(redis.call('HGET', KEYS[1], 'start') or '-1')
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if start < 0 or now >= start + window or now < start then start = now; count = 0 end
if count >= limit then return start + window - now end
redis.call('HSET', KEYS[1], 'start', start, 'count', count + 1)
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'leaseUntil', 0) end
return 0
`;

const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count > 0 then redis.call('HSET', KEYS[1], 'count', count - 1) end
return 0
`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis | string, prefix = 'vitrine:rl:') {
    this.#redis =
      typeof redis === 'string'
        ? new Redis(redis, { maxRetriesPerRequest: 2, lazyConnect: false })
        : redis;
    this.#prefix = prefix;
  }

  async #eval(script: string, key: string, args: Array<string | number>): Promise<number> {
    const result = await this.#redis.eval(script, 1, this.#prefix + key, ...args);
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
    await this.#redis.del(this.#prefix + key);
  }

  async take(key: string, limit: number, windowMs: number, now: number): Promise<Decision> {
    const result = await this.#eval(TAKE_SCRIPT, key, [limit, windowMs, now]);
    return result === 0
      ? { allowed: true, retryAfterMs: 0 }
      : { allowed: false, retryAfterMs: result };
  }

  async giveBack(key: string): Promise<void> {
    await this.#eval(GIVE_BACK_SCRIPT, key, []);
  }

  async close(): Promise<void> {
    await this.#redis.quit();
  }
}
