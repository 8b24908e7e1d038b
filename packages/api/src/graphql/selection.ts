// The field names a selection set asks for, through its inline fragments and fragment spreads (a
// spread of a missing fragment, or one already being expanded, adds nothing). Directives are not
// evaluated: a field under @skip counts as asked, which only ever costs work, never an answer.
import { Kind, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

export type FragmentLookup = (name: string) => FragmentDefinitionNode | undefined;

export function selectedFieldNames(
  selectionSet: SelectionSetNode | undefined,
  fragment: FragmentLookup,
  out: Set<string> = new Set(),
  seen: Set<string> = new Set(),
): Set<string> {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      out.add(selection.name.value);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      selectedFieldNames(selection.selectionSet, fragment, out, seen);
    } else {
      const name = selection.name.value;
      const definition = fragment(name);
      if (definition && !seen.has(name)) {
        seen.add(name);
        selectedFieldNames(definition.selectionSet, fragment, out, seen);
      }
    }
  }
  return out;
}

/** The fields a resolver's own field asks of its result (every node of it, merged). */
export function fieldsAskedOf(info: {
  fieldNodes: readonly { selectionSet?: SelectionSetNode }[];
  fragments: Record<string, FragmentDefinitionNode>;
}): Set<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  const lookup: FragmentLookup = (name) =>
    Object.hasOwn(info.fragments, name) ? info.fragments[name] : undefined;
  for (const node of info.fieldNodes) selectedFieldNames(node.selectionSet, lookup, out, seen);
  return out;
}
