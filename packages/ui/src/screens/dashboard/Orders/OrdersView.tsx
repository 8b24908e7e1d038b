// The orders list: search and filters, views, export and bulk actions above a server-paginated
// grid (cards on a phone), with its loading, empty, no-match, error and no-permission states. Pure.
// Its parts: OrdersGrid, OrderCards and OrdersSelectionBar.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

import { DashboardPage } from '../shared';
import { BulkShipDialog, type BulkShipDialogProps } from './BulkShipDialog';
import { BuyLabelsDialog, type BuyLabelsDialogProps } from './BuyLabelsDialog';
import { OrdersPhoneList } from './OrderCards';
import type { StaffRole } from './orderLabels';
import { OrdersGrid } from './OrdersGrid';
import { OrdersSelectionBar } from './OrdersSelectionBar';
import { OrdersToolbar } from './OrdersToolbar';
import { BUILT_IN_VIEWS, clearedFilters, hasFilters, type OrdersListState } from './ordersUrlState';
import type { OrderRowNode } from './OrdersScreen.graphql';
import {
  SavedViewsMenu,
  type SavedViewOption as OrdersViewOption,
} from '../../../components/dashboard/SavedViewsMenu';

export type OrdersError =
  { kind: 'forbidden'; message: string } | { kind: 'failed'; message: string };

export interface OrdersViewProps {
  state: OrdersListState;
  onStateChange(next: OrdersListState): void;
  rows: OrderRowNode[];
  totalCount: number;
  loading: boolean;
  error?: OrdersError | null;
  onRetry?(): void;
  staffRole: StaffRole | null;
  brands: { id: string; name: string }[];
  savedViews: OrdersViewOption[];
  activeViewId: string | null;
  onApplyView(view: OrdersViewOption): void;
  onSaveView(name: string): Promise<string | null>;
  onDeleteView(view: OrdersViewOption): void;
  selectedIds: string[];
  onSelectionChange(ids: string[]): void;
  /** The link of each order's page. */
  orderHref(id: string): string;
  /** The printable packing slips of the selected orders. */
  packingSlipsHref: string;
  onExport(): void;
  exporting?: boolean;
  exportError?: string | null;
  /** Orders that arrived since the list was loaded (live); 0 hides the notice. */
  newOrders?: number;
  /** Orders on this page changed since it was loaded (live), or the live connection came back. */
  listChanged?: boolean;
  onShowNewOrders?(): void;
  bulkShip: Omit<BulkShipDialogProps, 'orders'>;
  onOpenBulkShip(): void;
  /** Buying the selected orders' labels (ADMIN and SUPPORT); absent: no button. */
  buyLabels?: Omit<BuyLabelsDialogProps, 'orders'> & { onOpen(): void };
  /** The selected orders as the bulk dialog lists them (also those of other pages). */
  selectedOrders: BulkShipDialogProps['orders'];
}

/** No permission, or the list failed (with a retry). */
function OrdersLoadError({ error, onRetry }: { error: OrdersError; onRetry?: () => void }) {
  if (error.kind === 'forbidden') {
    return (
      <Alert severity="warning" role="alert">
        {error.message || 'Você não tem permissão para ver os pedidos.'}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null
      }
    >
      Não foi possível carregar os pedidos. {error.message}
    </Alert>
  );
}

/** No order matches the filters (offer to clear them), or the store has none yet. */
function OrdersEmpty({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  return filtered ? (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Nenhum pedido encontrado
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Nenhum pedido corresponde à busca e aos filtros escolhidos.
      </Typography>
      <Button variant="contained" onClick={onClear}>
        Limpar filtros
      </Button>
    </Paper>
  ) : (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Nenhum pedido ainda
      </Typography>
      <Typography color="text.secondary">
        Os pedidos da loja aparecem aqui assim que forem feitos.
      </Typography>
    </Paper>
  );
}

export function OrdersView(props: OrdersViewProps) {
  const {
    state,
    onStateChange,
    rows,
    totalCount,
    loading,
    error = null,
    onRetry,
    staffRole,
    brands,
    selectedIds,
    onSelectionChange,
    orderHref,
  } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const clear = () => onStateChange(clearedFilters(state));
  const selected = selectedIds.length;
  const list = {
    state,
    onStateChange,
    rows,
    totalCount,
    loading,
    selectedIds,
    onSelectionChange,
    orderHref,
  };

  const actions = (
    <>
      <SavedViewsMenu
        builtIn={BUILT_IN_VIEWS}
        saved={props.savedViews}
        activeId={props.activeViewId}
        onApply={props.onApplyView}
        onSave={props.onSaveView}
        onDelete={props.onDeleteView}
      />
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={props.onExport}
        loading={props.exporting ?? false}
        disabled={error !== null}
      >
        Exportar CSV
      </Button>
    </>
  );

  return (
    <DashboardPage title="Pedidos" actions={actions} maxWidth={false}>
      {(props.newOrders ?? 0) > 0 || props.listChanged ? (
        <Alert
          severity="info"
          role="status"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={props.onShowNewOrders}>
              Atualizar
            </Button>
          }
        >
          {props.newOrders === 1
            ? '1 novo pedido.'
            : (props.newOrders ?? 0) > 1
              ? `${props.newOrders} novos pedidos.`
              : 'Pedidos desta lista mudaram.'}
        </Alert>
      ) : null}
      {props.exportError ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {props.exportError}
        </Alert>
      ) : null}
      {error?.kind !== 'forbidden' ? (
        <OrdersToolbar
          state={state}
          onChange={onStateChange}
          onClear={clear}
          brands={brands}
          contactSearch={staffRole !== 'BRAND_MANAGER'}
          compact={phone}
        />
      ) : null}
      {selected > 0 ? (
        <OrdersSelectionBar
          selected={selected}
          {...(props.buyLabels ? { onBuyLabels: props.buyLabels.onOpen } : {})}
          onShip={props.onOpenBulkShip}
          packingSlipsHref={props.packingSlipsHref}
          onClear={() => onSelectionChange([])}
        />
      ) : null}
      {error ? (
        <OrdersLoadError error={error} onRetry={onRetry} />
      ) : !loading && totalCount === 0 ? (
        <OrdersEmpty filtered={hasFilters(state)} onClear={clear} />
      ) : phone ? (
        <OrdersPhoneList {...list} />
      ) : (
        <OrdersGrid {...list} wide={wide} />
      )}
      {props.bulkShip.open ? (
        <BulkShipDialog {...props.bulkShip} orders={props.selectedOrders} />
      ) : null}
      {props.buyLabels?.open ? (
        <BuyLabelsDialog {...props.buyLabels} orders={props.selectedOrders} />
      ) : null}
    </DashboardPage>
  );
}
