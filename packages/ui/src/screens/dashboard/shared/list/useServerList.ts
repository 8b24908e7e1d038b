// A page of a list from the server: the query run with the URL state's variables, the previous
// page kept on screen while the next one loads, and a failure read as the list's error (no
// permission or failed, "Tentar novamente" asks again). The error is only shown when there is
// no page to show.
import {
  useQuery,
  type ApolloQueryResult,
  type OperationVariables,
  type TypedDocumentNode,
  type WatchQueryFetchPolicy,
} from '@apollo/client';
import { useMemo } from 'react';

import type { ListError } from '../../../../components/dashboard/ListStates';
import { readServerError } from '../../../shared/graphqlErrors';

export interface ServerPage<TNode> {
  nodes: TNode[];
  totalCount: number;
}

export interface ServerListOptions<TData, TNode> {
  /** The page in the query's answer (a stable function: the rows are kept while it is the same). */
  page(data: TData): ServerPage<TNode>;
  /** The no-permission message; the server's own message when not given. */
  forbiddenMessage?: string;
  fetchPolicy?: WatchQueryFetchPolicy;
}

export interface ServerList<TData, TNode> {
  /** The answer on screen: the current one, or the previous one while the next loads. */
  data: TData | undefined;
  rows: TNode[];
  totalCount: number;
  loading: boolean;
  error: ListError | null;
  refetch(): Promise<ApolloQueryResult<TData>>;
  /** Asks again, for "Tentar novamente" (a failure shows as the list's error). */
  retry(): void;
}

export function useServerList<TData, TVariables extends OperationVariables, TNode>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  options: ServerListOptions<TData, TNode>,
): ServerList<TData, TNode> {
  const { data, previousData, loading, error, refetch } = useQuery(document, {
    variables,
    notifyOnNetworkStatusChange: true,
    ...(options.fetchPolicy ? { fetchPolicy: options.fetchPolicy } : {}),
  });
  const current = data ?? previousData;
  const { page, forbiddenMessage } = options;
  const connection = useMemo(() => (current ? page(current) : null), [current, page]);
  const rows = useMemo(() => connection?.nodes ?? [], [connection]);

  let listError: ListError | null = null;
  if (error && !current) {
    const read = readServerError(error);
    listError =
      read.code === 'FORBIDDEN'
        ? { kind: 'forbidden', message: forbiddenMessage ?? read.message }
        : { kind: 'failed', message: read.message };
  }

  return {
    data: current,
    rows,
    totalCount: connection?.totalCount ?? 0,
    loading,
    error: listError,
    refetch: () => refetch(),
    retry: () => void refetch(),
  };
}
