// The shared cache of public catalog reads (issue 17, item 2). An anonymous GraphQL query whose
// root fields are all catalog reads (tags.ts) is answered once per document and variables; the
// next identical request gets the same bytes without parsing, validating or touching the
// database. Every change the database makes to what such an answer holds is announced on the
// channel 'vitrine_catalog' (migrations/0025) and reaches every instance listening on it (PGlite's
// listen() embedded, a dedicated PostgreSQL connection otherwise) in milliseconds; the answers
// holding a changed tag go. Answers carry a strong ETag (If-None-Match: 304) and
// `Cache-Control: public, no-cache`, so a CDN may keep them and must ask again each time.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { isGraphqlRequest } from '../../plugins/graphql-input';
import { databaseNotificationSource } from '../live/live.source';
import { CatalogAnswerCache, parseCatalogNotification } from './cache';
import { answerTags, isCacheableOperation, selectOperation } from './tags';

export const CATALOG_CHANNEL = 'vitrine_catalog';
export const CACHE_STATUS_HEADER = 'x-vitrine-cache';
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';
/** Documents whose cacheability was decided, remembered (the app has a few dozen). */
const DECISIONS_KEPT = 500;
/**
 * And their text, in characters at most: a document kept parsed costs up to ~100 bytes a
 * character (one-letter fields), so this bounds them near 25 MB whatever they are (the app's own
 * documents are ~100 K characters in all). Past either bound, every decision is forgotten.
 */
const DECISIONS_MAX_CHARACTERS = 256 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogAnswerCache | null;
  }
}

interface Pending {
  key: string;
  source: string;
  operationName: string | undefined;
  markedAt: number;
}

type Decision = { document: DocumentNode; operation: OperationDefinitionNode } | null;

/** The request's document, operation name and variables as sent, or null when not a query read. */
export function requestParts(
  request: FastifyRequest,
): { source: string; operationName: string | undefined; variables: string } | null {
  if (request.method === 'GET') {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query.query !== 'string') return null;
    const variables = query.variables;
    if (variables !== undefined && typeof variables !== 'string') return null;
    const operationName = query.operationName;
    if (operationName !== undefined && typeof operationName !== 'string') return null;
    // Normalised, so GET and POST share answers (and a CDN-held GET its validator).
    let normalised = '{}';
    if (variables) {
      try {
        normalised = JSON.stringify(JSON.parse(variables) ?? {});
      } catch {
        return null;
      }
    }
    return {
      source: query.query,
      operationName: operationName || undefined,
      variables: normalised,
    };
  }
  if (request.method !== 'POST') return null;
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || typeof body.query !== 'string') return null;
  const operationName = body.operationName;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return null;
  }
  return {
    source: body.query,
    operationName: operationName || undefined,
    variables: JSON.stringify(body.variables ?? {}),
  };
}

/**
 * A GraphQL read without a valid staff session: no Authorization, or a token that is not valid
 * (garbage, expired, revoked), which gets exactly what an anonymous request gets, cache included.
 */
export async function isAnonymousGraphqlRead(request: FastifyRequest): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'POST') return false;
  if (!isGraphqlRequest(request)) return false;
  return request.headers.authorization === undefined || !(await request.staffPrincipal());
}

/** Whether an If-None-Match header names this validator (or is `*`). */
function matchesValidator(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * Whether a document's operation reads the public catalog only (tags.ts), decided once per
 * document and operation name and remembered within DECISIONS_KEPT and DECISIONS_MAX_CHARACTERS.
 */
export class CatalogReadDecisions {
  private readonly decisions = new Map<string, Decision>();
  private characters = 0;

  decide(text: string, operationName: string | undefined): Decision {
    const decisionKey = `${operationName ?? ''}\u0000${text}`;
    if (this.decisions.has(decisionKey)) return this.decisions.get(decisionKey)!;
    let decision: Decision = null;
    try {
      const document = parse(text, { noLocation: true });
      const operation = selectOperation(document, operationName);
      if (operation && isCacheableOperation(document, operation)) {
        decision = { document, operation };
      }
    } catch {
      decision = null;
    }
    if (
      this.decisions.size >= DECISIONS_KEPT ||
      this.characters + decisionKey.length > DECISIONS_MAX_CHARACTERS
    ) {
      this.decisions.clear();
      this.characters = 0;
    }
    this.decisions.set(decisionKey, decision);
    this.characters += decisionKey.length;
    return decision;
  }
}

export const catalogCachePlugin = fp(
  async (app) => {
    const { entries, ttlSeconds, maxBytes } = app.config.catalogCache;
    const source = entries > 0 ? databaseNotificationSource(app, CATALOG_CHANNEL) : null;
    if (!source) {
      // Without notifications nothing could be invalidated: no cache.
      app.decorate('catalogCache', null);
      return;
    }
    const cache = new CatalogAnswerCache({
      maxEntries: entries,
      maxBytes,
      ttlMs: ttlSeconds * 1000,
    });
    app.decorate('catalogCache', cache);
    await source.start({
      onPayload: (payload) => cache.invalidate(parseCatalogNotification(payload)),
      // Notifications sent while the connection was down are lost: nothing kept can be trusted.
      onResync: () => cache.clear(),
    });
    app.addHook('onClose', async () => source.stop());

    const pending = new WeakMap<FastifyRequest, Pending>();
    const decisions = new CatalogReadDecisions();
    const decide = (text: string, operationName: string | undefined) =>
      decisions.decide(text, operationName);

    const sendCached = (
      request: FastifyRequest,
      reply: FastifyReply,
      body: string,
      etag: string,
    ) => {
      reply.header('ETag', etag).header(CACHE_STATUS_HEADER, 'hit');
      // A request that carried a token (not a valid one) keeps its no-store (graphql-input.ts).
      if (request.headers.authorization === undefined) {
        reply.header('Cache-Control', PUBLIC_CACHE_CONTROL);
      }
      if (matchesValidator(request.headers['if-none-match'], etag)) {
        return reply.code(304).send();
      }
      return reply.code(200).type('application/json; charset=utf-8').send(body);
    };

    app.addHook('preHandler', async (request, reply) => {
      if (!(await isAnonymousGraphqlRead(request))) return;
      const parts = requestParts(request);
      if (!parts) return;
      const key = `${parts.operationName ?? ''}\u0000${parts.variables}\u0000${parts.source}`;
      const cached = cache.get(key);
      if (cached) return sendCached(request, reply, cached.body, cached.etag);
      pending.set(request, {
        key,
        source: parts.source,
        operationName: parts.operationName,
        markedAt: cache.mark(),
      });
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const waiting = pending.get(request);
      if (!waiting) return payload;
      pending.delete(request);
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const decision = decide(waiting.source, waiting.operationName);
      if (!decision) return payload;
      let answer: { data?: unknown; errors?: unknown };
      try {
        answer = JSON.parse(payload) as typeof answer;
      } catch {
        return payload;
      }
      // An answer with errors (a time-out, a bad argument) is not kept.
      if (answer.errors !== undefined || !answer.data || typeof answer.data !== 'object') {
        return payload;
      }
      let tags: Set<string> | null;
      try {
        tags = answerTags(
          app.graphql.schema,
          decision.document,
          decision.operation,
          answer.data as Parameters<typeof answerTags>[3],
        );
      } catch (err) {
        // The answer goes out as computed; only its keeping failed.
        request.log.error({ err }, 'catalog cache: could not read the answer');
        return payload;
      }
      if (!tags) return payload;
      const stored = cache.store(waiting.key, payload, tags, waiting.markedAt);
      // A request that carried a token (not a valid one) keeps its no-store (graphql-input.ts).
      if (stored) {
        reply.header('ETag', stored.etag);
        if (request.headers.authorization === undefined) {
          reply.header('Cache-Control', PUBLIC_CACHE_CONTROL);
        }
      }
      reply.header(CACHE_STATUS_HEADER, 'miss');
      return payload;
    });
  },
  { name: 'vitrine-catalog-cache', dependencies: ['vitrine-db', 'vitrine-graphql'] },
);
