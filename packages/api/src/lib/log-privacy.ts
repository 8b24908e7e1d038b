// What the server's log may say about a shopper: nothing that names them. Logs are read by more
// people and kept longer than the data's purpose needs, and an LGPD anonymisation cannot reach
// them. Three ways a shopper's data reached the log without any log line asking for it:
// - request URLs: the dashboard's list searches (/dashboard/pedidos?busca=<e-mail>), storefront
//   queries sent by GET (variables={"email": ...}), one-time tokens and export tickets. Query
//   values are withheld (names kept; operationName too), the path masked (maskPersonalText).
// - errors: a failed query's message lists its parameters (Drizzle: "params: Joana,...,123..."),
//   PostgreSQL's `detail` repeats the failing row, a bad JSON body's message quotes it. The
//   parameters and `detail`/`where`/`hint` are withheld; e-mails, CPFs and phones masked in the rest.
// - message strings quoting a URL (Fastify's "Route GET:/x?email=... not found").
// The mail module masks its own recipients (personal-data's maskEmail) where it logs them.
import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';
import { maskPersonalText } from './personal-data';

type LoggerOption = FastifyServerOptions['logger'];

const KEPT_QUERY_VALUES = new Set(['operationName']);
const WITHHELD = '[oculto]';

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** '/dashboard/pedidos?busca=joana%40gmail.com&ordem=total' -> '/dashboard/pedidos?busca=[oculto]&ordem=[oculto]'. */
export function privateUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const decoded = safeDecode(path);
  const masked = maskPersonalText(decoded);
  const safePath = masked === decoded ? path : masked;
  if (mark < 0) return safePath;
  const params = url
    .slice(mark + 1)
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals < 0 ? part : part.slice(0, equals);
      const safeName = maskPersonalText(safeDecode(name)) === safeDecode(name) ? name : WITHHELD;
      if (equals < 0) return safeName;
      return KEPT_QUERY_VALUES.has(name) ? part : `${safeName}=${WITHHELD}`;
    });
  return `${safePath}?${params.join('&')}`;
}

// Paths quoted in a message: '/' then anything but spaces and quotes.
const PATH_IN_TEXT = /\/[^\s"'<>`]*/g;

/** A message string with the URLs it quotes made private. */
export function privateMessage(text: string): string {
  return text.replace(PATH_IN_TEXT, (path) =>
    path.includes('?') || path.includes('@') || /\d{8}/.test(path) ? privateUrl(path) : path,
  );
}

// A failed query's parameters, from 'params:' to the stack's first frame or the next cause.
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;

/** An error's message or stack with its query parameters withheld and personal data masked. */
export function privateErrorText(text: string): string {
  return maskPersonalText(text.replace(QUERY_PARAMS, `\nparams: ${WITHHELD}`));
}

/** Fields of an error never logged: query parameters and PostgreSQL's row-quoting details. */
const WITHHELD_ERROR_FIELDS = new Set([
  'params',
  'parameters',
  'detail',
  'where',
  'hint',
  'internalQuery',
]);

type ErrorLike = Error & Record<string, unknown>;

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

function privateValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskPersonalText(value);
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  if (isErrorLike(value)) return privateError(value, depth - 1);
  if (Array.isArray(value)) return value.map((item) => privateValue(item, depth - 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, privateValue(item, depth - 1)]),
  );
}

function causeOf(error: ErrorLike): ErrorLike | null {
  return isErrorLike(error.cause) ? error.cause : null;
}

/**
 * An error as the log keeps it, in the shape of pino's serializer (type, message and stack with
 * their causes, the error's own fields) with the query parameters and row details withheld and
 * e-mails, CPFs and phones masked.
 */
export function privateError(err: unknown, depth = 4): unknown {
  if (!isErrorLike(err)) return err;
  const messages: string[] = [];
  const stacks: string[] = [];
  const seen = new Set<ErrorLike>();
  for (let error: ErrorLike | null = err; error && !seen.has(error); error = causeOf(error)) {
    seen.add(error);
    messages.push(privateErrorText(error.message));
    stacks.push(privateErrorText(error.stack ?? ''));
  }
  const out: Record<string, unknown> = {
    type: typeof err.constructor === 'function' ? err.constructor.name : err.name,
    message: messages.join(': '),
    stack: stacks.join('\ncaused by: '),
  };
  if (Array.isArray(err.errors)) {
    out.aggregateErrors = err.errors.map((item: unknown) => privateError(item, depth - 1));
  }
  for (const key of Object.keys(err)) {
    if (key in out || key === 'cause' || key === 'errors' || WITHHELD_ERROR_FIELDS.has(key)) {
      continue;
    }
    out[key] = privateValue(err[key], depth);
  }
  return out;
}

/** The request as Fastify logs it ('incoming request'), its URL private. */
function privateRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: privateUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * A log call's arguments made private: a message logged with an error (Fastify's 'request
 * errored' repeats the error's message) is read as the error's text; any other message has the
 * URLs it quotes made private. An error logged alone gets its private message (pino would use
 * the raw one).
 */
function privateArguments<T extends unknown[]>(args: T): T {
  const [first, ...rest] = args;
  const error = isErrorLike(first)
    ? first
    : first && typeof first === 'object' && isErrorLike((first as { err?: unknown }).err)
      ? (first as { err: ErrorLike }).err
      : null;
  const withMessage = isErrorLike(first) && typeof rest[0] !== 'string';
  const list = withMessage ? [first, first.message, ...rest] : args;
  return list.map((arg, index) => {
    if (typeof arg !== 'string') return arg;
    // The message: the first argument, or the one after the merging object (or the error).
    const message = index === 0 || (index === 1 && typeof list[0] !== 'string');
    return error && message ? privateErrorText(arg) : privateMessage(arg);
  }) as T;
}

/**
 * The server's logger options with the private serializers (req, err) and message hook; `false`
 * (no logger) stays as it is. The serializers win over any the options bring.
 */
export function privateLogger(logger: LoggerOption): LoggerOption {
  if (!logger || logger === true) return logger === true ? privateLogger({}) : logger;
  const hooks = logger.hooks ?? {};
  return {
    ...logger,
    serializers: {
      ...logger.serializers,
      req: privateRequest,
      err: (error: FastifyError) => privateError(error) as SerializedError,
    },
    hooks: {
      ...hooks,
      logMethod(args, method, level) {
        const safe = privateArguments(args);
        if (hooks.logMethod) hooks.logMethod.call(this, safe, method, level);
        else method.apply(this, safe);
      },
    },
  };
}
