// Small units: JWT decoding details, errors, the loading counter, the token store, the helpers.
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from './errors';
import { authErrorFromResponse, parseRetryAfterSeconds } from './responseErrors';
import { decodeJwtPayload, isTokenExpired } from './jwt';
import { LoadingTracker } from './loadingTracker';
import { createMemoryStorage, jsonResponse, makeJwt } from './testing';
import { withMemoryFallback } from './storage';
import { TokenStore } from './tokenStore';

describe('decodeJwtPayload', () => {
  it('decodes base64url payloads with non-ASCII text and URL-safe characters', () => {
    const payload = { name: 'João Conceição', note: '??>>~~' }; // '?>' encodes to '_' / '-' territory
    expect(decodeJwtPayload(makeJwt(payload))).toEqual(payload);
  });

  it('throws a clear error for a three-part token whose payload is not a JSON object', () => {
    expect(() => decodeJwtPayload(`h.${btoa('[1,2]')}.s`)).toThrow('Invalid JWT payload');
    expect(() => decodeJwtPayload('h.!!!.s')).toThrow('Invalid JWT payload');
  });

  it('isTokenExpired with a margin: expired when fewer than withinMs remain', () => {
    const token = makeJwt({ exp: 100 }); // 100_000 ms
    expect(isTokenExpired(token, 39_999, 60_000)).toBe(false); // 60_001 left
    expect(isTokenExpired(token, 40_000, 60_000)).toBe(false); // exactly 60_000 left
    expect(isTokenExpired(token, 40_001, 60_000)).toBe(true);
  });
});

describe('AuthError', () => {
  it('has a Portuguese default message per kind and is an Error', () => {
    const error = new AuthError('network');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AuthError');
    expect(error.message).toMatch(/conexão/);
    expect(new AuthError('rate_limited', { retryAfterSeconds: 30 }).message).toMatch(/30 segundos/);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(parseRetryAfterSeconds('45', now)).toBe(45);
    expect(parseRetryAfterSeconds('Mon, 10 Mar 2025 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfterSeconds('soon', now)).toBeUndefined();
    expect(parseRetryAfterSeconds(null, now)).toBeUndefined();
  });

  it('reads DRF-style non_field_errors as the detail', async () => {
    const error = await authErrorFromResponse(
      jsonResponse({ non_field_errors: ['Token inválido.'] }, 400),
      0,
    );
    expect(error).toMatchObject({ kind: 'validation', detail: 'Token inválido.' });
  });

  it('an empty error body is fine', async () => {
    const error = await authErrorFromResponse(new Response(null, { status: 500 }), 0);
    expect(error).toMatchObject({ kind: 'server', status: 500, detail: undefined });
  });
});

describe('LoadingTracker', () => {
  it('notifies only on/off transitions and never counts below zero', () => {
    const tracker = new LoadingTracker();
    const listener = vi.fn();
    const unsubscribe = tracker.subscribe(listener);
    tracker.begin();
    tracker.begin();
    tracker.end();
    expect(listener.mock.calls).toEqual([[true]]);
    tracker.end();
    tracker.end(); // unmatched
    expect(tracker.pending).toBe(0);
    expect(listener.mock.calls).toEqual([[true], [false]]);
    tracker.begin();
    expect(tracker.active).toBe(true);
    unsubscribe();
    tracker.end();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('a throwing listener is reported, not thrown into the request', () => {
    const onError = vi.fn();
    const tracker = new LoadingTracker(onError);
    tracker.subscribe(() => {
      throw new Error('bug');
    });
    expect(() => tracker.begin()).not.toThrow();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('TokenStore', () => {
  it('reads the session refresh token before the persistent one', () => {
    const sessionStorage = createMemoryStorage({ _urt: 'session' });
    const persistentStorage = createMemoryStorage({ _urt: 'persistent' });
    const store = new TokenStore({ sessionStorage, persistentStorage });
    expect(store.getRefreshToken()).toBe('session');
    sessionStorage.removeItem('_urt');
    expect(store.getRefreshToken()).toBe('persistent');
  });

  it('treats empty strings as absent and saves the access token alone', () => {
    const sessionStorage = createMemoryStorage({ _uat: '', _urt: '' });
    const store = new TokenStore({ sessionStorage, persistentStorage: createMemoryStorage() });
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
    store.saveAccessToken('a.b.c');
    expect(store.getAccessToken()).toBe('a.b.c');
    expect(sessionStorage.getItem('_urt')).toBe('');
  });
});

describe('testing helpers', () => {
  it('makeJwt builds a three-part token whose payload decodes back', () => {
    const token = makeJwt({ sub: '1', exp: 2 });
    expect(token.split('.')).toHaveLength(3);
    expect(token).not.toMatch(/[+/=]/);
    expect(decodeJwtPayload(token)).toEqual({ sub: '1', exp: 2 });
  });
});

describe('withMemoryFallback', () => {
  it('uses the real storage while it works', () => {
    const real = createMemoryStorage({ a: '1' });
    const onUnavailable = vi.fn();
    const storage = withMemoryFallback(() => real, onUnavailable);
    expect(storage.getItem('a')).toBe('1');
    storage.setItem('b', '2');
    storage.removeItem('a');
    expect(real.snapshot()).toEqual({ b: '2' });
    expect(onUnavailable).not.toHaveBeenCalled();
  });

  it('opening a blocked storage throws: reports it once and keeps the values in memory', () => {
    const denied = new DOMException('The operation is insecure.', 'SecurityError');
    const onUnavailable = vi.fn();
    const storage = withMemoryFallback(() => {
      throw denied;
    }, onUnavailable);
    expect(storage.getItem('_urt')).toBeNull();
    storage.setItem('_urt', 'token');
    expect(storage.getItem('_urt')).toBe('token');
    storage.removeItem('_urt');
    expect(storage.getItem('_urt')).toBeNull();
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    expect(onUnavailable).toHaveBeenCalledWith(denied);
  });

  it('a write refused by a full storage keeps the value in memory from then on', () => {
    const real = createMemoryStorage();
    real.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    const storage = withMemoryFallback(
      () => real,
      () => undefined,
    );
    storage.setItem('_uat', 'access');
    expect(storage.getItem('_uat')).toBe('access');
  });

  it('a throwing logger does not turn the handled failure into a crash', () => {
    const storage = withMemoryFallback(
      () => {
        throw new Error('blocked');
      },
      () => {
        throw new Error('logger broke');
      },
    );
    expect(() => storage.setItem('k', 'v')).not.toThrow();
    expect(storage.getItem('k')).toBe('v');
  });
});
