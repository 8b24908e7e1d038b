// The customers list with real data: its state in the URL, the page of customers from
// `customers` (ADMIN and SUPPORT; the server refuses a BRAND_MANAGER).
import { useQuery } from '@apollo/client';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import type { ListError } from '../../../components/dashboard/ListStates';
import { DASHBOARD_CUSTOMERS_QUERY } from './CustomersScreen.graphql';
import {
  customersParams,
  customersVariables,
  parseCustomersParams,
  type CustomersListState,
} from './customersUrlState';
import { CustomersView } from './CustomersView';

export function CustomersScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseCustomersParams(searchParams), [searchParams]);
  const setState = useCallback(
    (next: CustomersListState) => setSearchParams(customersParams(next)),
    [setSearchParams],
  );
  const { data, previousData, loading, error, refetch } = useQuery(DASHBOARD_CUSTOMERS_QUERY, {
    variables: customersVariables(state),
    notifyOnNetworkStatusChange: true,
  });
  const current = data ?? previousData;

  let viewError: ListError | null = null;
  if (error && !current) {
    const read = readServerError(error);
    viewError = {
      kind: read.code === 'FORBIDDEN' ? 'forbidden' : 'failed',
      message:
        read.code === 'FORBIDDEN' ? 'Você não tem permissão para ver os clientes.' : read.message,
    };
  }

  return (
    <CustomersView
      state={state}
      onStateChange={setState}
      rows={current?.customers.nodes ?? []}
      totalCount={current?.customers.totalCount ?? 0}
      loading={loading}
      error={viewError}
      onRetry={() => void refetch()}
      customerHref={(id) => dashboardPaths.customer(id)}
    />
  );
}
