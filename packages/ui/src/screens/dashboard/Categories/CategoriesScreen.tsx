// The category tree with real data ('dashboard/categories', ADMIN only): a move shows at once and
// is sent as categoryMove; the tree is read again after every change (the server's order wins).
import { useMutation, useQuery } from '@apollo/client';
import { useMemo, useState } from 'react';

import { readServerError } from '../../shared/graphqlErrors';
import { categoryTreeFromFlat } from '../shared';
import {
  CATEGORY_CREATE_MUTATION,
  CATEGORY_DELETE_MUTATION,
  CATEGORY_MOVE_MUTATION,
  CATEGORY_UPDATE_MUTATION,
  DASHBOARD_CATEGORIES_QUERY,
} from './CategoriesScreen.graphql';
import { CategoriesView } from './CategoriesView';
import { applyMove, type CategoryNode } from './categoryTree';

export const CATEGORIES_ERROR = 'Não foi possível carregar as categorias.';

/** The server's refusal in Portuguese, as an Error the view shows. */
function refusal(error: unknown): Error {
  return new Error(readServerError(error as Error).message);
}

export function CategoriesScreen() {
  const { data, loading, error, refetch } = useQuery(DASHBOARD_CATEGORIES_QUERY, {
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [moveCategory] = useMutation(CATEGORY_MOVE_MUTATION);
  const [createCategory] = useMutation(CATEGORY_CREATE_MUTATION);
  const [updateCategory] = useMutation(CATEGORY_UPDATE_MUTATION);
  const [deleteCategory] = useMutation(CATEGORY_DELETE_MUTATION);
  // The tree as the staff member arranged it, until the server's answer arrives.
  const [optimistic, setOptimistic] = useState<CategoryNode[] | null>(null);

  const serverTree = useMemo<CategoryNode[] | null>(
    () => (data ? categoryTreeFromFlat(data.staffCategories) : null),
    [data],
  );
  const tree = optimistic ?? serverTree;
  const role = data?.me.role ?? null;

  async function after<T>(work: () => Promise<T>): Promise<void> {
    try {
      await work();
    } catch (failure) {
      throw refusal(failure);
    } finally {
      await refetch().catch(() => undefined);
    }
  }

  return (
    <CategoriesView
      tree={tree}
      loading={loading}
      error={error ? CATEGORIES_ERROR : null}
      onRetry={() => void refetch()}
      forbidden={role !== null && role !== 'ADMIN'}
      onMove={async (move) => {
        if (tree) setOptimistic(applyMove(tree, move));
        try {
          await after(() =>
            moveCategory({
              variables: { id: move.id, parentId: move.parentId, position: move.position },
            }),
          );
        } finally {
          setOptimistic(null);
        }
      }}
      onCreate={(input) => after(() => createCategory({ variables: { input } }))}
      onRename={(id, name) => after(() => updateCategory({ variables: { id, input: { name } } }))}
      onDelete={(id) => after(() => deleteCategory({ variables: { id } }))}
    />
  );
}
