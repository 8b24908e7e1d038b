// The execution deadline: one operation's time budget, which every resolver races, and the error
// a field gets once it is spent (a GraphQL-level 504 for a slow query).
import { createRequire } from 'node:module';
import type * as graphqlModule from 'graphql';

// Mercurius runs with graphql's CommonJS build; errors and types must come from that same copy.
const graphql = createRequire(import.meta.url)('graphql') as typeof graphqlModule;

const numberFormat = new Intl.NumberFormat('pt-BR');

export const EXECUTION_TIMEOUT_CODE = 'TIMEOUT';

/** The error a field gets once the operation's time is up. */
export function executionTimeoutError(limitMs: number): Error {
  const seconds = limitMs >= 1000 ? `${numberFormat.format(limitMs / 1000)} s` : `${limitMs} ms`;
  return new graphql.GraphQLError(
    `A operação excedeu o tempo limite de ${seconds} e foi interrompida. Tente uma consulta menor.`,
    { extensions: { code: EXECUTION_TIMEOUT_CODE } },
  );
}

/**
 * One operation's time budget. Resolvers are raced against it; once it is spent, every resolver
 * still to run fails at once, so the whole operation ends with errors instead of running on.
 * (A database statement already sent keeps running until the database's own timeout.)
 */
export class ExecutionDeadline {
  readonly #limitMs: number;
  readonly #expiresAt: number;
  #timer: NodeJS.Timeout | null = null;
  #expired: Promise<never> | null = null;
  #disposed = false;

  constructor(limitMs: number, now: number = Date.now()) {
    this.#limitMs = limitMs;
    this.#expiresAt = now + limitMs;
  }

  get expired(): boolean {
    return Date.now() >= this.#expiresAt;
  }

  error(): Error {
    return executionTimeoutError(this.#limitMs);
  }

  /** `work`, or the timeout error if the budget runs out first. */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.#disposed) return work;
    if (!this.#expired) {
      this.#expired = new Promise<never>((_resolve, reject) => {
        this.#timer = setTimeout(
          () => reject(this.error()),
          Math.max(0, this.#expiresAt - Date.now()),
        );
        this.#timer.unref();
      });
      // The shared rejection must not count as unhandled when nothing is waiting any more.
      this.#expired.catch(() => undefined);
    }
    return Promise.race([work, this.#expired]);
  }

  /** Frees the timer once the response is sent. */
  dispose(): void {
    this.#disposed = true;
    if (this.#timer) clearTimeout(this.#timer);
  }
}

type AnyResolver = (root: unknown, args: unknown, context: unknown, info: unknown) => unknown;

/** The deadline a resolver's context carries (set by the GraphQL plugin). */
export interface DeadlineCarrier {
  deadline?: ExecutionDeadline;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Wraps a resolver so it respects its operation's deadline. */
export function withDeadline(resolve: AnyResolver): AnyResolver {
  return (root, args, context, info) => {
    const deadline = (context as DeadlineCarrier | null | undefined)?.deadline;
    if (!deadline) return resolve(root, args, context, info);
    if (deadline.expired) throw deadline.error();
    const result = resolve(root, args, context, info);
    // Drizzle's query builders are thenables, not Promise instances.
    return isThenable(result) ? deadline.race(Promise.resolve(result)) : result;
  };
}

const WRAPPED = Symbol('vitrine.deadline');

/**
 * Wraps every field resolver of the schema in place (idempotent), including those added later
 * through extendSchema/defineResolvers, as long as this runs after them (onReady).
 */
export function applyDeadlineToSchema(schema: graphqlModule.GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !graphql.isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve as (AnyResolver & { [WRAPPED]?: true }) | undefined;
      if (!resolve || resolve[WRAPPED]) continue;
      const wrapped = withDeadline(resolve) as AnyResolver & { [WRAPPED]?: true };
      wrapped[WRAPPED] = true;
      field.resolve = wrapped as typeof field.resolve;
    }
  }
}
