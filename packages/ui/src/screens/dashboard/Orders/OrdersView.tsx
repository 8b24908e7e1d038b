// The orders list: search and filters, views, export and bulk actions above a server-paginated
// grid (cards on a phone), with its loading, empty, no-match, error and no-permission states. Pure.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDateTime } from '../../../format';
import { DashboardPage } from '../shared';
import { BulkShipDialog, type BulkShipDialogProps } from './BulkShipDialog';
import { BuyLabelsDialog, type BuyLabelsDialogProps } from './BuyLabelsDialog';
import { FulfilmentStatusChip, PaymentStatusChip } from './OrderChips';
import { PAYMENT_METHOD_LABELS, type OrderSort, type StaffRole } from './orderLabels';
import { PRINT_PAGE_REL } from './PrintFrame';
import { OrdersToolbar } from './OrdersToolbar';
import {
  BUILT_IN_VIEWS,
  clearedFilters,
  hasFilters,
  PAGE_SIZES,
  type OrdersListState,
} from './ordersUrlState';
import type { OrderRowNode } from './OrdersScreen.graphql';
import {
  SavedViewsMenu,
  type SavedViewOption as OrdersViewOption,
} from '../../../components/dashboard/SavedViewsMenu';

const gridLocaleText = gridPtBR.components.MuiDataGrid.defaultProps.localeText;

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

const SORT_FIELDS: Record<string, [OrderSort, OrderSort]> = {
  createdAt: ['OLDEST', 'NEWEST'],
  totalCents: ['TOTAL_ASC', 'TOTAL_DESC'],
};

function sortModelOf(sort: OrderSort): GridSortModel {
  for (const [field, [asc, desc]] of Object.entries(SORT_FIELDS)) {
    if (sort === asc) return [{ field, sort: 'asc' }];
    if (sort === desc) return [{ field, sort: 'desc' }];
  }
  return [];
}

function sortOf(model: GridSortModel): OrderSort {
  const first = model[0];
  const pair = first ? SORT_FIELDS[first.field] : undefined;
  if (!first || !pair) return 'NEWEST';
  return first.sort === 'asc' ? pair[0] : pair[1];
}

// The columns fit beside the side bar from 1280 px (about 920 px for the grid): the fixed widths
// and the flex columns' minimums add up to 912 px without 'Itens', shown only on wide screens.
function columns(orderHref: (id: string) => string): GridColDef<OrderRowNode>[] {
  return [
    {
      field: 'number',
      headerName: 'Pedido',
      width: 92,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={orderHref(row.id)} sx={{ fontWeight: 600 }}>
          {row.number}
        </Link>
      ),
    },
    {
      field: 'createdAt',
      headerName: 'Data',
      width: 140,
      valueFormatter: (value: string) => formatDateTime(value).replace(',', ''),
    },
    {
      field: 'customer',
      headerName: 'Cliente',
      flex: 1.3,
      minWidth: 110,
      sortable: false,
      valueGetter: (_value, row) => row.customer.name,
    },
    {
      field: 'brandNames',
      headerName: 'Marcas',
      flex: 1,
      minWidth: 90,
      sortable: false,
      valueFormatter: (value: string[]) => value.join(', '),
    },
    {
      field: 'itemCount',
      headerName: 'Itens',
      type: 'number',
      width: 64,
      sortable: false,
    },
    {
      field: 'totalCents',
      headerName: 'Total',
      type: 'number',
      width: 104,
      valueFormatter: (value: number) => formatBRL(value),
    },
    {
      field: 'paymentMethod',
      headerName: 'Forma',
      description: 'Forma de pagamento',
      width: 76,
      sortable: false,
      valueFormatter: (value: OrderRowNode['paymentMethod']) => PAYMENT_METHOD_LABELS[value],
    },
    {
      field: 'paymentStatus',
      headerName: 'Pagamento',
      description: 'Status do pagamento',
      flex: 0.9,
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) => <PaymentStatusChip status={row.paymentStatus} />,
    },
    {
      field: 'fulfilmentStatus',
      headerName: 'Envio',
      description: 'Status do envio',
      flex: 1,
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <FulfilmentStatusChip status={row.fulfilmentStatus} paymentStatus={row.paymentStatus} />
      ),
    },
  ];
}

function OrderCards({
  rows,
  loading,
  selectedIds,
  onToggle,
  orderHref,
}: {
  rows: OrderRowNode[];
  loading: boolean;
  selectedIds: string[];
  onToggle(id: string): void;
  orderHref(id: string): string;
}) {
  if (loading && rows.length === 0) {
    return (
      <Box
        sx={{ display: 'grid', gap: 1.5 }}
        role="status"
        aria-busy="true"
        aria-label="Carregando pedidos"
      >
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={112} />
        ))}
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Pedidos"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {rows.map((row) => (
        <Card
          component="li"
          key={row.id}
          variant="outlined"
          sx={{ p: 1.5, display: 'flex', gap: 1 }}
        >
          <Checkbox
            checked={selectedIds.includes(row.id)}
            onChange={() => onToggle(row.id)}
            slotProps={{ input: { 'aria-label': `Selecionar o pedido ${row.number}` } }}
            sx={{ alignSelf: 'flex-start', m: -0.5 }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 1,
                alignItems: 'center',
              }}
            >
              <Link
                component={RouterLink}
                to={orderHref(row.id)}

                sx={{
                  fontWeight: 700,
                  minHeight: 44,
                  display: 'inline-flex',
                  alignItems: 'center',
                }}
              >
                {row.number}
              </Link>
              <Typography sx={{ fontWeight: 700 }}>{formatBRL(row.totalCents)}</Typography>
            </Box>
            <Typography variant="body2" noWrap>
              {row.customer.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(row.createdAt).replace(',', '')} ·{' '}
              {PAYMENT_METHOD_LABELS[row.paymentMethod]} ·{' '}
              {row.itemCount === 1 ? '1 item' : `${row.itemCount} itens`}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
              <PaymentStatusChip status={row.paymentStatus} />
              <FulfilmentStatusChip
                status={row.fulfilmentStatus}
                paymentStatus={row.paymentStatus}
              />
            </Box>
          </Box>
        </Card>
      ))}
    </Box>
  );
}

function selectionIds(model: GridRowSelectionModel, rows: OrderRowNode[]): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  return rows.map((row) => row.id).filter((id) => !model.ids.has(id));
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
  const filtered = hasFilters(state);
  const clear = () => onStateChange(clearedFilters(state));
  const selected = selectedIds.length;

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

  let body;
  if (error?.kind === 'forbidden') {
    body = (
      <Alert severity="warning" role="alert">
        {error.message || 'Você não tem permissão para ver os pedidos.'}
      </Alert>
    );
  } else if (error) {
    body = (
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
  } else if (!loading && totalCount === 0) {
    body = filtered ? (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          Nenhum pedido encontrado
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Nenhum pedido corresponde à busca e aos filtros escolhidos.
        </Typography>
        <Button variant="contained" onClick={clear}>
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
  } else if (phone) {
    body = (
      <>
        <OrderCards
          rows={rows}
          loading={loading}
          selectedIds={selectedIds}
          orderHref={orderHref}
          onToggle={(id) =>
            onSelectionChange(
              selectedIds.includes(id)
                ? selectedIds.filter((item) => item !== id)
                : [...selectedIds, id],
            )
          }
        />
        <TablePagination
          component="div"
          count={totalCount}
          page={Math.min(state.page, Math.max(0, Math.ceil(totalCount / state.pageSize) - 1))}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_event, page) => onStateChange({ ...state, page })}
          onRowsPerPageChange={(event) =>
            onStateChange({ ...state, page: 0, pageSize: Number(event.target.value) })
          }
          labelRowsPerPage="Por página"
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
          getItemAriaLabel={(type) =>
            type === 'next'
              ? 'Próxima página'
              : type === 'previous'
                ? 'Página anterior'
                : type === 'first'
                  ? 'Primeira página'
                  : 'Última página'
          }
        />
      </>
    );
  } else {
    body = (
      <DataGrid
        aria-label="Pedidos"
        rows={rows}
        columns={columns(orderHref)}
        columnVisibilityModel={{ itemCount: wide }}
        rowCount={totalCount}
        loading={loading}
        autoHeight
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableColumnMenu
        paginationModel={{ page: state.page, pageSize: state.pageSize }}
        onPaginationModelChange={(model) =>
          onStateChange({
            ...state,
            page: model.pageSize !== state.pageSize ? 0 : model.page,
            pageSize: model.pageSize,
          })
        }
        pageSizeOptions={[...PAGE_SIZES]}
        sortModel={sortModelOf(state.sort)}
        sortingOrder={['desc', 'asc']}
        onSortModelChange={(model) => onStateChange({ ...state, page: 0, sort: sortOf(model) })}
        checkboxSelection
        disableRowSelectionOnClick
        keepNonExistentRowsSelected
        rowSelectionModel={{ type: 'include', ids: new Set(selectedIds) }}
        onRowSelectionModelChange={(model) => onSelectionChange(selectionIds(model, rows))}
        localeText={gridLocaleText}
        slotProps={{
          loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' },
        }}
        sx={{ bgcolor: 'background.paper' }}
      />
    );
  }

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
        <Paper
          variant="outlined"
          role="region"
          aria-label="Ações dos selecionados"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1,
            mb: 1.5,
          }}
        >
          <Typography sx={{ mr: 'auto' }}>
            {selected === 1 ? '1 pedido selecionado' : `${selected} pedidos selecionados`}
          </Typography>
          {props.buyLabels ? (
            <Button startIcon={<ReceiptLongOutlined />} onClick={props.buyLabels.onOpen}>
              Comprar etiquetas
            </Button>
          ) : null}
          <Button startIcon={<LocalShippingOutlined />} onClick={props.onOpenBulkShip}>
            Enviar selecionados
          </Button>
          <Button
            startIcon={<PrintOutlined />}
            href={props.packingSlipsHref}
            target="_blank"
            rel={PRINT_PAGE_REL}
          >
            Imprimir romaneios
          </Button>
          <Button onClick={() => onSelectionChange([])}>Limpar seleção</Button>
        </Paper>
      ) : null}
      {body}
      {props.bulkShip.open ? (
        <BulkShipDialog {...props.bulkShip} orders={props.selectedOrders} />
      ) : null}
      {props.buyLabels?.open ? (
        <BuyLabelsDialog {...props.buyLabels} orders={props.selectedOrders} />
      ) : null}
    </DashboardPage>
  );
}
