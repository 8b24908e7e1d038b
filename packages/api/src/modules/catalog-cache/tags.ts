// What an anonymous catalog answer contains, as invalidation tags (the names the database's
// triggers announce, migrations/0025_catalog_cache_notify.sql): the answer is walked with its
// operation and the schema, so an object's type is known without __typename (the ui asks for none).
import { createRequire } from 'node:module';
import type * as graphqlModule from 'graphql';
import {
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

// The schema is Mercurius', built with graphql's CommonJS copy: its type checks must come from
// that copy (the ESM one fails graphql's cross-realm instanceof checks), as in plugins/graphql.ts.
const { getNamedType, getNullableType, isListType, isObjectType } = createRequire(import.meta.url)(
  'graphql',
) as typeof graphqlModule;

/** Types changed on their own by staff: tagged `<Type>:<id>`, or `<Type>` when no id was asked. */
export const ENTITY_TYPES = new Set(['Product', 'Brand', 'Category']);

/**
 * The root fields an anonymous answer may be cached for (read-only, the same for every visitor),
 * with what they depend on beyond the entities they return.
 */
export const CACHEABLE_ROOT_FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['storeSettings', ['StoreSettings']],
  // The payment methods offered: the Pix account (payment_settings, announced as '*') and the
  // card gateway's configuration (this process's environment).
  ['paymentMethods', ['StoreSettings']],
  ['brands', ['list:Brand']],
  ['brand', []],
  ['categories', ['list:Category']],
  ['category', []],
  ['products', ['list:Product']],
  ['product', []],
  ['bestSellers', ['list:Product', 'bestSellers']],
  // The price of a set of variants as the product page offers it (Pix total, installments): the
  // variants' prices and availability (any product change: 'Product') and the payment settings.
  // Only without a CEP, coupon or shipping method (CACHEABLE_ONLY_WITH_ARGUMENTS): shipping
  // tables and coupons are not announced on the catalog's channel.
  ['cartPreview', ['Product', 'StoreSettings']],
]);

/** Root fields cacheable only when the document passes them no argument outside this list. */
export const CACHEABLE_ONLY_WITH_ARGUMENTS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['cartPreview', new Set(['items'])],
]);

/** Fields that count or summarise a list of another type. */
const FIELD_TAGS: ReadonlyMap<string, readonly string[]> = new Map([
  ['Brand.productCount', ['list:Product']],
  ['Category.productCount', ['list:Product']],
]);

/** The operation a request runs (by name, or the only one), or null. */
export function selectOperation(
  document: DocumentNode,
  operationName: string | undefined,
): OperationDefinitionNode | null {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) {
    return operations.find((operation) => operation.name?.value === operationName) ?? null;
  }
  return operations.length === 1 ? operations[0]! : null;
}

/**
 * Whether an operation's answer may be shared by every anonymous visitor: a query whose root
 * fields are all catalog reads (aliases and fragments allowed; __typename too).
 */
export function isCacheableOperation(
  document: DocumentNode,
  operation: OperationDefinitionNode,
): boolean {
  if (operation.operation !== 'query') return false;
  const fields = fieldsOf(operation.selectionSet, fragmentsOf(document));
  return (
    fields !== null &&
    fields.every((field) => {
      const name = field.name.value;
      if (name === '__typename') return true;
      if (!CACHEABLE_ROOT_FIELDS.has(name)) return false;
      const allowed = CACHEABLE_ONLY_WITH_ARGUMENTS.get(name);
      return !allowed || (field.arguments ?? []).every((arg) => allowed.has(arg.name.value));
    })
  );
}

/**
 * The fields a selection set selects, through its inline fragments and fragment spreads; null
 * when a spread names a fragment that is missing or already being expanded (a cycle).
 */
function fieldsOf(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  expanding: ReadonlySet<string> = new Set(),
): FieldNode[] | null {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      fields.push(selection);
      continue;
    }
    let inner: FieldNode[] | null;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = fieldsOf(selection.selectionSet, fragments, expanding);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || expanding.has(name)) return null;
      inner = fieldsOf(fragment.selectionSet, fragments, new Set([...expanding, name]));
    }
    if (!inner) return null;
    fields.push(...inner);
  }
  return fields;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  return fragments;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The tags of an answer: every entity it holds (`Product:<id>`, or `Product` when its id was not
 * selected), `list:<Type>` for every list of entities, count, and look-up that found nothing
 * (a new one may match it), and the root fields' own dependencies. Null when the answer holds
 * something this walk cannot type (an abstract type): such an answer is not cached.
 */
export function answerTags(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  data: Record<string, Json>,
): Set<string> | null {
  const tags = new Set<string>();
  const fragments = fragmentsOf(document);
  const queryType = schema.getQueryType();
  if (!queryType) return null;
  let typable = true;

  const walkValue = (type: GraphQLOutputType, value: Json, selectionSet?: SelectionSetNode) => {
    const nullable = getNullableType(type);
    const named = getNamedType(type);
    if (isListType(nullable)) {
      if (ENTITY_TYPES.has(named.name)) tags.add(`list:${named.name}`);
      if (Array.isArray(value)) {
        for (const item of value)
          walkValue(nullable.ofType as GraphQLOutputType, item, selectionSet);
      }
      return;
    }
    if (!selectionSet) return; // a scalar or an enum
    if (!isObjectType(named)) {
      typable = false; // an interface or a union: the item's type is not in the answer
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      // A look-up that found nothing may find a new or renamed entity later.
      if (value === null && ENTITY_TYPES.has(named.name)) tags.add(`list:${named.name}`);
      return;
    }
    walkObject(named, value, selectionSet);
  };

  const walkObject = (
    type: GraphQLObjectType,
    value: { [key: string]: Json },
    selectionSet: SelectionSetNode,
  ) => {
    const fields = type.getFields();
    let id: string | null = null;
    // Mercurius has validated the document: every fragment exists and none is cyclic.
    for (const selection of fieldsOf(selectionSet, fragments) ?? []) {
      const field = fields[selection.name.value];
      if (!field) continue; // __typename
      const key = selection.alias?.value ?? selection.name.value;
      if (!(key in value)) continue; // @skip / @include
      const answered = value[key];
      if (field.name === 'id' && (typeof answered === 'string' || typeof answered === 'number')) {
        id = String(answered);
      }
      for (const tag of FIELD_TAGS.get(`${type.name}.${field.name}`) ?? []) tags.add(tag);
      walkValue(field.type, answered!, selection.selectionSet);
    }
    if (ENTITY_TYPES.has(type.name)) tags.add(id === null ? type.name : `${type.name}:${id}`);
  };

  // The root fields' own dependencies, then their answers.
  for (const field of fieldsOf(operation.selectionSet, fragments) ?? []) {
    for (const tag of CACHEABLE_ROOT_FIELDS.get(field.name.value) ?? []) tags.add(tag);
  }
  walkObject(queryType, data, operation.selectionSet);
  return typable ? tags : null;
}
