// The orders grid with real data: its state in the URL, the page of orders from `orders`, the
// staff member's saved views, bulk shipping, the CSV export (POST /admin/exports/orders, then the
// download the server streams).
import { useMutation, useQuery } from '@apollo/client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAuth } from '../../../auth';
import { useOrderEvents } from '../../../live';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { withBrandScope } from '../shared';
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
  type OrderRowNode,
} from './OrdersScreen.graphql';
import {
  applySavedView,
  BUILT_IN_VIEWS,
  isViewActive,
  ordersFilter,
  ordersParams,
  ordersVariables,
  parseOrdersParams,
  savedViewQuery,
  type OrdersListState,
} from './ordersUrlState';
import { OrdersView, type OrdersError } from './OrdersView';
import type { SavedViewOption as OrdersViewOption } from '../../../components/dashboard/SavedViewsMenu';

export const EXPORT_PATH = '/admin/exports/orders';

export interface OrdersScreenProps {
  /** Opens the export's download (a full navigation by default; tests pass a spy). */
  download?(url: string): void;
}

function defaultDownload(url: string) {
  window.location.assign(url);
}

export function OrdersScreen({ download = defaultDownload }: OrdersScreenProps = {}) {
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseOrdersParams(searchParams), [searchParams]);
  const setState = useCallback(
    (next: OrdersListState) => setSearchParams(ordersParams(next)),
    [setSearchParams],
  );

  const { data, previousData, loading, error, refetch } = useQuery(DASHBOARD_ORDERS_QUERY, {
    variables: ordersVariables(state),
    notifyOnNetworkStatusChange: true,
  });
  const { data: context } = useQuery(DASHBOARD_ORDERS_CONTEXT_QUERY, { errorPolicy: 'all' });
  const { data: viewsData } = useQuery(DASHBOARD_SAVED_VIEWS_QUERY, { errorPolicy: 'all' });
  const [createView] = useMutation(SAVED_VIEW_CREATE_MUTATION, {
    refetchQueries: [DASHBOARD_SAVED_VIEWS_QUERY],
    awaitRefetchQueries: true,
  });
  const [deleteView] = useMutation(SAVED_VIEW_DELETE_MUTATION, {
    refetchQueries: [DASHBOARD_SAVED_VIEWS_QUERY],
  });
  const [shipOrders, shipping] = useMutation(ORDERS_SHIP_MUTATION);
  const [buyLabels, buying] = useMutation(ORDERS_BUY_LABELS_MUTATION);
  const pdf = usePdfOpener();

  const current = data ?? previousData;
  const rows = useMemo(() => current?.orders.nodes ?? [], [current]);
  const role = context?.me?.role ?? null;
  const brands = useMemo(() => {
    const all = context?.brands ?? [];
    return role === 'BRAND_MANAGER'
      ? all.filter((brand) => context?.me.brandIds.includes(brand.id))
      : all;
  }, [context, role]);

  // Selected orders stay selected across pages: their rows are kept for the bulk dialog.
  const [selectedRows, setSelectedRows] = useState<OrderRowNode[]>([]);
  const selectedIds = selectedRows.map((row) => row.id);
  const selectRows = useCallback(
    (ids: string[]) =>
      setSelectedRows((previous) =>
        ids.flatMap(
          (id) => rows.find((row) => row.id === id) ?? previous.find((row) => row.id === id) ?? [],
        ),
      ),
    [rows],
  );
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

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  async function handleExport() {
    setExporting(true);
    setExportError(null);
    try {
      const response = await auth.fetch(auth.apiUrl(EXPORT_PATH), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filter: ordersFilter(state), sort: state.sort }),
      });
      const body = (await response.json().catch(() => null)) as {
        url?: string;
        detail?: string;
        message?: string;
      } | null;
      if (!response.ok || !body?.url) {
        setExportError(
          body?.detail ?? body?.message ?? 'Não foi possível exportar os pedidos. Tente novamente.',
        );
        return;
      }
      // The ticket URL is the API's: on its host, carrying no session token.
      download(/^https?:/.test(body.url) ? body.url : auth.apiUrl(body.url));
    } catch {
      setExportError('Não foi possível conectar ao servidor para exportar. Tente novamente.');
    } finally {
      setExporting(false);
    }
  }

  // Live: new orders and changes to the rows on screen are announced, never applied on their
  // own (the list the staff member is reading does not move); "Atualizar" reloads it.
  const [fresh, setFresh] = useState<{ placed: string[]; changed: boolean }>({
    placed: [],
    changed: false,
  });
  useOrderEvents(
    (event) => {
      if (event.type === 'placed') {
        setFresh((current) =>
          current.placed.includes(event.id)
            ? current
            : { ...current, placed: [...current.placed, event.id] },
        );
      } else if (rows.some((row) => row.id === event.id)) {
        setFresh((current) => ({ ...current, changed: true }));
      }
    },
    { onResync: () => setFresh((current) => ({ ...current, changed: true })) },
  );
  function showFresh() {
    setFresh({ placed: [], changed: false });
    void refetch();
  }

  const savedViews: OrdersViewOption[] = viewsData?.savedViews ?? [];
  const activeViewId =
    [...BUILT_IN_VIEWS, ...savedViews].find((view) => isViewActive(view.query, state))?.id ?? null;

  let viewError: OrdersError | null = null;
  if (error && !current) {
    const read = readServerError(error);
    viewError =
      read.code === 'FORBIDDEN'
        ? { kind: 'forbidden', message: read.message }
        : { kind: 'failed', message: read.message };
  }

  return (
    <OrdersView
      state={state}
      onStateChange={setState}
      rows={rows}
      totalCount={current?.orders.totalCount ?? 0}
      loading={loading}
      error={viewError}
      onRetry={() => void refetch()}
      staffRole={role}
      brands={brands}
      savedViews={savedViews}
      activeViewId={activeViewId}
      onApplyView={(view) => setState(applySavedView(view.query, state))}
      onSaveView={async (name) => {
        try {
          await createView({ variables: { name, query: savedViewQuery(state) } });
          return null;
        } catch (cause) {
          return readServerError(cause as Error).message;
        }
      }}
      onDeleteView={(view) =>
        void deleteView({ variables: { id: view.id } }).catch(() => undefined)
      }
      selectedIds={selectedIds}
      onSelectionChange={selectRows}
      selectedOrders={selectedOrders}
      orderHref={(id) => withBrandScope(dashboardPaths.order(id), state.brandId)}
      packingSlipsHref={dashboardPaths.packingSlips(selectedIds)}
      onExport={() => void handleExport()}
      exporting={exporting}
      exportError={exportError}
      newOrders={fresh.placed.length}
      listChanged={fresh.changed}
      onShowNewOrders={showFresh}
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
