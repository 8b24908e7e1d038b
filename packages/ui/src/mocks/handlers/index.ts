// Every mock handler, keyed by domain so a story or test replaces one domain only:
// `parameters.msw.handlers = { ...handlers, auth: authScenarios.serverDown }`.
import type { HttpHandler } from 'msw';

import { authHandlers } from './auth';
import { graphqlHandlers } from './graphql';

export const handlers = {
  auth: authHandlers,
  graphql: graphqlHandlers,
} satisfies Record<string, HttpHandler[]>;

export type HandlerDomain = keyof typeof handlers;

/** The handlers as one flat list, for setupServer / setupWorker. */
export function allHandlers(
  overrides: Partial<Record<HandlerDomain, HttpHandler[]>> = {},
): HttpHandler[] {
  return Object.values({ ...handlers, ...overrides }).flat();
}

export * from './auth';
export * from './graphql';
