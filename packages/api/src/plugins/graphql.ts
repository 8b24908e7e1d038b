// Mercurius on /graphql/: the committed SDL, the merged resolver registry, the request context and
// the error policy (stable codes, no internals leaked to clients).
import type { Config } from '../config';
import { CentsScalar } from '../graphql/scalars';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import { createRequire } from 'node:module';
import type * as graphqlModule from 'graphql';
import { GraphQLError, type ExecutionResult, type ValidationRule } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { Transform, type Readable } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { LoaderRegistry, type GraphQLContext } from '../graphql/context';
import { mergeResolvers, resolverModules, validationRules } from '../graphql/index';
import {
  checkDocumentShape,
  documentScope,
  DOCUMENT_TOO_LARGE_CODE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_LENGTH,
  maxCostError,
  type VariableValues,
} from '../graphql/limits';
import {
  applyDeadlineToSchema,
  executionTimeoutError,
  ExecutionDeadline,
} from '../graphql/deadline';
import { DocumentCache, DOCUMENT_BYTES_PER_ERROR } from '../graphql/document-cache';
import {
  ANONYMOUS_SOURCE_MAX_LENGTH,
  isTrustedSource,
  untrustedDocumentError,
} from '../graphql/trusted-documents';
import { JsonMemberLengthScanner } from '../lib/json-member-length';
import { applyStatementTimeout } from '../lib/statement-timeout';
import { rateLimited } from '../graphql/errors';
import { hashingBusyMessage, PasswordHashingBusyError } from '../modules/staff/password';
import { NUL_MESSAGE } from './graphql-input';

// The CommonJS graphql that Mercurius validates with: a rule from another copy of graphql (the
// ESM build a bundler may pick) fails graphql's cross-realm instanceof checks.
const graphqlForMercurius = createRequire(import.meta.url)('graphql') as typeof graphqlModule;

declare module 'fastify' {
  interface FastifyInstance {
    /** The documents remembered by the GraphQL endpoint and Mercurius, bounded in bytes. */
    graphqlDocumentCache: DocumentCache;
  }
}

export const SCHEMA_PATH = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
export const GRAPHQL_PATH = '/graphql/';
export { MAX_QUERY_DEPTH } from '../graphql/limits';
/** Largest accepted POST body on /graphql/: the biggest ui operation is a few KB. */
export const GRAPHQL_BODY_LIMIT = 100 * 1024;
/**
 * What a signed-in staff member may post: a bank statement of up to 2 MB
 * (bankStatementImportCreate), JSON-escaped, or a product CSV of up to 5 MB in base64
 * (productImportCreate, about 6.7 MB), both in `variables` (the files go through GraphQL, not
 * through an upload route). The document itself stays under MAX_DOCUMENT_LENGTH (32 KB) for
 * everyone. Anyone else stays at GRAPHQL_BODY_LIMIT.
 */
export const GRAPHQL_STAFF_BODY_LIMIT = 7 * 1024 * 1024;
/** Documents in each of Mercurius' two caches (parsed and valid, parsed and invalid). */
const MERCURIUS_CACHE_ENTRIES = 1_024;

/** The window of the per-client request limit (config.graphqlRateLimit requests in it). */
export const GRAPHQL_RATE_WINDOW_MS = 60_000;
const INTERNAL_MESSAGE = 'Erro interno do servidor. Tente novamente em instantes.';

function hasCode(error: GraphQLError): boolean {
  return typeof error.extensions?.code === 'string';
}

/** An HTTP-level refusal (Fastify's body parser, Mercurius' request checks) for /graphql/. */
interface HttpRefusal {
  status: number;
  code: string;
  message: string;
}

/** The payload, failing as a too-large body once more than `limit` bytes have come. */
function cappedStream(payload: Readable, limit: number): Readable {
  let received = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) callback(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      else callback(null, chunk);
    },
  });
  payload.on('error', (error) => capped.destroy(error));
  return payload.pipe(capped);
}

/** The code of a body whose document was seen to be too long while it streamed in. */
const DOCUMENT_TOO_LARGE_ERROR = 'VITRINE_DOCUMENT_TOO_LARGE';

/**
 * The payload, failing with DOCUMENT_TOO_LARGE (413) when its "query" member is longer than
 * MAX_DOCUMENT_LENGTH: from there on the body is read and dropped, not kept, joined or parsed, and
 * the refusal comes at its end (answering while the client still sends would break its request).
 */
function documentLengthGuard(payload: Readable): Readable {
  const scanner = new JsonMemberLengthScanner('query', MAX_DOCUMENT_LENGTH);
  const guarded = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!scanner.over && scanner.push(chunk)) callback(null, chunk);
      else callback();
    },
    flush(callback) {
      if (!scanner.over) return callback();
      const error = Object.assign(new Error(DOCUMENT_TOO_LARGE_MESSAGE), {
        code: DOCUMENT_TOO_LARGE_ERROR,
        statusCode: 413,
      });
      callback(error);
    },
  });
  payload.on('error', (error) => guarded.destroy(error));
  return payload.pipe(guarded);
}

const HTTP_REFUSALS: Record<string, Omit<HttpRefusal, 'status'>> = {
  [DOCUMENT_TOO_LARGE_ERROR]: {
    code: DOCUMENT_TOO_LARGE_CODE,
    message: DOCUMENT_TOO_LARGE_MESSAGE,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: `A requisição GraphQL é grande demais (máximo de ${GRAPHQL_BODY_LIMIT / 1024} KB; ${GRAPHQL_STAFF_BODY_LIMIT / 1024 / 1024} MB com login da equipe, para importações).`,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'O corpo da requisição não é um JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'O corpo da requisição está vazio; envie a operação GraphQL em JSON.',
  },
  MER_ERR_METHOD_NOT_ALLOWED: {
    code: 'METHOD_NOT_ALLOWED',
    message: 'Mutações não podem ser enviadas por GET; use POST.',
  },
};

function httpRefusalOf(error: GraphQLError): HttpRefusal | null {
  const original = error.originalError as { code?: unknown; statusCode?: unknown } | undefined;
  if (!original || typeof original.code !== 'string') return null;
  if (original.code === 'MER_ERR_GQL_VALIDATION') return null; // GraphQL errors inside: unwrapped
  if (!/^(FST_|MER_)/.test(original.code) && original.code !== DOCUMENT_TOO_LARGE_ERROR)
    return null;
  const status =
    typeof original.statusCode === 'number' && original.statusCode >= 400
      ? original.statusCode
      : 400;
  if (status >= 500) return null;
  const known = HTTP_REFUSALS[original.code];
  return known
    ? { status, ...known }
    : { status, code: 'BAD_REQUEST', message: 'Requisição GraphQL inválida.' };
}

/**
 * What a request error (no path: syntax, validation, variable values) is called, Apollo-style.
 * Variable errors are the client's input: BAD_USER_INPUT, like the resolvers' own.
 */
function requestErrorCode(message: string): string {
  if (message.startsWith('Syntax Error')) return 'GRAPHQL_PARSE_FAILED';
  if (message.startsWith('Variable "$')) return 'BAD_USER_INPUT';
  return 'GRAPHQL_VALIDATION_FAILED';
}

/**
 * A request error: no path (nothing was executed) and either no original error (validation) or a
 * GraphQL error as the original (variable coercion wraps the scalar's parse error).
 */
function isRequestError(error: GraphQLError): boolean {
  if (error.path !== undefined) return false;
  const original = error.originalError;
  return !original || isGraphQLError(original);
}

/**
 * Errors with a code, and request errors, are for the client (suggestions stripped when asked).
 * Anything else was thrown by our code without a code: a bug, logged and answered generically.
 */
function sanitizeError(
  error: GraphQLError,
  hideSuggestions: boolean,
  timeoutMs: number,
): GraphQLError {
  // PostgreSQL cancelled the statement at the operation's deadline (the pool's statement_timeout
  // is the same budget): the operation ran out of time, whichever of the two stopped it first.
  if (timeoutMs > 0 && isStatementTimeout(error.originalError)) {
    const timeout = executionTimeoutError(timeoutMs) as GraphQLError;
    return new GraphQLError(timeout.message, {
      nodes: error.nodes,
      path: error.path,
      extensions: timeout.extensions,
    });
  }
  // The password hashing queue is full (myPasswordChange): RATE_LIMITED, try again soon.
  if (error.originalError instanceof PasswordHashingBusyError) {
    const seconds = error.originalError.retryAfterSeconds;
    const busy = rateLimited(seconds, hashingBusyMessage(seconds));
    return new GraphQLError(busy.message, {
      nodes: error.nodes,
      path: error.path,
      extensions: busy.extensions as Record<string, unknown>,
    });
  }
  const coded = hasCode(error);
  if (coded || isRequestError(error)) {
    const message = hideSuggestions
      ? error.message.replace(/ Did you mean .*\?$/, '')
      : error.message;
    if (coded && message === error.message) return error;
    return new GraphQLError(message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: coded ? error.extensions : { code: requestErrorCode(message) },
    });
  }
  if (isNulRefusal(error.originalError)) {
    return new GraphQLError(NUL_MESSAGE, {
      nodes: error.nodes,
      path: error.path,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return new GraphQLError(INTERNAL_MESSAGE, {
    nodes: error.nodes,
    path: error.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

/**
 * PostgreSQL refuses U+0000 in text ("invalid byte sequence for encoding UTF8: 0x00", SQLSTATE
 * 22021; 22P05 when it cannot be translated). A resolver checks the fields it writes and names them;
 * a NUL in a value that is only compared (a slug, a filter, a cursor) reaches the database and is
 * the client's input all the same (issue 11, item 8). Drizzle wraps the driver's error in `cause`.
 */
/** SQLSTATE 57014 (query_canceled) from the statement timeout; drizzle wraps it in `cause`. */
function isStatementTimeout(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '57014' && /statement timeout/i.test(error.message)) return true;
  return isStatementTimeout((error as { cause?: unknown }).cause, depth + 1);
}

function isNulRefusal(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if ((code === '22021' || code === '22P05') && /0x00|\\u0000/.test(error.message)) return true;
  return isNulRefusal((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * Mercurius loads graphql's CommonJS build and this file its ESM build: two GraphQLError classes,
 * so `instanceof` cannot be trusted here.
 */
function isGraphQLError(value: unknown): value is GraphQLError {
  return value instanceof Error && value.name === 'GraphQLError';
}

/** Mercurius wraps validation errors in one error holding the list: flatten it. */
function unwrapErrors(error: GraphQLError): GraphQLError[] {
  const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(inner)) return [error];
  const graphqlErrors = inner.filter(isGraphQLError);
  // The rest are the request's shape failing Mercurius' JSON schema (e.g. a batch, an array).
  if (graphqlErrors.length === inner.length) return graphqlErrors;
  return [
    ...graphqlErrors,
    new GraphQLError(BAD_SHAPE_MESSAGE, { extensions: { code: 'BAD_REQUEST' } }),
  ];
}

/**
 * Refuses the request with `error` before execution, the way Mercurius refuses an invalid
 * document (400, the GraphQL error unwrapped by the error formatter).
 */
function requestRefusal(error: GraphQLError, statusCode = 400): Error {
  return Object.assign(new Error(error.message), {
    code: 'MER_ERR_GQL_VALIDATION',
    statusCode,
    errors: [error],
  });
}

/** The errors of an invalid document as Mercurius reports (and caches) them; 0 for other errors. */
function validationErrorCount(errors: readonly GraphQLError[]): number {
  let count = 0;
  for (const error of errors) {
    const original = error.originalError as { code?: unknown; errors?: unknown } | undefined;
    if (original?.code === 'MER_ERR_GQL_VALIDATION' && Array.isArray(original.errors)) {
      count += original.errors.length;
    }
  }
  return count;
}

const BAD_SHAPE_MESSAGE =
  'Requisição GraphQL inválida: envie um único objeto JSON com query, variables e operationName (lotes não são aceitos).';

/**
 * The checks of a request to the GraphQL endpoint before Mercurius sees it: a JSON body, the
 * per-address rate limit, and the body's size limits.
 */
function addRequestGuards(app: FastifyInstance): void {
  // Only JSON bodies reach the GraphQL endpoint, so no "simple" cross-site form or text/plain
  // request (which a browser sends without a preflight) can run a mutation.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const pathname = request.url.split('?')[0];
    if (pathname !== GRAPHQL_PATH && pathname !== '/graphql') return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'application/graphql-response+json') {
      return reply.code(415).send({
        errors: [
          {
            message: 'Envie a operação GraphQL como JSON (Content-Type: application/json).',
            extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
          },
        ],
      });
    }
  });

  // Per client address: at most graphqlRateLimit requests in any minute (GET and POST alike).
  const rateLimit = app.config.graphqlRateLimit;
  if (rateLimit > 0) {
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0];
      if (pathname !== GRAPHQL_PATH && pathname !== '/graphql') return;
      if (!app.hasDecorator('rateLimits')) return;
      const decision = await app.rateLimits.take(
        `graphql:${request.ip}`,
        rateLimit,
        GRAPHQL_RATE_WINDOW_MS,
        Date.now(),
      );
      if (decision.allowed) return;
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      return reply
        .code(429)
        .header('Retry-After', String(seconds))
        .send({
          data: null,
          errors: [
            {
              message: `Muitas requisições. Tente novamente em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
              extensions: { code: 'RATE_LIMITED', retryAfterSeconds: seconds },
            },
          ],
        });
    });
  }

  // The request body limit of the GraphQL route (the app's default is for other routes): the
  // staff's, checked by the parser; GRAPHQL_BODY_LIMIT for everyone else, checked before it
  // (the declared length, or the bytes as they come when no length is declared). A staff body
  // past GRAPHQL_BODY_LIMIT is watched as it comes: a document too long is refused right there.
  app.addHook('onRoute', (route) => {
    if (route.url === GRAPHQL_PATH || route.url === '/graphql') {
      route.bodyLimit = GRAPHQL_STAFF_BODY_LIMIT;
    }
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const pathname = request.url.split('?')[0];
    if (pathname !== GRAPHQL_PATH && pathname !== '/graphql') return payload;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared <= GRAPHQL_BODY_LIMIT) return payload;
    if (await request.staffPrincipal()) return documentLengthGuard(payload);
    if (Number.isFinite(declared)) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    return cappedStream(payload, GRAPHQL_BODY_LIMIT);
  });
}

/**
 * How an execution's errors are answered: an HTTP refusal as itself; otherwise each error
 * sanitized (internal ones logged), a new invalid document charged its errors' bytes, and 400
 * when nothing ran because the request was wrong.
 */
function errorFormatterFor(
  config: Config,
  documents: DocumentCache,
  admittedBy: WeakMap<FastifyRequest, string>,
) {
  return (
    execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
    context: MercuriusContext,
  ) => {
    const reply: FastifyReply = context.reply;
    // An HTTP-level refusal (body too large, mutation over GET, bad JSON) is the only error.
    const refusal = execution.errors.length === 1 ? httpRefusalOf(execution.errors[0]!) : null;
    if (refusal) {
      if (refusal.status === 405) reply.header('Allow', 'POST');
      return {
        statusCode: refusal.status,
        response: {
          data: null,
          errors: [{ message: refusal.message, extensions: { code: refusal.code } }],
        },
      };
    }
    // An invalid document new to Mercurius: its errors are cached with it, and cost their bytes.
    const admitted = admittedBy.get(reply.request);
    if (admitted !== undefined) {
      admittedBy.delete(reply.request);
      documents.charge(admitted, validationErrorCount(execution.errors) * DOCUMENT_BYTES_PER_ERROR);
    }
    // The default formatter decides the status code (e.g. 400 for invalid documents).
    let { statusCode } = mercurius.defaultErrorFormatter(execution, context);
    const flat = execution.errors.flatMap(unwrapErrors);
    const errors = flat.map((error) => {
      const sanitized = sanitizeError(error, !config.graphqlIntrospection, config.graphqlTimeoutMs);
      if (sanitized.extensions.code === 'INTERNAL_SERVER_ERROR') {
        reply.log.error({ err: error.originalError ?? error }, 'GraphQL resolver failed');
      }
      return sanitized.toJSON();
    });
    // Nothing ran because the request was wrong (e.g. a variable of the wrong type, which
    // the compiled-query path reports with 200): 400, as for an invalid document.
    if (!execution.data && flat.length > 0 && flat.every(isRequestError)) statusCode = 400;
    return { statusCode, response: { data: execution.data ?? null, errors } };
  };
}

export const graphqlPlugin = fp(
  async (app) => {
    const config = app.config;
    const rules: ValidationRule[] = [...validationRules];
    if (!config.graphqlIntrospection)
      rules.push(graphqlForMercurius.NoSchemaIntrospectionCustomRule);

    addRequestGuards(app);

    // Each operation gets a time budget; its timer is freed when the response is sent.
    const deadlines = new WeakMap<FastifyRequest, ExecutionDeadline>();
    const deadlineFor = (request: FastifyRequest) => {
      let deadline = deadlines.get(request);
      if (!deadline) {
        deadline = new ExecutionDeadline(config.graphqlTimeoutMs);
        deadlines.set(request, deadline);
      }
      return deadline;
    };
    app.addHook('onResponse', async (request) => {
      deadlines.get(request)?.dispose();
    });

    // What Mercurius remembers of the documents it parsed, bounded in bytes (graphql/document-cache.ts):
    // the budget reached, its caches are emptied through replaceSchema (same schema).
    const documents = new DocumentCache({
      maxBytes: config.graphqlDocumentCacheMaxBytes,
      onClear: () => app.graphql.replaceSchema(app.graphql.schema),
    });
    app.decorate('graphqlDocumentCache', documents);
    /** The source a request was the first to bring since the last clear (charged its errors). */
    const admittedBy = new WeakMap<FastifyRequest, string>();

    await app.register(mercurius, {
      schema: readFileSync(SCHEMA_PATH, 'utf8'),
      resolvers: { ...mergeResolvers(resolverModules), Cents: CentsScalar } as never,
      path: GRAPHQL_PATH,
      jit: 1,
      // Entries are counted by Mercurius and their bytes by `documents`, which empties both.
      cache: MERCURIUS_CACHE_ENTRIES,
      graphiql: false,
      // Depth is checked by our own validation rule (graphql/limits.ts, maxDepthRule): Mercurius'
      // queryDepth answers with an error that is not a GraphQL error and has no code.
      allowBatchedQueries: false,
      validationRules: rules,
      context: async (request, reply): Promise<GraphQLContext> => ({
        // A public catalog read the cache did not answer may run on the read replica.
        db: app.readReplica?.dbFor(request, app.db) ?? app.db,
        config,
        staff: await request.staffPrincipal(),
        request,
        reply,
        loaders: new LoaderRegistry(),
        deadline: deadlineFor(request),
      }),
      errorFormatter: errorFormatterFor(config, documents, admittedBy),
    });

    // Before Mercurius parses (and validates) a document it has not seen: its length (no longer
    // than MAX_DOCUMENT_LENGTH, which graphql-input.ts checks first), the token count, then
    // fragments, spreads, aliases, directives, fields, and the same with fragments expanded, so no
    // document holds the event loop for long. A document that passed goes on to Mercurius, which
    // keeps it: `documents` records it with its estimated bytes, so the check runs once.
    // With trusted documents on (production), a request without a valid staff session runs only
    // the app's own documents: a source far longer than any of them is refused unread, the rest
    // after the shape check, by the hash of their canonical form (remembered once found).
    app.graphql.addHook('preParsing', async (_schema, source, context) => {
      const request = (context as MercuriusContext).reply.request;
      if (source.length > MAX_DOCUMENT_LENGTH) {
        const error = new GraphQLError(DOCUMENT_TOO_LARGE_MESSAGE, {
          extensions: { code: DOCUMENT_TOO_LARGE_CODE },
        });
        throw requestRefusal(error, 413);
      }
      const known = documents.has(source);
      const anonymousCheck =
        config.graphqlTrustedDocuments &&
        !documents.isTrusted(source) &&
        !(await request.staffPrincipal());
      if (anonymousCheck && source.length > ANONYMOUS_SOURCE_MAX_LENGTH) {
        throw requestRefusal(untrustedDocumentError());
      }
      if (known && !anonymousCheck) return;
      let tokens = 0;
      if (!known) {
        const shape = checkDocumentShape(source);
        if (shape.error) throw requestRefusal(shape.error);
        tokens = shape.tokens;
      }
      if (anonymousCheck && !isTrustedSource(source)) {
        throw requestRefusal(untrustedDocumentError());
      }
      if (known) {
        documents.markTrusted(source);
      } else {
        documents.admit(source, tokens, anonymousCheck);
        admittedBy.set(request, source);
      }
    });

    // The cost again, now with the request's variables (`first: $n`): validation, cached per
    // document, could only count what every value of the variables costs.
    app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
      const operations = document.definitions.filter(
        (definition) => definition.kind === 'OperationDefinition',
      );
      if (!operations.some((operation) => operation.variableDefinitions?.length)) return;
      const request = (context as MercuriusContext).reply.request;
      const params = (request.method === 'GET' ? request.query : request.body) as
        { operationName?: unknown } | undefined;
      const operationName =
        typeof params?.operationName === 'string' ? params.operationName : undefined;
      const chosen = operationName
        ? operations.filter((operation) => operation.name?.value === operationName)
        : operations;
      const scope = documentScope(schema, document);
      const values: VariableValues =
        variables && typeof variables === 'object' ? (variables as VariableValues) : {};
      for (const operation of chosen) {
        const refusal = maxCostError(scope, operation, values);
        if (refusal) throw requestRefusal(refusal);
      }
    });

    let withdrawStatementTimeout: (() => void) | null = null;
    // After every module (and any extendSchema) has defined its resolvers: enforce the deadline.
    app.addHook('onReady', async () => {
      applyDeadlineToSchema(app.graphql.schema);
      // Statements end with the deadline too (PostgreSQL; migrations ran before this).
      withdrawStatementTimeout = applyStatementTimeout(app.db, config.graphqlTimeoutMs);
    });
    app.addHook('onClose', async () => withdrawStatementTimeout?.());
  },
  { name: 'vitrine-graphql', dependencies: ['vitrine-db', 'vitrine-auth'] },
);
