// Operation limits checked before execution (aliases, static cost) and the execution deadline.
import { createRequire } from 'node:module';
import type * as graphqlModule from 'graphql';
import type {
  ASTVisitor,
  FieldNode,
  GraphQLCompositeType,
  GraphQLFieldMap,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
} from 'graphql';

// Mercurius validates with graphql's CommonJS build; the type checks below (isListType, ...) use
// instanceof, so they must come from that same copy, not the ESM one a bundler may hand us.
const graphql = createRequire(import.meta.url)('graphql') as typeof graphqlModule;

export const MAX_ALIASES = 15;
/**
 * The ui documents cost at most about 2,300 (the home page); a page of 100 products with images
 * and variants about 9,000; nested lists (categories in categories in categories, variants'
 * options on 100 products) run into the tens or hundreds of thousands and are refused.
 */
export const MAX_QUERY_COST = 20_000;
/** What a list without first/last is assumed to hold (images, variants, brands, ...). */
export const DEFAULT_LIST_SIZE = 20;
/** `first` is capped at 100 by the resolvers. */
export const MAX_PAGE_SIZE = 100;

const PAGE_SIZE_ARGS = new Set(['first', 'last']);
/** The list fields of a connection whose size comes from the connection's first/last. */
const CONNECTION_LISTS = new Set(['edges', 'nodes']);

export interface OperationMeasure {
  cost: number;
  aliases: number;
}

function fieldsOf(
  type: GraphQLCompositeType | undefined,
): GraphQLFieldMap<unknown, unknown> | null {
  return type && (graphql.isObjectType(type) || graphql.isInterfaceType(type))
    ? type.getFields()
    : null;
}

/**
 * The page size a field asks for: a literal, or for a variable its default, else the resolvers'
 * default page (validation cannot see the request's variables; the resolvers cap first at 100).
 */
function pageSize(field: FieldNode, operation: OperationDefinitionNode): number | null {
  for (const arg of field.arguments ?? []) {
    if (!PAGE_SIZE_ARGS.has(arg.name.value)) continue;
    if (arg.value.kind === graphql.Kind.INT) return Math.max(0, Number(arg.value.value));
    if (arg.value.kind === graphql.Kind.VARIABLE) {
      const name = arg.value.name.value;
      const definition = operation.variableDefinitions?.find((v) => v.variable.name.value === name);
      const fallback = definition?.defaultValue;
      return fallback?.kind === graphql.Kind.INT
        ? Math.min(Number(fallback.value), MAX_PAGE_SIZE)
        : DEFAULT_LIST_SIZE;
    }
  }
  return null;
}

/**
 * A static estimate: every field costs 1; a list field multiplies its selection by its first/last
 * (a connection's edges/nodes by the connection's), else by DEFAULT_LIST_SIZE. Fragments are
 * expanded; __typename and introspection fields are free (introspection has its own switch).
 */
export function measureOperation(
  context: ValidationContext,
  operation: OperationDefinitionNode,
): OperationMeasure {
  const schema = context.getSchema();
  const rootType =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  let aliases = 0;

  const selectionCost = (
    selectionSet: SelectionSetNode,
    parentType: GraphQLCompositeType | undefined,
    connectionSize: number | null,
    fragmentsInPath: ReadonlySet<string>,
  ): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === graphql.Kind.FIELD) {
        if (selection.alias) aliases += 1;
        const name = selection.name.value;
        if (name.startsWith('__')) continue;
        const definition = fieldsOf(parentType)?.[name];
        const nullable = definition ? graphql.getNullableType(definition.type) : undefined;
        const named = definition ? graphql.getNamedType(definition.type) : undefined;
        const size = pageSize(selection, operation);
        const isList = nullable !== undefined && graphql.isListType(nullable);
        const childType = named && graphql.isCompositeType(named) ? named : undefined;
        const children = selection.selectionSet
          ? selectionCost(selection.selectionSet, childType, isList ? null : size, fragmentsInPath)
          : 0;
        const multiplier = isList
          ? (size ??
            (CONNECTION_LISTS.has(name) && connectionSize !== null
              ? connectionSize
              : DEFAULT_LIST_SIZE))
          : 1;
        total += 1 + multiplier * children;
      } else if (selection.kind === graphql.Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition
          ? schema.getType(selection.typeCondition.name.value)
          : parentType;
        const type = condition && graphql.isCompositeType(condition) ? condition : undefined;
        total += selectionCost(selection.selectionSet, type, connectionSize, fragmentsInPath);
      } else {
        const name = selection.name.value;
        const fragment = context.getFragment(name);
        // A cycle is reported by graphql's own NoFragmentCycles rule: just do not loop.
        if (!fragment || fragmentsInPath.has(name)) continue;
        const condition = schema.getType(fragment.typeCondition.name.value);
        const type = condition && graphql.isCompositeType(condition) ? condition : undefined;
        total += selectionCost(
          fragment.selectionSet,
          type,
          connectionSize,
          new Set([...fragmentsInPath, name]),
        );
      }
    }
    return total;
  };

  const cost = selectionCost(operation.selectionSet, rootType ?? undefined, null, new Set());
  return { cost, aliases };
}

function limitError(message: string, node: OperationDefinitionNode) {
  return new graphql.GraphQLError(message, {
    nodes: [node],
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

const numberFormat = new Intl.NumberFormat('pt-BR');

/** At most `max` aliased fields per operation (fragments included), against alias amplification. */
export function maxAliasesRule(max: number = MAX_ALIASES): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const { aliases } = measureOperation(context, node);
      if (aliases > max) {
        context.reportError(
          limitError(
            `A operação usa ${aliases} apelidos (aliases); o máximo é ${max} por operação.`,
            node,
          ),
        );
      }
    },
  });
}

/** Refuses operations whose static cost (see measureOperation) is above `max`. */
export function maxCostRule(max: number = MAX_QUERY_COST): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const { cost } = measureOperation(context, node);
      if (cost > max) {
        context.reportError(
          limitError(
            `A operação é complexa demais (custo estimado ${numberFormat.format(cost)}; o máximo é ${numberFormat.format(max)}). Peça menos itens por página (first) ou menos campos.`,
            node,
          ),
        );
      }
    },
  });
}

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
