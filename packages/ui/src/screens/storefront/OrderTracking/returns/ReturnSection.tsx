// The tracking page's returns with real data: the order's returns through the same orderStatus
// lookup (number + e-mail the shopper typed), the request (requestOrderReturn), then the returns
// read again so the new one shows with its status.
import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';

import { useHydratedFetchPolicy } from '../../../../device';
import { readServerError } from '../../../shared/graphqlErrors';
import {
  ORDER_RETURNS_QUERY,
  REQUEST_ORDER_RETURN_MUTATION,
  type CustomerReturnNode,
  type ReturnRequestInputNode,
} from './OrderReturns.graphql';
import type { ReturnFormError } from './ReturnForm';
import { ReturnSectionView } from './ReturnSectionView';

export interface ReturnSectionProps {
  number: string;
  email: string;
}

export function ReturnSection({ number, email }: ReturnSectionProps) {
  // Rendered by the server with a delivered order: hydrated from the page's answer.
  const fetchPolicy = useHydratedFetchPolicy('network-only');
  const { data, loading, error, refetch } = useQuery(ORDER_RETURNS_QUERY, {
    variables: { number, email },
    fetchPolicy,
  });
  const [request, { loading: submitting }] = useMutation(REQUEST_ORDER_RETURN_MUTATION);
  const [requested, setRequested] = useState<CustomerReturnNode | null>(null);
  const [failure, setFailure] = useState<ReturnFormError | null>(null);

  async function submit(input: ReturnRequestInputNode) {
    setFailure(null);
    try {
      const result = await request({ variables: { number, email, input } });
      if (result.data) setRequested(result.data.requestOrderReturn);
      await refetch().catch(() => undefined);
    } catch (cause) {
      const read = readServerError(cause as Error);
      setFailure({ message: read.message, field: read.field });
      // The order changed meanwhile (the window closed, another request): show it as it is now.
      if (!read.field) await refetch().catch(() => undefined);
    }
  }

  return (
    <ReturnSectionView
      status={loading && !data ? 'loading' : error && !data ? 'error' : 'ready'}
      info={data?.orderStatus ?? null}
      requested={requested}
      submitting={submitting}
      error={failure}
      onSubmit={(input) => void submit(input)}
      onRetry={() => void refetch().catch(() => undefined)}
    />
  );
}
