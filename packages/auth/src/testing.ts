// Test doubles of the injected environment (not mocks of the package): in-memory storage, a
// recording fetch, a URL that navigation really changes. Exported as @vitrine/auth/testing.
import type { AuthEnvironment, FetchLike, KeyValueStorage, Logger, TimerHandle } from './types';

export interface MemoryStorage extends KeyValueStorage {
  readonly size: number;
  /** A plain copy of everything stored, for assertions. */
  snapshot(): Record<string, string>;
  clear(): void;
}

export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
    get size() {
      return data.size;
    },
    snapshot: () => Object.fromEntries(data),
    clear: () => data.clear(),
  };
}

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned three-part token with base64url header and payload and a fake signature. */
export function makeJwt(payload: Record<string, unknown>): string {
  const header = base64UrlEncode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  return `${header}.${base64UrlEncode(JSON.stringify(payload))}.${base64UrlEncode('test-signature')}`;
}

/** A token that expires `inMs` milliseconds after `nowMs` (exp is whole seconds). */
export function makeJwtExpiringIn(
  inMs: number,
  nowMs: number,
  claims: Record<string, unknown> = {},
): string {
  return makeJwt({ ...claims, exp: Math.floor((nowMs + inMs) / 1000) });
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  /** The body when it was a string (JSON calls); undefined otherwise. */
  body: string | undefined;
  /** Parsed JSON body, when it parses. */
  json: unknown;
  init: RequestInit | undefined;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface RecordingLogger extends Logger {
  errors: unknown[][];
  warnings: unknown[][];
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

export interface TestEnvironment extends AuthEnvironment {
  sessionStorage: MemoryStorage;
  persistentStorage: MemoryStorage;
  logger: RecordingLogger;
  /** The page URL that currentUrl() returns; set it directly or with setUrl. */
  url: string;
  /** Accepts a path ('/dashboard') or an absolute URL. */
  setUrl(pathOrUrl: string): void;
  cookies: Map<string, string>;
  /** Every path passed to navigate(), in order (navigate also moves `url`, like a router). */
  navigations: string[];
  /** Every request that reached the network (env.fetch), in order. */
  requests: RecordedRequest[];
  /** Replaces how the network answers; the default answers 404 {detail}. */
  setFetchHandler(handler: FetchHandler): void;
  /** Live interval timers created through env.timers. */
  activeTimers(): number;
  /** How many intervals were ever created through env.timers. */
  timersCreated(): number;
}

export interface TestEnvironmentOverrides extends Partial<AuthEnvironment> {
  /** Initial page URL (path or absolute); default 'http://localhost/dashboard'. */
  url?: string;
  cookies?: Record<string, string>;
  fetchHandler?: FetchHandler;
}

const DEFAULT_ORIGIN = 'http://localhost';

function toAbsolute(pathOrUrl: string, current: string): string {
  return new URL(pathOrUrl, current).href;
}

function bodyText(body: RequestInit['body']): string | undefined {
  return typeof body === 'string' ? body : undefined;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A complete AuthEnvironment for tests and stories. Time is Date.now and timers are the global
 * setInterval, so vitest's fake timers drive both.
 */
export function createTestEnvironment(overrides: TestEnvironmentOverrides = {}): TestEnvironment {
  const { url, cookies, fetchHandler, ...envOverrides } = overrides;
  let handler: FetchHandler =
    fetchHandler ?? ((request) => jsonResponse({ detail: `No handler for ${request.url}` }, 404));
  const live = new Set<TimerHandle>();
  let created = 0;
  const errors: unknown[][] = [];
  const warnings: unknown[][] = [];

  const recordingFetch: FetchLike = async (input, init) => {
    const body = bodyText(init?.body);
    const request: RecordedRequest = {
      url: String(input),
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init?.headers),
      body,
      json: parseJson(body),
      init,
    };
    env.requests.push(request);
    return handler(request);
  };

  const env: TestEnvironment = {
    apiHost: '',
    sessionStorage: createMemoryStorage(),
    persistentStorage: createMemoryStorage(),
    url: toAbsolute(url ?? '/dashboard', DEFAULT_ORIGIN),
    setUrl(pathOrUrl) {
      env.url = toAbsolute(pathOrUrl, env.url);
    },
    cookies: new Map(Object.entries(cookies ?? {})),
    getCookie: (name) => env.cookies.get(name),
    now: () => Date.now(),
    timers: {
      setInterval(callback, ms) {
        const handle = setInterval(callback, ms);
        live.add(handle);
        created += 1;
        return handle;
      },
      clearInterval(handle) {
        clearInterval(handle as Parameters<typeof clearInterval>[0]);
        live.delete(handle);
      },
    },
    currentUrl: () => env.url,
    navigations: [],
    navigate(path) {
      env.navigations.push(path);
      env.setUrl(path);
    },
    requests: [],
    fetch: recordingFetch,
    setFetchHandler(next) {
      handler = next;
    },
    logger: {
      errors,
      warnings,
      error: (...args) => {
        errors.push(args);
      },
      warn: (...args) => {
        warnings.push(args);
      },
    },
    activeTimers: () => live.size,
    timersCreated: () => created,
    ...(envOverrides as Partial<TestEnvironment>),
  };
  return env;
}
