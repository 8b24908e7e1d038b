// The field names a selection set asks for, through its inline fragments and fragment spreads (a
// spread of a missing fragment, or one already being expanded, adds nothing). With the request's
// variables, @skip and @include are evaluated as execution evaluates them (a selection they leave
// out is not asked); without them, a selection under either counts as asked, which only ever costs
// work, never an answer.
import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';

export type FragmentLookup = (name: string) => FragmentDefinitionNode | undefined;

/**
 * Whether execution includes a selection (graphql-js's shouldIncludeNode): not under @skip(if:
 * true) nor @include(if: false). Without the variables (null), every selection counts.
 */
function included(
  node: FieldNode | FragmentSpreadNode | InlineFragmentNode,
  variables: Record<string, unknown> | null,
): boolean {
  if (!variables || !node.directives?.length) return true;
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

export function selectedFieldNames(
  selectionSet: SelectionSetNode | undefined,
  fragment: FragmentLookup,
  out: Set<string> = new Set(),
  seen: Set<string> = new Set(),
  variables: Record<string, unknown> | null = null,
): Set<string> {
  for (const selection of selectionSet?.selections ?? []) {
    if (!included(selection, variables)) continue;
    if (selection.kind === Kind.FIELD) {
      out.add(selection.name.value);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      selectedFieldNames(selection.selectionSet, fragment, out, seen, variables);
    } else {
      const name = selection.name.value;
      const definition = fragment(name);
      if (definition && !seen.has(name)) {
        seen.add(name);
        selectedFieldNames(definition.selectionSet, fragment, out, seen, variables);
      }
    }
  }
  return out;
}

/**
 * The fields a resolver's own field asks of its result (every node of it, merged), its @skip and
 * @include evaluated with the request's variables.
 */
export function fieldsAskedOf(info: {
  fieldNodes: readonly { selectionSet?: SelectionSetNode }[];
  fragments: Record<string, FragmentDefinitionNode>;
  variableValues: Record<string, unknown>;
}): Set<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  const lookup: FragmentLookup = (name) =>
    Object.hasOwn(info.fragments, name) ? info.fragments[name] : undefined;
  for (const node of info.fieldNodes)
    selectedFieldNames(node.selectionSet, lookup, out, seen, info.variableValues);
  return out;
}
