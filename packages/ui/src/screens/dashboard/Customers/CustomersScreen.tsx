// The customers list with real data: its state in the URL, the page of customers from
// `customers` (ADMIN and SUPPORT; the server refuses a BRAND_MANAGER).
import { dashboardPaths } from '../../../routes/dashboardPaths';
import type { DashboardCustomersQuery } from '../../../graphql/generated';
import { useListUrlState, useServerList } from '../shared/list';
import { DASHBOARD_CUSTOMERS_QUERY } from './CustomersScreen.graphql';
import { customersCodec, customersVariables } from './customersUrlState';
import { CustomersView } from './CustomersView';

const customersPage = (data: DashboardCustomersQuery) => data.customers;

export function CustomersScreen() {
  const [state, setState] = useListUrlState(customersCodec);
  const list = useServerList(DASHBOARD_CUSTOMERS_QUERY, customersVariables(state), {
    page: customersPage,
    forbiddenMessage: 'Você não tem permissão para ver os clientes.',
  });

  return (
    <CustomersView
      state={state}
      onStateChange={setState}
      rows={list.rows}
      totalCount={list.totalCount}
      loading={list.loading}
      error={list.error}
      onRetry={list.retry}
      customerHref={(id) => dashboardPaths.customer(id)}
    />
  );
}
