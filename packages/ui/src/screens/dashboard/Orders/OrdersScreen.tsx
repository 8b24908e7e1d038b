// The orders grid with real data: its state in the URL, the page of orders from `orders`, the
// staff member's saved views, bulk shipping, the CSV export (POST /admin/exports/orders, then the
// download the server streams).
import { useMutation, useQuery } from '@apollo/client';
import { useMemo, useState } from 'react';

import { useOrderEvents } from '../../../live';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { withBrandScope } from '../shared';
import {
  useListExport,
  useListUrlState,
  useLiveRefresh,
  useRowsAcrossPages,
  useSavedViews,
  useServerList,
} from '../shared/list';
import type { BulkShipItem, BulkShipOrder, BulkShipResult } from './BulkShipDialog';
import type { LabelBatchView } from './BuyLabelsDialog';
import { usePdfOpener } from './usePdfOpener';
import {
  DASHBOARD_ORDERS_CONTEXT_QUERY,
  DASHBOARD_ORDERS_QUERY,
  DASHBOARD_SAVED_VIEWS_QUERY,
  ORDERS_BUY_LABELS_MUTATION,
  ORDERS_SHIP_MUTATION,
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
  const [shipOrders, shipping] = useMutation(ORDERS_SHIP_MUTATION);
  const [buyLabels, buying] = useMutation(ORDERS_BUY_LABELS_MUTATION);
  const pdf = usePdfOpener();

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

  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkResults, setBulkResults] = useState<BulkShipResult[] | null>(null);
  const [bulkError, setBulkError] = useState<string | null>(null);

  async function handleBulkShip(items: BulkShipItem[]) {
    setBulkError(null);
    try {
      const result = await shipOrders({ variables: { items } });
      const answers = result.data?.ordersShip ?? [];
      setBulkResults((previous) => {
        const merged = new Map((previous ?? []).map((item) => [item.id, item]));
        for (const answer of answers) merged.set(answer.id, answer);
        return [...merged.values()];
      });
      setSelectedRows((previous) =>
        previous.map((row) => {
          const order = answers.find((answer) => answer.id === row.id)?.order;
          return order ? { ...row, ...order } : row;
        }),
      );
      await refetch();
    } catch (cause) {
      setBulkError(readServerError(cause as Error).message);
    }
  }

  // Labels: bought for the selected paid orders; their codes fill "Enviar selecionados" after.
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [labelBatch, setLabelBatch] = useState<LabelBatchView | null>(null);
  const [labelsError, setLabelsError] = useState<string | null>(null);
  const [shipPrefill, setShipPrefill] = useState<
    Record<string, { carrier: string; trackingCode: string }>
  >({});

  async function handleBuyLabels(ids: string[]) {
    setLabelsError(null);
    try {
      const result = await buyLabels({ variables: { ids } });
      const batch = result.data?.ordersBuyLabels ?? null;
      setLabelBatch(batch);
      setShipPrefill(
        Object.fromEntries(
          (batch?.results ?? []).flatMap((item) =>
            item.ok && item.label?.trackingCode
              ? [
                  [
                    item.orderId,
                    { carrier: item.label.carrierName, trackingCode: item.label.trackingCode },
                  ],
                ]
              : [],
          ),
        ),
      );
    } catch (cause) {
      setLabelsError(readServerError(cause as Error).message);
    }
  }

  function openBulkShip() {
    setBulkResults(null);
    setBulkError(null);
    setBulkOpen(true);
  }

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
      onOpenBulkShip={openBulkShip}
      buyLabels={
        role === 'ADMIN' || role === 'SUPPORT'
          ? {
              open: labelsOpen,
              onOpen: () => {
                setLabelBatch(null);
                setLabelsError(null);
                setLabelsOpen(true);
              },
              submitting: buying.loading,
              batch: labelBatch,
              error: labelsError,
              onSubmit: (ids) => void handleBuyLabels(ids),
              onOpenPdf: (path) => void pdf.open(path),
              openingPdf: pdf.opening,
              pdfError: pdf.error,
              onShipBought: () => {
                setLabelsOpen(false);
                openBulkShip();
              },
              onClose: () => setLabelsOpen(false),
            }
          : undefined
      }
      bulkShip={{
        open: bulkOpen,
        prefill: shipPrefill,
        submitting: shipping.loading,
        results: bulkResults,
        error: bulkError,
        onSubmit: (items) => void handleBulkShip(items),
        onClose: () => {
          setBulkOpen(false);
          if (bulkResults?.some((result) => result.ok)) {
            const shipped = new Set(bulkResults.filter((r) => r.ok).map((r) => r.id));
            setSelectedRows((previous) => previous.filter((row) => !shipped.has(row.id)));
          }
        },
      }}
    />
  );
}
