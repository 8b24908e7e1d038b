// Each story keeps its own world when several render at once. A docs page renders every story of
// a file together: Storybook starts them all, and their loaders, `beforeEach` hooks and first
// renders interleave. Three things were shared by the whole page, so the last story's set-up won
// everywhere (every Checkout preview showed an empty bag, every Cart preview an empty cart, most
// Order Confirmation previews the e-mail gate):
//
// - MSW's handlers: one list per worker, replaced by each story's loader.
//   -> One dispatching handler answers with the handlers of the story a request comes from: the
//      story's providers tag its requests (`STORY_REQUEST_HEADER`); an untagged request (an image)
//      gets the latest story's.
// - Web storage (the cart, the checkout draft, the placed order, the session): each `beforeEach`
//   clears and seeds the same localStorage and sessionStorage, and the screens read them when they
//   mount.
//   -> Set-up turns: one story at a time runs its loaders and `beforeEach` hooks and mounts; the
//      next starts once the first has committed and run its effects (`SetupTurn.release`).
// - The session's tokens, read on every request long after mounting.
//   -> `ownStorage`: the story's providers read a copy of the storage taken when they mounted
//      (writes still reach the real one, which play functions check).
//
// A screen that reads web storage again later (the confirmation page asks for the placed order's
// e-mail on each render) sees the last story's storage: stories of one file must not differ in
// such a value (OrderConfirmation's "opened elsewhere" opens another order's page instead).
import type { FetchLike, KeyValueStorage } from '@vitrine/auth';
import { getResponse, http, type RequestHandler } from 'msw';

/** The request header naming the story a request comes from (its set-up's token). */
export const STORY_REQUEST_HEADER = 'x-vitrine-story';

/** A story's turn to set itself up; `release` lets the next one start (idempotent). */
export interface SetupTurn {
  release(): void;
}

/**
 * A turn not released in this time (a story that failed before mounting) is released anyway, so
 * one broken story never stops the rest of the page.
 */
export const SETUP_TURN_LIMIT_MS = 5_000;

let lastTurn: Promise<void> = Promise.resolve();

/** Waits for the previous story's set-up to end, then holds the turn until `release`. */
export async function takeSetupTurn(signal?: AbortSignal): Promise<SetupTurn> {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  const previous = lastTurn;
  lastTurn = previous.then(() => ended);
  await previous;
  let released = false;
  const timer = setTimeout(() => release(), SETUP_TURN_LIMIT_MS);
  function release() {
    if (released) return;
    released = true;
    clearTimeout(timer);
    signal?.removeEventListener('abort', release);
    end();
  }
  if (signal?.aborted) release();
  else signal?.addEventListener('abort', release);
  return { release };
}

// Handlers by story token. A docs page holds a few dozen stories; older entries are dropped.
const MAX_REGISTERED = 200;
const handlersByStory = new Map<string, readonly RequestHandler[]>();
let latestHandlers: readonly RequestHandler[] = [];
let tokenCount = 0;

/** Registers a story's handlers and returns the token its requests carry. */
export function registerStoryHandlers(
  storyId: string,
  handlers: readonly RequestHandler[],
): string {
  tokenCount += 1;
  const token = `${storyId}#${tokenCount}`;
  handlersByStory.set(token, handlers);
  latestHandlers = handlers;
  while (handlersByStory.size > MAX_REGISTERED) {
    const oldest = handlersByStory.keys().next().value;
    if (oldest === undefined) break;
    handlersByStory.delete(oldest);
  }
  return token;
}

/** The handlers a request is answered with: its story's, or the latest story's. */
export function handlersFor(request: Request): readonly RequestHandler[] {
  const token = request.headers.get(STORY_REQUEST_HEADER);
  return (token !== null ? handlersByStory.get(token) : undefined) ?? latestHandlers;
}

/**
 * The worker's only handler: answers each request with its story's handlers. A request none of
 * them answers goes on to the worker's `onUnhandledRequest`, as before.
 */
export const storyRequestDispatcher = http.all('*', ({ request }) =>
  getResponse([...handlersFor(request)], request),
);

/** `parameters.msw` as msw-storybook-addon reads it: a list, or `{ handlers }` (a list or keyed). */
export function storyHandlersOf(parameter: unknown): RequestHandler[] {
  if (Array.isArray(parameter)) return parameter as RequestHandler[];
  if (typeof parameter !== 'object' || parameter === null) return [];
  const handlers = (parameter as { handlers?: unknown }).handlers;
  if (handlers === null || handlers === undefined) return [];
  const lists = Array.isArray(handlers) ? handlers : Object.values(handlers as object);
  return (lists as unknown[]).flat().filter(Boolean) as RequestHandler[];
}

/** Adds the story's header to every request of `fetchImpl` (the session's network call). */
export function taggedFetch(fetchImpl: FetchLike, token: string): FetchLike {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(STORY_REQUEST_HEADER, token);
    return fetchImpl(input, { ...init, headers });
  };
}

/**
 * A story's own view of a web storage: read from a copy taken now, written to the copy and to the
 * real storage (a play function checks the real one after a login).
 */
export function storageCopy(real: Storage): KeyValueStorage {
  const copy = new Map<string, string>();
  for (let index = 0; index < real.length; index += 1) {
    const key = real.key(index);
    const value = key === null ? null : real.getItem(key);
    if (key !== null && value !== null) copy.set(key, value);
  }
  return {
    getItem: (key) => copy.get(key) ?? null,
    setItem(key, value) {
      copy.set(key, String(value));
      real.setItem(key, value);
    },
    removeItem(key) {
      copy.delete(key);
      real.removeItem(key);
    },
  };
}
