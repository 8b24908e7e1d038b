// Operation limits checked before execution (depth, aliases, static cost, the document's shape);
// the execution deadline is in deadline.ts.
import { createRequire } from 'node:module';
import type * as graphqlModule from 'graphql';
import type {
  ASTVisitor,
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLFieldMap,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
} from 'graphql';

// Mercurius validates with graphql's CommonJS build; the type checks below (isListType, ...) use
// instanceof, so they must come from that same copy, not the ESM one a bundler may hand us.
const graphql = createRequire(import.meta.url)('graphql') as typeof graphqlModule;

/** Nested field levels an operation may have (fragments add no level of their own). */
export const MAX_QUERY_DEPTH = 10;
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

/**
 * Fields whose cost is not their selection: facets aggregate the whole filtered catalog (brands,
 * categories, sizes, colors, price range, stock), so one costs as much as a large page. Fifteen
 * aliased `products { facets }` cost 30,000 and are refused; the ui asks for facets once.
 */
export const FIELD_COSTS: Readonly<Record<string, number>> = {
  'ProductConnection.facets': 2_000,
};

/** The code of every limit refusal: the client asked for too much. */
export const LIMIT_ERROR_CODE = 'BAD_USER_INPUT';

const PAGE_SIZE_ARGS = new Set(['first', 'last']);
/** The list fields of a connection whose size comes from the connection's first/last. */
const CONNECTION_LISTS = new Set(['edges', 'nodes']);

export interface OperationMeasure {
  cost: number;
  aliases: number;
}

/** What measuring needs of a document: a ValidationContext qualifies, so does documentScope(). */
export interface MeasureScope {
  getSchema(): GraphQLSchema;
  getFragment(name: string): FragmentDefinitionNode | null | undefined;
}

/** The request's variables; `undefined` while validating (the values are not known yet). */
export type VariableValues = Readonly<Record<string, unknown>> | undefined;

/** A MeasureScope over a parsed document (outside validation, e.g. before execution). */
export function documentScope(schema: GraphQLSchema, document: DocumentNode): MeasureScope {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === graphql.Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  return { getSchema: () => schema, getFragment: (name) => fragments.get(name) };
}

function fieldsOf(
  type: GraphQLCompositeType | undefined,
): GraphQLFieldMap<unknown, unknown> | null {
  return type && (graphql.isObjectType(type) || graphql.isInterfaceType(type))
    ? type.getFields()
    : null;
}

/**
 * The page size a field asks for. A literal is taken as written. A variable is the request's
 * value; when the request leaves it out, the variable's default, else the resolvers' default page
 * (20). While validating, the values are unknown: a variable then counts as its default, else 0
 * (the least the request can ask for), so validation refuses only what is too costly for every
 * value, and the check before execution (`maxCostError` with the variables) settles the rest.
 */
function pageSize(
  field: graphqlModule.FieldNode,
  operation: OperationDefinitionNode,
  variables: VariableValues,
): number | null {
  for (const arg of field.arguments ?? []) {
    if (!PAGE_SIZE_ARGS.has(arg.name.value)) continue;
    if (arg.value.kind === graphql.Kind.INT) return Math.max(0, Number(arg.value.value));
    if (arg.value.kind === graphql.Kind.VARIABLE) {
      const name = arg.value.name.value;
      const value = variables?.[name];
      if (typeof value === 'number' && Number.isInteger(value)) return Math.max(0, value);
      const definition = operation.variableDefinitions?.find((v) => v.variable.name.value === name);
      const fallback = definition?.defaultValue;
      if (fallback?.kind === graphql.Kind.INT) return Math.max(0, Number(fallback.value));
      return variables === undefined ? 0 : DEFAULT_LIST_SIZE;
    }
  }
  return null;
}

/**
 * A static estimate: every field costs 1 (those in FIELD_COSTS more); a list field multiplies its selection by its first/last
 * (a connection's edges/nodes by the connection's), else by DEFAULT_LIST_SIZE. Fragments are
 * expanded (each fragment measured once per connection size, so repeated spreads cannot make this
 * exponential); __typename and introspection fields are free (introspection has its own switch).
 * With `variables`, page sizes given as variables count at the request's values (see pageSize).
 */
export function measureOperation(
  scope: MeasureScope,
  operation: OperationDefinitionNode,
  variables?: VariableValues,
): OperationMeasure {
  const schema = scope.getSchema();
  const rootType =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  const fragmentMeasures = new Map<string, OperationMeasure>();

  const selectionMeasure = (
    selectionSet: SelectionSetNode,
    parentType: GraphQLCompositeType | undefined,
    connectionSize: number | null,
    fragmentsInPath: ReadonlySet<string>,
  ): OperationMeasure => {
    let cost = 0;
    let aliases = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === graphql.Kind.FIELD) {
        if (selection.alias) aliases += 1;
        const name = selection.name.value;
        if (name.startsWith('__')) continue;
        const definition = fieldsOf(parentType)?.[name];
        const nullable = definition ? graphql.getNullableType(definition.type) : undefined;
        const named = definition ? graphql.getNamedType(definition.type) : undefined;
        const size = pageSize(selection, operation, variables);
        const isList = nullable !== undefined && graphql.isListType(nullable);
        const childType = named && graphql.isCompositeType(named) ? named : undefined;
        const children = selection.selectionSet
          ? selectionMeasure(
              selection.selectionSet,
              childType,
              isList ? null : size,
              fragmentsInPath,
            )
          : { cost: 0, aliases: 0 };
        const multiplier = isList
          ? (size ??
            (CONNECTION_LISTS.has(name) && connectionSize !== null
              ? connectionSize
              : DEFAULT_LIST_SIZE))
          : 1;
        const fixed = parentType ? FIELD_COSTS[`${parentType.name}.${name}`] : undefined;
        cost += (fixed ?? 1) + multiplier * children.cost;
        aliases += children.aliases;
      } else if (selection.kind === graphql.Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition
          ? schema.getType(selection.typeCondition.name.value)
          : parentType;
        const type = condition && graphql.isCompositeType(condition) ? condition : undefined;
        const inner = selectionMeasure(
          selection.selectionSet,
          type,
          connectionSize,
          fragmentsInPath,
        );
        cost += inner.cost;
        aliases += inner.aliases;
      } else {
        const name = selection.name.value;
        const fragment = scope.getFragment(name);
        // A cycle is reported by graphql's own NoFragmentCycles rule: just do not loop.
        if (!fragment || fragmentsInPath.has(name)) continue;
        const key = `${name}:${connectionSize ?? '-'}`; // fragment names have no ":"
        let inner = fragmentMeasures.get(key);
        if (!inner) {
          const condition = schema.getType(fragment.typeCondition.name.value);
          const type = condition && graphql.isCompositeType(condition) ? condition : undefined;
          inner = selectionMeasure(
            fragment.selectionSet,
            type,
            connectionSize,
            new Set([...fragmentsInPath, name]),
          );
          fragmentMeasures.set(key, inner);
        }
        cost += inner.cost;
        aliases += inner.aliases;
      }
    }
    return { cost, aliases };
  };

  return selectionMeasure(operation.selectionSet, rootType ?? undefined, null, new Set());
}

/**
 * How many field levels deep an operation goes (`{ a { b } }` is 2). Fragments add no level of
 * their own and are measured once each.
 */
export function operationDepth(scope: MeasureScope, operation: OperationDefinitionNode): number {
  const fragmentDepths = new Map<string, number>();
  const depthOf = (
    selectionSet: SelectionSetNode,
    fragmentsInPath: ReadonlySet<string>,
  ): number => {
    let max = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === graphql.Kind.FIELD) {
        const below = selection.selectionSet ? depthOf(selection.selectionSet, fragmentsInPath) : 0;
        max = Math.max(max, 1 + below);
      } else if (selection.kind === graphql.Kind.INLINE_FRAGMENT) {
        max = Math.max(max, depthOf(selection.selectionSet, fragmentsInPath));
      } else {
        const name = selection.name.value;
        const fragment = scope.getFragment(name);
        if (!fragment || fragmentsInPath.has(name)) continue;
        let depth = fragmentDepths.get(name);
        if (depth === undefined) {
          depth = depthOf(fragment.selectionSet, new Set([...fragmentsInPath, name]));
          fragmentDepths.set(name, depth);
        }
        max = Math.max(max, depth);
      }
    }
    return max;
  };
  return depthOf(operation.selectionSet, new Set());
}

function limitError(message: string, node: OperationDefinitionNode) {
  return new graphql.GraphQLError(message, {
    nodes: [node],
    extensions: { code: LIMIT_ERROR_CODE },
  });
}

const numberFormat = new Intl.NumberFormat('pt-BR');

export const DEPTH_LIMIT_MESSAGE = `A consulta é profunda demais: o máximo é ${MAX_QUERY_DEPTH} níveis.`;

/** At most `max` nested field levels per operation. */
export function maxDepthRule(max: number = MAX_QUERY_DEPTH): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      if (operationDepth(context, node) > max) {
        context.reportError(
          limitError(`A consulta é profunda demais: o máximo é ${max} níveis.`, node),
        );
      }
    },
  });
}

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

/**
 * The refusal of an operation whose cost (see measureOperation) is above `max`, or null. With the
 * request's `variables` the cost is the real one; without (validation), a lower bound.
 */
export function maxCostError(
  scope: MeasureScope,
  operation: OperationDefinitionNode,
  variables?: VariableValues,
  max: number = MAX_QUERY_COST,
): graphqlModule.GraphQLError | null {
  const { cost } = measureOperation(scope, operation, variables);
  if (cost <= max) return null;
  return limitError(
    `A operação é complexa demais (custo estimado ${numberFormat.format(cost)}; o máximo é ${numberFormat.format(max)}). Peça menos itens por página (first) ou menos campos.`,
    operation,
  );
}

/**
 * Refuses, while validating, operations too costly whatever their variables (a variable page size
 * counts as its default, else 0). Mercurius caches validation per document, so the check with the
 * request's variables runs again before execution (plugins/graphql.ts, `maxCostError`).
 */
export function maxCostRule(max: number = MAX_QUERY_COST): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const error = maxCostError(context, node, undefined, max);
      if (error) context.reportError(error);
    },
  });
}

/**
 * The document's size before anything else runs: graphql's parser stops at this many tokens
 * (the ui's largest document has about 150), so no document costs more than a short, linear
 * parse before it is refused.
 */
export const MAX_DOCUMENT_TOKENS = 2_000;
/** Fragment definitions per document (the ui uses none; chained fragments make validation slow). */
export const MAX_FRAGMENTS = 30;
/** Aliased fields in the whole document, counted as written (the per-operation rule is finer). */
export const MAX_DOCUMENT_ALIASES = 2 * MAX_ALIASES;
/** Directives per document (the ui uses none). */
export const MAX_DIRECTIVES = 30;
/**
 * Fields per document, counted as written. graphql's overlapping-fields check compares fields
 * that share a response name pairwise: 2,000 copies of one field cost about 2 million comparisons.
 */
export const MAX_DOCUMENT_FIELDS = 500;
/**
 * Characters a document (the query text) may have, whoever sends it: data travels in `variables`.
 * The app's longest document, as Apollo Client prints it, is under 2 KB; 32 KB leaves room for any
 * hand-written staff query. Checked before anything reads the text (plugins/graphql-input.ts).
 */
export const MAX_DOCUMENT_LENGTH = 32 * 1024;
export const DOCUMENT_TOO_LARGE_CODE = 'DOCUMENT_TOO_LARGE';
export const DOCUMENT_TOO_LARGE_MESSAGE = `A consulta GraphQL é longa demais: o máximo é ${numberFormat.format(MAX_DOCUMENT_LENGTH)} caracteres. Envie os dados em "variables", não no texto da consulta.`;
/** Fragment spreads (`...Name`) per document, as written (the ui uses none). */
export const MAX_FRAGMENT_SPREADS = 60;
/**
 * Fields once every fragment spread is replaced by its fragment, over all the operations (and over
 * each fragment on its own). Spreads multiply: 30 fragments that each spread all the later ones
 * stand for 2^29 copies of the last one, which graphql's overlapping-fields check walks in part.
 */
export const MAX_EXPANDED_FIELDS = 1_000;
/**
 * Pairs of fields sharing a response name that graphql's overlapping-fields check would compare
 * (fragments expanded, sub-selections of same-named fields compared in turn). 100 copies of
 * `brands { slug name }` are about 15,000 such pairs and 30 ms of validation; the ui's documents
 * have none. Counting stops at the limit, so the count itself costs at most this many steps.
 */
export const MAX_FIELD_COMPARISONS = 3_000;

const MAX_TOKENS_MESSAGE = `A consulta é grande demais: o máximo é ${numberFormat.format(MAX_DOCUMENT_TOKENS)} tokens.`;

function documentLimitError(message: string): graphqlModule.GraphQLError {
  return new graphql.GraphQLError(message, { extensions: { code: LIMIT_ERROR_CODE } });
}

/** What the shape check found: the refusal (null when the document passes) and its tokens. */
export interface DocumentShape {
  error: graphqlModule.GraphQLError | null;
  /** Lexical tokens read (up to the limit), what a parsed copy of the document costs. */
  tokens: number;
}

/**
 * Checks a document's source before Mercurius parses and validates it: at most
 * MAX_DOCUMENT_TOKENS tokens, then (a linear walk) at most MAX_FRAGMENTS fragments,
 * MAX_FRAGMENT_SPREADS spreads, MAX_DOCUMENT_ALIASES aliases, MAX_DIRECTIVES directives and
 * MAX_DOCUMENT_FIELDS fields, then with fragments expanded (expandedShapeError) at most
 * MAX_EXPANDED_FIELDS fields, MAX_QUERY_DEPTH levels and MAX_FIELD_COMPARISONS same-name pairs.
 * A source that is not GraphQL is refused with its syntax error here, so it never reaches
 * Mercurius' fallback that reads the query as a JSON AST (which would skip the token limit).
 */
export function checkDocumentShape(source: string): DocumentShape {
  let document: DocumentNode;
  try {
    document = graphql.parse(source, { maxTokens: MAX_DOCUMENT_TOKENS, noLocation: true });
  } catch (error) {
    if (!(error instanceof graphql.GraphQLError)) throw error;
    if (/contains more th(?:at|an) \d+ tokens/.test(error.message)) {
      return { error: documentLimitError(MAX_TOKENS_MESSAGE), tokens: MAX_DOCUMENT_TOKENS };
    }
    return { error, tokens: MAX_DOCUMENT_TOKENS };
  }
  const tokens = (document as { tokenCount?: number }).tokenCount ?? MAX_DOCUMENT_TOKENS;
  return { error: shapeError(document), tokens };
}

/** checkDocumentShape's refusal, or null when the document passes. */
export function documentShapeError(source: string): graphqlModule.GraphQLError | null {
  return checkDocumentShape(source).error;
}

function shapeError(document: DocumentNode): graphqlModule.GraphQLError | null {
  let fragments = 0;
  let spreads = 0;
  let aliases = 0;
  let directives = 0;
  let fields = 0;
  graphql.visit(document, {
    FragmentDefinition() {
      fragments += 1;
    },
    FragmentSpread() {
      spreads += 1;
    },
    Field(node) {
      fields += 1;
      if (node.alias) aliases += 1;
    },
    Directive() {
      directives += 1;
    },
  });
  if (fragments > MAX_FRAGMENTS) {
    return documentLimitError(
      `A consulta define ${fragments} fragmentos; o máximo é ${MAX_FRAGMENTS} por documento.`,
    );
  }
  if (aliases > MAX_DOCUMENT_ALIASES) {
    return documentLimitError(
      `A consulta usa ${aliases} apelidos (aliases); o máximo é ${MAX_DOCUMENT_ALIASES} por documento.`,
    );
  }
  if (directives > MAX_DIRECTIVES) {
    return documentLimitError(
      `A consulta usa ${directives} diretivas; o máximo é ${MAX_DIRECTIVES} por documento.`,
    );
  }
  if (fields > MAX_DOCUMENT_FIELDS) {
    return documentLimitError(
      `A consulta pede ${fields} campos; o máximo é ${MAX_DOCUMENT_FIELDS} por documento.`,
    );
  }
  if (spreads > MAX_FRAGMENT_SPREADS) {
    return documentLimitError(
      `A consulta usa ${spreads} fragmentos (...Nome); o máximo é ${MAX_FRAGMENT_SPREADS} por documento.`,
    );
  }
  return expandedShapeError(document);
}

/** A field with its fragments expanded: its response name, its name and what it selects. */
interface ExpandedField {
  key: string;
  name: string;
  children: ExpandedField[] | null;
}

class ComparisonLimit extends Error {}

/**
 * The document with its fragments expanded, checked without ever being expanded past the limits:
 * first a fragment cycle (refused), the expanded field count and depth, from each fragment's count
 * (memoised, so a fragment spread a thousand times is counted once); then, the expansion being
 * small, the pairs of fields that share a response name at one level, as graphql's
 * OverlappingFieldsCanBeMerged rule compares them (and, for same-named fields, their sub-selections
 * in turn), counted up to the limit. An unknown fragment counts as nothing: validation reports it.
 */
function expandedShapeError(document: DocumentNode): graphqlModule.GraphQLError | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === graphql.Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    } else if (definition.kind === graphql.Kind.OPERATION_DEFINITION) {
      operations.push(definition);
    }
  }

  // Fields and depth of each fragment, expanded (a fragment being measured counts as nothing).
  const measured = new Map<string, { fields: number; depth: number } | null>();
  const measureSet = (set: SelectionSetNode): { fields: number; depth: number } => {
    let fields = 0;
    let depth = 0;
    for (const selection of set.selections) {
      if (selection.kind === graphql.Kind.FIELD) {
        const below = selection.selectionSet
          ? measureSet(selection.selectionSet)
          : { fields: 0, depth: 0 };
        fields += 1 + below.fields;
        depth = Math.max(depth, 1 + below.depth);
      } else {
        const inner =
          selection.kind === graphql.Kind.INLINE_FRAGMENT
            ? measureSet(selection.selectionSet)
            : measureFragment(selection.name.value);
        fields += inner.fields;
        depth = Math.max(depth, inner.depth);
      }
    }
    return { fields, depth };
  };
  let cycle: string | null = null;
  const measureFragment = (name: string): { fields: number; depth: number } => {
    if (measured.has(name)) {
      const known = measured.get(name);
      if (known) return known;
      cycle ??= name; // being measured: it spreads itself, directly or through others
      return { fields: 0, depth: 0 };
    }
    const fragment = fragments.get(name);
    if (!fragment) return { fields: 0, depth: 0 };
    measured.set(name, null);
    const measure = measureSet(fragment.selectionSet);
    measured.set(name, measure);
    return measure;
  };

  let expandedFields = 0;
  let depth = 0;
  for (const operation of operations) {
    const measure = measureSet(operation.selectionSet);
    expandedFields += measure.fields;
    depth = Math.max(depth, measure.depth);
  }
  for (const name of fragments.keys()) {
    const measure = measureFragment(name);
    expandedFields = Math.max(expandedFields, measure.fields);
    depth = Math.max(depth, measure.depth);
  }
  // Expanding a cycle would never end (and graphql refuses it): refused here, before expanding.
  if (cycle !== null) {
    return documentLimitError(
      `O fragmento "${cycle}" inclui a si mesmo (diretamente ou por outros fragmentos); ciclos de fragmentos não são aceitos.`,
    );
  }
  if (expandedFields > MAX_EXPANDED_FIELDS) {
    return documentLimitError(
      `Com os fragmentos expandidos, a consulta pede ${numberFormat.format(expandedFields)} campos; o máximo é ${numberFormat.format(MAX_EXPANDED_FIELDS)}.`,
    );
  }
  if (depth > MAX_QUERY_DEPTH) return documentLimitError(DEPTH_LIMIT_MESSAGE);

  // The expansion (no cycle): MAX_EXPANDED_FIELDS fields at most, per operation and per fragment.
  const expandSet = (set: SelectionSetNode, into: ExpandedField[] = []): ExpandedField[] => {
    for (const selection of set.selections) {
      if (selection.kind === graphql.Kind.FIELD) {
        into.push({
          key: selection.alias?.value ?? selection.name.value,
          name: selection.name.value,
          children: selection.selectionSet ? expandSet(selection.selectionSet) : null,
        });
      } else if (selection.kind === graphql.Kind.INLINE_FRAGMENT) {
        expandSet(selection.selectionSet, into);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) expandSet(fragment.selectionSet, into);
      }
    }
    return into;
  };

  let comparisons = 0;
  const compare = (a: ExpandedField, b: ExpandedField) => {
    comparisons += 1;
    if (comparisons > MAX_FIELD_COMPARISONS) throw new ComparisonLimit();
    if (a.children && b.children && a.name === b.name) between(a.children, b.children);
  };
  const between = (first: ExpandedField[], second: ExpandedField[]) => {
    const byKey = groupByKey(second);
    for (const a of first) for (const b of byKey.get(a.key) ?? []) compare(a, b);
  };
  const within = (level: ExpandedField[]) => {
    for (const group of groupByKey(level).values()) {
      for (let i = 0; i < group.length; i += 1) {
        for (let j = i + 1; j < group.length; j += 1) compare(group[i]!, group[j]!);
      }
    }
    for (const field of level) if (field.children) within(field.children);
  };
  try {
    for (const operation of operations) within(expandSet(operation.selectionSet));
    for (const fragment of fragments.values()) within(expandSet(fragment.selectionSet));
  } catch (error) {
    if (!(error instanceof ComparisonLimit)) throw error;
    return documentLimitError(
      `A consulta repete demais campos com o mesmo nome (diretamente ou por fragmentos): conferir que combinam exigiria mais de ${numberFormat.format(MAX_FIELD_COMPARISONS)} comparações, o máximo por documento.`,
    );
  }
  return null;
}

function groupByKey(fields: readonly ExpandedField[]): Map<string, ExpandedField[]> {
  const groups = new Map<string, ExpandedField[]>();
  for (const field of fields) {
    const group = groups.get(field.key);
    if (group) group.push(field);
    else groups.set(field.key, [field]);
  }
  return groups;
}
