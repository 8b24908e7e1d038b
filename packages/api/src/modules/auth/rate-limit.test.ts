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

    it('counts units in a fixed window, gives them back, and reopens after the window', async () => {
      const store = makeStore();
      for (let i = 0; i < 3; i += 1)
        expect((await store.take('w', 3, 60_000, T0)).allowed).toBe(true);
      expect(await store.take('w', 3, 60_000, T0 + 10_000)).toEqual({
        allowed: false,
        retryAfterMs: 50_000,
      });
      await store.giveBack('w');
      expect((await store.take('w', 3, 60_000, T0 + 10_000)).allowed).toBe(true);
      expect((await store.take('w', 3, 60_000, T0 + 60_000)).allowed).toBe(true);
    });
  });
}

contract('memory', () => new MemoryRateLimitStore());

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
