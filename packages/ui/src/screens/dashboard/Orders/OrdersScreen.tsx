// The orders grid with real data: its state in the URL, the page of orders from `orders`, the
// staff member's saved views, bulk shipping, the CSV export (POST /admin/exports/orders, then the
// download the server streams). The bulk actions' state is in useOrdersBulkActions.
import { useQuery } from '@apollo/client';
import { useMemo } from 'react';

import { useOrderEvents } from '../../../live';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { withBrandScope } from '../shared';
import {
  useListExport,
  useListUrlState,
  useLiveRefresh,
  useRowsAcrossPages,
  useSavedViews,
  useServerList,
} from '../shared/list';
import type { BulkShipOrder } from './BulkShipDialog';
import {
  DASHBOARD_ORDERS_CONTEXT_QUERY,
  DASHBOARD_ORDERS_QUERY,
  DASHBOARD_SAVED_VIEWS_QUERY,
  SAVED_VIEW_CREATE_MUTATION,
  SAVED_VIEW_DELETE_MUTATION,
  type DashboardOrdersQuery,
} from './OrdersScreen.graphql';
import {
  BUILT_IN_VIEWS,
  ordersCodec,
  ordersFilter,
  ordersVariables,
  ordersViews,
} from './ordersUrlState';
import { OrdersView } from './OrdersView';
import { useOrdersBulkShip, useOrdersBuyLabels } from './useOrdersBulkActions';

export const EXPORT_PATH = '/admin/exports/orders';

export interface OrdersScreenProps {
  /** Opens the export's download (a full navigation by default; tests pass a spy). */
  download?(url: string): void;
}

const ordersPage = (data: DashboardOrdersQuery) => data.orders;
const SAVED_VIEWS = {
  list: DASHBOARD_SAVED_VIEWS_QUERY,
  create: SAVED_VIEW_CREATE_MUTATION,
  remove: SAVED_VIEW_DELETE_MUTATION,
};

export function OrdersScreen({ download }: OrdersScreenProps = {}) {
  const [state, setState] = useListUrlState(ordersCodec);
  const list = useServerList(DASHBOARD_ORDERS_QUERY, ordersVariables(state), { page: ordersPage });
  const { rows, refetch } = list;
  const { data: context } = useQuery(DASHBOARD_ORDERS_CONTEXT_QUERY, { errorPolicy: 'all' });
  const views = useSavedViews({
    documents: SAVED_VIEWS,
    queries: ordersViews,
    builtIn: BUILT_IN_VIEWS,
    state,
    setState,
  });

  const role = context?.me?.role ?? null;
  const brands = useMemo(() => {
    const all = context?.brands ?? [];
    return role === 'BRAND_MANAGER'
      ? all.filter((brand) => context?.me.brandIds.includes(brand.id))
      : all;
  }, [context, role]);

  // Selected orders stay selected across pages: their rows are kept for the bulk dialog.
  const { selectedRows, selectedIds, selectRows, setSelectedRows } = useRowsAcrossPages(rows);
  const selectedOrders: BulkShipOrder[] = selectedRows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    customerName: row.customer.name,
    shippingMethodKind: row.shippingMethodKind,
  }));

  const bulkShip = useOrdersBulkShip({ refetch, setSelectedRows });
  // Labels: bought for the selected paid orders; their codes fill "Enviar selecionados" after.
  const buyLabels = useOrdersBuyLabels({
    role,
    onBought: bulkShip.setPrefill,
    onShipBought: bulkShip.open,
  });

  const exporting = useListExport({
    path: EXPORT_PATH,
    body: () => ({ filter: ordersFilter(state), sort: state.sort }),
    failMessage: 'Não foi possível exportar os pedidos. Tente novamente.',
    download,
  });

  // Live: new orders and changes to the rows on screen are announced, never applied on their
  // own (the list the staff member is reading does not move); "Atualizar" reloads it.
  const fresh = useLiveRefresh(refetch);
  useOrderEvents(
    (event) => {
      if (event.type === 'placed') fresh.noteAdded(event.id);
      else if (rows.some((row) => row.id === event.id)) fresh.noteChanged();
    },
    { onResync: fresh.noteChanged },
  );

  return (
    <OrdersView
      state={state}
      onStateChange={setState}
      rows={rows}
      totalCount={list.totalCount}
      loading={list.loading}
      error={list.error}
      onRetry={list.retry}
      staffRole={role}
      brands={brands}
      {...views}
      selectedIds={selectedIds}
      onSelectionChange={selectRows}
      selectedOrders={selectedOrders}
      orderHref={(id) => withBrandScope(dashboardPaths.order(id), state.brandId)}
      packingSlipsHref={dashboardPaths.packingSlips(selectedIds)}
      {...exporting}
      newOrders={fresh.added}
      listChanged={fresh.changed}
      onShowNewOrders={fresh.show}
      onOpenBulkShip={bulkShip.open}
      buyLabels={buyLabels}
      bulkShip={bulkShip.dialog}
    />
  );
}
