// The RateLimitStore contract, run against memory and against the local Redis.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LOGIN_BACKOFF } from './login-throttle';
import {
  backoffDelayMs,
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type RateLimitStore,
} from './rate-limit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const hasRedis = await redisReachable();
// The CI machine runs Redis (127.0.0.1:6379): there the Redis tests must run, never be skipped.
if (process.env.CI && !hasRedis) throw new Error(`CI without Redis at ${REDIS_URL}`);
const redisStores: RedisRateLimitStore[] = [];
afterAll(async () => {
  await Promise.all(redisStores.map((store) => store.close()));
});

function redisStore(prefix: string): RedisRateLimitStore {
  const store = new RedisRateLimitStore(REDIS_URL, prefix);
  redisStores.push(store);
  return store;
}

const T0 = 1_800_000_000_000;

function contract(name: string, makeStore: () => RateLimitStore) {
  describe(`${name} rate-limit store`, () => {
    it('reserves one attempt at a time per key', async () => {
      const store = makeStore();
      expect((await store.reserveAttempt('k', T0, LOGIN_BACKOFF)).allowed).toBe(true);
      const second = await store.reserveAttempt('k', T0, LOGIN_BACKOFF);
      expect(second).toEqual({ allowed: false, retryAfterMs: 1000 });
      expect((await store.reserveAttempt('other', T0, LOGIN_BACKOFF)).allowed).toBe(true);
    });

    it('of twenty simultaneous reservations grants exactly one', async () => {
      const store = makeStore();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => store.reserveAttempt('race', T0, LOGIN_BACKOFF)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(1);
    });

    it('blocks for 2^(n-1) s after the n-th failure, capped at one hour', async () => {
      const store = makeStore();
      let now = T0;
      for (let n = 1; n <= 14; n += 1) {
        expect((await store.reserveAttempt('b', now, LOGIN_BACKOFF)).allowed).toBe(true);
        await store.recordFailure('b', now, LOGIN_BACKOFF);
        const expected = Math.min(2 ** (n - 1) * 1000, 3_600_000);
        expect(await store.reserveAttempt('b', now, LOGIN_BACKOFF)).toEqual({
          allowed: false,
          retryAfterMs: expected,
        });
        now += expected;
      }
    });

    it('forgets the failures a day after the last delay ended', async () => {
      const store = makeStore();
      await store.reserveAttempt('f', T0, LOGIN_BACKOFF);
      await store.recordFailure('f', T0, LOGIN_BACKOFF);
      await store.reserveAttempt('f', T0 + 1000, LOGIN_BACKOFF);
      await store.recordFailure('f', T0 + 1000, LOGIN_BACKOFF);
      const later = T0 + 3000 + LOGIN_BACKOFF.forgetAfterMs;
      expect((await store.reserveAttempt('f', later, LOGIN_BACKOFF)).allowed).toBe(true);
      await store.recordFailure('f', later, LOGIN_BACKOFF);
      // Counting restarted: the delay is 1 s again, not 4 s.
      expect((await store.reserveAttempt('f', later, LOGIN_BACKOFF)).retryAfterMs).toBe(1000);
    });

    it('releases a reservation without counting it, and clears a key', async () => {
      const store = makeStore();
      await store.reserveAttempt('r', T0, LOGIN_BACKOFF);
      await store.releaseAttempt('r');
      expect((await store.reserveAttempt('r', T0, LOGIN_BACKOFF)).allowed).toBe(true);
      await store.recordFailure('r', T0, LOGIN_BACKOFF);
      await store.clear('r');
      expect((await store.reserveAttempt('r', T0, LOGIN_BACKOFF)).allowed).toBe(true);
    });

    it('clears every key under a prefix and only those', async () => {
      const store = makeStore();
      for (const key of ['acct:a:1', 'acct:a:2', 'acct:b:1']) {
        await store.reserveAttempt(key, T0, LOGIN_BACKOFF);
        await store.recordFailure(key, T0, LOGIN_BACKOFF);
      }
      await store.take('acct:a:w', 1, 60_000, T0);
      await store.clearPrefix('acct:a:');
      expect((await store.reserveAttempt('acct:a:1', T0, LOGIN_BACKOFF)).allowed).toBe(true);
      expect((await store.reserveAttempt('acct:a:2', T0, LOGIN_BACKOFF)).allowed).toBe(true);
      expect((await store.take('acct:a:w', 1, 60_000, T0)).allowed).toBe(true);
      expect((await store.reserveAttempt('acct:b:1', T0, LOGIN_BACKOFF)).allowed).toBe(false);
    });

    it('counts units in a sliding window and gives a unit back', async () => {
      const store = makeStore();
      const units: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const taken = await store.take('w', 3, 60_000, T0 + i * 1000);
        expect(taken.allowed).toBe(true);
        units.push(taken.unit!);
      }
      expect(new Set(units).size).toBe(3);
      // Full until the oldest unit (taken at T0) leaves the window at T0 + 60 s.
      expect(await store.take('w', 3, 60_000, T0 + 10_000)).toEqual({
        allowed: false,
        retryAfterMs: 50_000,
      });
      await store.giveBack('w', units[1]!);
      expect((await store.take('w', 3, 60_000, T0 + 10_000)).allowed).toBe(true);
      expect((await store.take('w', 3, 60_000, T0 + 59_999)).allowed).toBe(false);
      // T0's unit left; T0 + 2 s's and T0 + 10 s's have not.
      expect((await store.take('w', 3, 60_000, T0 + 60_000)).allowed).toBe(true);
      expect(await store.take('w', 3, 60_000, T0 + 60_000)).toEqual({
        allowed: false,
        retryAfterMs: 2_000,
      });
    });

    it('never lets more than the limit through in any window, across a window boundary', async () => {
      const store = makeStore();
      const HOUR = 3_600_000;
      const at = (minutes: number, seconds: number) => T0 + (minutes * 60 + seconds) * 1000;
      // One failure at 00:00, nineteen at 59:59: the account's twenty for this hour.
      expect((await store.take('acct', 20, HOUR, at(0, 0))).allowed).toBe(true);
      for (let i = 0; i < 19; i += 1) {
        expect((await store.take('acct', 20, HOUR, at(59, 59))).allowed, `#${i}`).toBe(true);
      }
      expect((await store.take('acct', 20, HOUR, at(59, 59))).allowed).toBe(false);
      // At 60:01 only the 00:00 unit has left the window: exactly one more, not twenty.
      expect((await store.take('acct', 20, HOUR, at(60, 1))).allowed).toBe(true);
      expect(await store.take('acct', 20, HOUR, at(60, 1))).toEqual({
        allowed: false,
        retryAfterMs: at(119, 59) - at(60, 1),
      });
      // The nineteen leave the window at 119:59.
      expect((await store.take('acct', 20, HOUR, at(119, 58))).allowed).toBe(false);
      for (let i = 0; i < 19; i += 1) {
        expect((await store.take('acct', 20, HOUR, at(119, 59))).allowed).toBe(true);
      }
      expect((await store.take('acct', 20, HOUR, at(119, 59))).allowed).toBe(false);
    });

    it('holds at most the limit in every 60-minute span of a long irregular series', async () => {
      const store = makeStore();
      const HOUR = 3_600_000;
      const granted: number[] = [];
      let now = T0;
      // A deterministic irregular stream of attempts: bursts and pauses over about ten hours.
      for (let i = 0; i < 400; i += 1) {
        now += ((i * 7919) % 13) * 11_000 + (i % 17 === 0 ? 1_700_000 : 0);
        if ((await store.take('series', 20, HOUR, now)).allowed) granted.push(now);
      }
      expect(granted.length).toBeGreaterThan(40);
      for (let i = 0; i < granted.length; i += 1) {
        const inSpan = granted.filter((t) => t >= granted[i]! && t < granted[i]! + HOUR).length;
        expect(inSpan, `span starting at #${i}`).toBeLessThanOrEqual(20);
      }
    });
  });
}

contract('memory', () => new MemoryRateLimitStore());

describe('memory store', () => {
  it('sweeps the keys nobody asks about again: past windows and forgotten failures', async () => {
    const store = new MemoryRateLimitStore();
    for (const email of ['a@x.com', 'b@x.com', 'c@x.com']) {
      await store.reserveAttempt(email, T0, LOGIN_BACKOFF);
      await store.recordFailure(email, T0, LOGIN_BACKOFF);
    }
    // In flight, never settled: kept while its lease runs.
    await store.reserveAttempt('d@x.com', T0, LOGIN_BACKOFF);
    await store.take('address:1', 10, 60_000, T0);
    expect(store.size).toEqual({ attempts: 4, windows: 1 });
    // A day later, another client's traffic: every stale key goes in the next sweep (1,000 calls).
    const later = T0 + 3_600_000 + LOGIN_BACKOFF.forgetAfterMs;
    for (let i = 0; i < 1_000; i += 1) await store.take('address:2', 2_000, 60_000, later);
    expect(store.size).toEqual({ attempts: 0, windows: 1 });
    // What is still within its time stays.
    await store.reserveAttempt('e@x.com', later, LOGIN_BACKOFF);
    await store.recordFailure('e@x.com', later, LOGIN_BACKOFF);
    for (let i = 0; i < 1_000; i += 1) await store.take('address:2', 4_000, 60_000, later + 1);
    expect(store.size).toEqual({ attempts: 1, windows: 1 });
  });
});

describe.runIf(hasRedis)('Redis store shared by several instances', () => {
  contract('Redis', () => redisStore(`vitrine:test:${randomBytes(6).toString('hex')}:`));

  it('makes a reservation on one instance block the other', async () => {
    const prefix = `vitrine:test:${randomBytes(6).toString('hex')}:`;
    const a = redisStore(prefix);
    const b = redisStore(prefix);
    expect((await a.reserveAttempt('shared', T0, LOGIN_BACKOFF)).allowed).toBe(true);
    expect((await b.reserveAttempt('shared', T0, LOGIN_BACKOFF)).allowed).toBe(false);
    await a.recordFailure('shared', T0, LOGIN_BACKOFF);
    expect((await b.reserveAttempt('shared', T0 + 500, LOGIN_BACKOFF)).retryAfterMs).toBe(500);
  });

  it('shares one sliding window between instances, however many take at once', async () => {
    const prefix = `vitrine:test:${randomBytes(6).toString('hex')}:`;
    const a = redisStore(prefix);
    const b = redisStore(prefix);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).take('acct', 20, 3_600_000, T0)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    const unit = results.find((r) => r.allowed)!.unit!;
    await a.giveBack('acct', unit);
    expect((await b.take('acct', 20, 3_600_000, T0 + 1)).allowed).toBe(true);
    expect((await a.take('acct', 20, 3_600_000, T0 + 1)).allowed).toBe(false);
  });
});

describe('backoffDelayMs', () => {
  it('is 0 before any failure, then 1 s, 2 s, 4 s… up to the cap', () => {
    expect(backoffDelayMs(0, LOGIN_BACKOFF)).toBe(0);
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, LOGIN_BACKOFF))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(backoffDelayMs(500, LOGIN_BACKOFF)).toBe(3_600_000);
  });
});
