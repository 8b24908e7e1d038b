// The orders list's grid (from the tablet up): server-side pages and sort, a checkbox per row;
// 'Itens' only on wide screens.
import Link from '@mui/material/Link';
import {
  DataGrid,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDateTime } from '../../../format';
import { FulfilmentStatusChip, PaymentStatusChip } from './OrderChips';
import { PAYMENT_METHOD_LABELS, type OrderSort } from './orderLabels';
import type { OrderRowNode } from './OrdersScreen.graphql';
import { PAGE_SIZES, type OrdersListState } from './ordersUrlState';

const gridLocaleText = gridPtBR.components.MuiDataGrid.defaultProps.localeText;

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

function selectionIds(model: GridRowSelectionModel, rows: OrderRowNode[]): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  return rows.map((row) => row.id).filter((id) => !model.ids.has(id));
}

export interface OrdersListProps {
  state: OrdersListState;
  onStateChange(next: OrdersListState): void;
  rows: OrderRowNode[];
  totalCount: number;
  loading: boolean;
  selectedIds: string[];
  onSelectionChange(ids: string[]): void;
  orderHref(id: string): string;
}

export function OrdersGrid({
  state,
  onStateChange,
  rows,
  totalCount,
  loading,
  selectedIds,
  onSelectionChange,
  orderHref,
  wide,
}: OrdersListProps & { wide: boolean }) {
  return (
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
