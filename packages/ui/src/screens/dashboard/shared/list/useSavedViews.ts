// A list's saved views (the staff member's, on the server, per screen) beside the built-in ones:
// which one the list shows now, opening one, saving the current list under a name (the error
// message, or null when saved), deleting one. The screen passes its three documents.
import { useMutation, useQuery, type TypedDocumentNode } from '@apollo/client';

import type { SavedViewOption } from '../../../../components/dashboard/SavedViewsMenu';
import { readServerError } from '../../../shared/graphqlErrors';
import type { SavedViewQueries } from './listCodec';

export interface SavedViewsDocuments {
  list: TypedDocumentNode<{ savedViews: SavedViewOption[] }, Record<string, never>>;
  create: TypedDocumentNode<unknown, { name: string; query: string }>;
  remove: TypedDocumentNode<unknown, { id: string }>;
}

/** The props a list view takes for its SavedViewsMenu. */
export interface SavedViewsProps {
  savedViews: SavedViewOption[];
  activeViewId: string | null;
  onApplyView(view: SavedViewOption): void;
  onSaveView(name: string): Promise<string | null>;
  onDeleteView(view: SavedViewOption): void;
}

export interface SavedViewsOptions<S> {
  documents: SavedViewsDocuments;
  queries: SavedViewQueries<S>;
  builtIn: readonly SavedViewOption[];
  state: S;
  setState(next: S): void;
}

export function useSavedViews<S>({
  documents,
  queries,
  builtIn,
  state,
  setState,
}: SavedViewsOptions<S>): SavedViewsProps {
  const { data } = useQuery(documents.list, { errorPolicy: 'all' });
  const [createView] = useMutation(documents.create, {
    refetchQueries: [documents.list],
    awaitRefetchQueries: true,
  });
  const [deleteView] = useMutation(documents.remove, { refetchQueries: [documents.list] });

  const savedViews = data?.savedViews ?? [];
  const activeViewId =
    [...builtIn, ...savedViews].find((view) => queries.isActive(view.query, state))?.id ?? null;

  return {
    savedViews,
    activeViewId,
    onApplyView: (view) => setState(queries.apply(view.query, state)),
    onSaveView: async (name) => {
      try {
        await createView({ variables: { name, query: queries.query(state) } });
        return null;
      } catch (cause) {
        return readServerError(cause as Error).message;
      }
    },
    onDeleteView: (view) => void deleteView({ variables: { id: view.id } }).catch(() => undefined),
  };
}
