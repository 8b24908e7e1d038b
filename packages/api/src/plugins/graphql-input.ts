// Checks on /graphql/ that come before Mercurius (issue 11, items 8 and 10): the request's shape
// (query must be a text), the document's length (never read past MAX_DOCUMENT_LENGTH), NUL characters in the document (PostgreSQL cannot store or compare them:
// a client error, never a 500), staff operations never over GET (a URL lands in logs, history and caches) and
// answers to authenticated requests never cacheable.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DOCUMENT_TOO_LARGE_CODE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_LENGTH,
} from '../graphql/limits';

const GRAPHQL_PATHS = new Set(['/graphql/', '/graphql']);

export const STAFF_GET_MESSAGE =
  'Operações autenticadas (com o cabeçalho Authorization) não podem ser enviadas por GET; use POST.';
export const NUL_MESSAGE =
  'O texto enviado contém um caractere nulo (\\u0000), que não é aceito. Remova-o e tente de novo.';
export const QUERY_NOT_TEXT_MESSAGE = 'O campo "query" deve ser um texto com o documento GraphQL.';

/** A GraphQL string escape that decodes to U+0000: \u0000 or \u{0…0}. */
const NUL_ESCAPE = /\\u(?:0000|\{0+\})/i;

/** Whether the request is for the GraphQL endpoint (with or without its trailing slash). */
export function isGraphqlRequest(request: FastifyRequest): boolean {
  return GRAPHQL_PATHS.has(request.url.split('?')[0]!);
}

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ data: null, errors: [{ message, extensions: { code } }] });
}

export const graphqlInputPlugin = fp(
  async (app) => {
    // Authenticated answers (any route) are never stored by browsers or proxies.
    app.addHook('onSend', async (request, reply) => {
      if (request.headers.authorization !== undefined) reply.header('Cache-Control', 'no-store');
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !isGraphqlRequest(request)) return;
      if (request.headers.authorization === undefined) return;
      reply.header('Allow', 'POST');
      return refuse(reply, 405, 'METHOD_NOT_ALLOWED', STAFF_GET_MESSAGE);
    });

    // preValidation: before Mercurius' body schema coerces a number or an array into a text.
    app.addHook('preValidation', async (request, reply) => {
      if (!isGraphqlRequest(request)) return;
      const params =
        request.method === 'GET'
          ? (request.query as Record<string, unknown> | undefined)
          : (request.body as Record<string, unknown> | undefined);
      if (params === null || typeof params !== 'object' || Array.isArray(params)) return;
      const query = params.query;
      if (query !== undefined && typeof query !== 'string') {
        return refuse(reply, 400, 'BAD_REQUEST', QUERY_NOT_TEXT_MESSAGE);
      }
      // The document's text, whoever sends it (data belongs in variables): refused unread.
      if (typeof query === 'string' && query.length > MAX_DOCUMENT_LENGTH) {
        return refuse(reply, 413, DOCUMENT_TOO_LARGE_CODE, DOCUMENT_TOO_LARGE_MESSAGE);
      }
      // Variables are left to the resolvers, which name the field (and a NUL that only reaches a
      // comparison is answered BAD_USER_INPUT by the GraphQL error formatter).
      if (
        (typeof query === 'string' && (query.includes('\u0000') || NUL_ESCAPE.test(query))) ||
        (typeof params.operationName === 'string' && params.operationName.includes('\u0000'))
      ) {
        return refuse(reply, 400, 'BAD_USER_INPUT', NUL_MESSAGE);
      }
    });
  },
  { name: 'vitrine-graphql-input' },
);
