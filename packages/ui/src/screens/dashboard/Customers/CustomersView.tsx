// The customers list: search, situation and order above a server-paginated grid (cards on a
// phone); anonymised customers marked as such; loading, empty, no-match, error and no-permission
// states. Pure.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDate } from '../../../format';
import { FilterBar, FilterSelect, filterOptions } from '../../../components/dashboard/FilterBar';
import { DashboardPage } from '../shared';
import {
  ListEmptyState,
  ListErrorAlert,
  ListPagination,
  type ListError,
  PhoneCardList,
} from '../../../components/dashboard/ListStates';
import type { CustomerRowNode } from './CustomersScreen.graphql';
import {
  CUSTOMER_PAGE_SIZES,
  CUSTOMER_SITUATION_LABELS,
  CUSTOMER_SORT_LABELS,
  EMPTY_CUSTOMERS_STATE,
  hasCustomerFilters,
  type CustomerSituation,
  type CustomerSort,
  type CustomersListState,
} from './customersUrlState';

const gridLocaleText = gridPtBR.components.MuiDataGrid.defaultProps.localeText;

export interface CustomersViewProps {
  state: CustomersListState;
  onStateChange(next: CustomersListState): void;
  rows: CustomerRowNode[];
  totalCount: number;
  loading: boolean;
  error?: ListError | null;
  onRetry?(): void;
  customerHref(id: string): string;
}

export function AnonymizedChip() {
  return <Chip size="small" label="Anonimizado" variant="outlined" />;
}

function columns(customerHref: (id: string) => string): GridColDef<CustomerRowNode>[] {
  return [
    {
      field: 'name',
      headerName: 'Nome',
      flex: 1.4,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={customerHref(row.id)}
            sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {row.name}
          </Link>
          {row.anonymized ? <AnonymizedChip /> : null}
        </Box>
      ),
    },
    {
      field: 'email',
      headerName: 'E-mail',
      flex: 1.4,
      minWidth: 180,
      valueFormatter: (value: string | null) => value ?? '—',
    },
    {
      field: 'cpf',
      headerName: 'CPF',
      width: 130,
      valueFormatter: (value: string | null) => value ?? '—',
    },
    { field: 'ordersCount', headerName: 'Pedidos', type: 'number', width: 90 },
    {
      field: 'totalSpentCents',
      headerName: 'Total gasto',
      type: 'number',
      width: 130,
      valueFormatter: (value: number) => formatBRL(value),
    },
    {
      field: 'lastOrderAt',
      headerName: 'Último pedido',
      width: 130,
      valueFormatter: (value: string) => formatDate(value),
    },
  ];
}

function CustomerCards({
  rows,
  loading,
  customerHref,
}: {
  rows: CustomerRowNode[];
  loading: boolean;
  customerHref(id: string): string;
}) {
  return (
    <PhoneCardList
      rows={rows}
      loading={loading}
      label="Clientes"
      loadingLabel="Carregando clientes"
      skeletonHeight={96}
    >
      {(row) => (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Link
              component={RouterLink}
              to={customerHref(row.id)}
              sx={{
                fontWeight: 700,
                minHeight: 44,
                display: 'inline-flex',
                alignItems: 'center',
                minWidth: 0,
                overflowWrap: 'anywhere',
              }}
            >
              {row.name}
            </Link>
            <Typography sx={{ fontWeight: 700, alignSelf: 'center', whiteSpace: 'nowrap' }}>
              {formatBRL(row.totalSpentCents)}
            </Typography>
          </Box>
          {row.email ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.email}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {row.ordersCount === 1 ? '1 pedido' : `${row.ordersCount} pedidos`} · último em{' '}
            {formatDate(row.lastOrderAt)}
            {row.cpf ? ` · CPF ${row.cpf}` : ''}
          </Typography>
          {row.anonymized ? (
            <Box sx={{ mt: 1 }}>
              <AnonymizedChip />
            </Box>
          ) : null}
        </>
      )}
    </PhoneCardList>
  );
}

export function CustomersView({
  state,
  onStateChange,
  rows,
  totalCount,
  loading,
  error = null,
  onRetry,
  customerHref,
}: CustomersViewProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const filtered = hasCustomerFilters(state);
  const change = (patch: Partial<CustomersListState>) =>
    onStateChange({ ...state, ...patch, page: 0 });
  const clear = () =>
    onStateChange({ ...EMPTY_CUSTOMERS_STATE, sort: state.sort, pageSize: state.pageSize });

  let body;
  if (error) {
    body = <ListErrorAlert error={error} what="os clientes" onRetry={onRetry} />;
  } else if (!loading && totalCount === 0) {
    body = filtered ? (
      <ListEmptyState
        title="Nenhum cliente encontrado"
        text="Nenhum cliente corresponde à busca e aos filtros escolhidos."
        action={
          <Button variant="contained" onClick={clear}>
            Limpar filtros
          </Button>
        }
      />
    ) : (
      <ListEmptyState
        title="Nenhum cliente ainda"
        text="Os clientes aparecem aqui a partir do primeiro pedido, agrupados pelo e-mail."
      />
    );
  } else if (phone) {
    body = (
      <>
        <CustomerCards rows={rows} loading={loading} customerHref={customerHref} />
        <ListPagination
          count={totalCount}
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={CUSTOMER_PAGE_SIZES}
          onChange={(page, pageSize) => onStateChange({ ...state, page, pageSize })}
        />
      </>
    );
  } else {
    body = (
      <DataGrid
        aria-label="Clientes"
        rows={rows}
        columns={columns(customerHref)}
        rowCount={totalCount}
        loading={loading}
        autoHeight
        paginationMode="server"
        sortingMode="server"
        disableColumnSorting
        disableColumnFilter
        disableColumnMenu
        disableRowSelectionOnClick
        paginationModel={{ page: state.page, pageSize: state.pageSize }}
        onPaginationModelChange={(model) =>
          onStateChange({
            ...state,
            page: model.pageSize !== state.pageSize ? 0 : model.page,
            pageSize: model.pageSize,
          })
        }
        pageSizeOptions={[...CUSTOMER_PAGE_SIZES]}
        localeText={gridLocaleText}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        sx={{ bgcolor: 'background.paper' }}
      />
    );
  }

  return (
    <DashboardPage title="Clientes" maxWidth={false}>
      {error?.kind !== 'forbidden' ? (
        <FilterBar
          label="Filtrar clientes"
          search={{
            value: state.search,
            label: 'Buscar por nome, e-mail, CPF ou telefone',
            onSearch: (search) => change({ search }),
          }}
          activeCount={state.situation ? 1 : 0}
          canClear={filtered}
          onClear={clear}
          columns={4}
        >
          <FilterSelect<CustomerSituation>
            label="Situação"
            value={state.situation}
            options={filterOptions(CUSTOMER_SITUATION_LABELS)}
            onChange={(situation) => change({ situation })}
          />
          <TextField
            select
            size="small"
            label="Ordenar por"
            value={state.sort}
            onChange={(event) => change({ sort: event.target.value as CustomerSort })}
          >
            {Object.entries(CUSTOMER_SORT_LABELS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        </FilterBar>
      ) : null}
      {body}
    </DashboardPage>
  );
}
