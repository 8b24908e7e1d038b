// The NF-e list ("Notas fiscais"): the status filter as tabs (with how many wait or were
// rejected) and its page in the URL, the invoices latest change first (a grid on a computer,
// cards on a phone) with the order (its page is where the data is fixed), the number and series
// (and "Devolução n" for a return's NF-e de devolução), the status, SEFAZ's code and message of a
// rejection, when it last changed and "Enviar de novo" for a rejected or waiting sale NF-e. Loading, empty (per filter), error, no-permission and "Emissão de
// NF-e não configurada" states. Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDateTime } from '../../../format';
import {
  ListEmptyState,
  ListErrorAlert,
  ListPagination,
  type ListError,
  PhoneCardList,
} from '../../../components/dashboard/ListStates';
import { DashboardPage } from '../shared';
import { INVOICE_STATUS_COLORS, rejectionSentence } from '../Orders/OrderInvoice';
import type { InvoiceStatusName } from '../Orders/OrderInvoice.graphql';
import type { InvoiceKindName, InvoiceRowNode, InvoicesOverview } from './InvoicesScreen.graphql';
import {
  INVOICE_FILTER_LABELS,
  INVOICE_KIND_LABELS,
  INVOICE_PAGE_SIZES,
  type InvoicesListState,
} from './invoicesUrlState';

const gridLocaleText = gridPtBR.components.MuiDataGrid.defaultProps.localeText;

export const INVOICES_FORBIDDEN = 'Só administradores e o atendimento veem as notas fiscais.';

export interface InvoicesViewProps {
  state: InvoicesListState;
  onStateChange(next: InvoicesListState): void;
  rows: InvoiceRowNode[];
  totalCount: number;
  /** Whether the store issues NF-e and how many wait or were rejected; null while unknown. */
  overview: InvoicesOverview | null;
  loading: boolean;
  error?: ListError | null;
  onRetry?(): void;
  orderHref(orderId: string): string;
  /** Sends the row's invoice again (a sale's by its order, a devolução's by its return). */
  onResend(row: InvoiceRowNode): void;
  /** The invoice being sent again. */
  resendingInvoiceId?: string | null;
  /** The last send's failure, above the list. */
  resendError?: string | null;
  onDismissResendError?(): void;
  /** The last send's outcome, in a snackbar. */
  notice?: string | null;
  onDismissNotice?(): void;
}

const EMPTY_TEXTS: Record<InvoiceStatusName | 'ALL', { title: string; text: string }> = {
  ALL: {
    title: 'Nenhuma nota fiscal ainda',
    text: 'As notas fiscais aparecem aqui quando os pedidos pagos (ou enviados, conforme as configurações) são enviados ao emissor.',
  },
  PENDING: {
    title: 'Nenhuma nota pendente',
    text: 'Nenhuma nota aguarda o envio ao emissor de NF-e.',
  },
  PROCESSING: {
    title: 'Nenhuma nota processando',
    text: 'Nenhuma nota aguarda a resposta da SEFAZ agora.',
  },
  AUTHORIZED: {
    title: 'Nenhuma nota autorizada',
    text: 'As notas autorizadas pela SEFAZ aparecem aqui, com o DANFE e o XML na página do pedido.',
  },
  REJECTED: {
    title: 'Nenhuma nota rejeitada',
    text: 'Nenhuma nota foi rejeitada pela SEFAZ nem ficou sem dados para enviar.',
  },
  CANCELED: {
    title: 'Nenhuma nota cancelada',
    text: 'As notas canceladas na SEFAZ aparecem aqui, com a justificativa na página do pedido.',
  },
};

/** The empty state's words for the filters: 'nota' narrowed to the kind chosen. */
function emptyTexts(state: InvoicesListState): { title: string; text: string } {
  const base = EMPTY_TEXTS[state.status ?? 'ALL'];
  if (!state.kind) return base;
  const what = state.kind === 'RETURN' ? 'NF-e de devolução' : 'NF-e de venda';
  return {
    title: base.title.replace(/nota( fiscal)?/, what),
    text:
      state.kind === 'RETURN' && !state.status
        ? 'As NF-e de devolução aparecem aqui quando uma devolução é recebida e a NF-e de venda do pedido está autorizada.'
        : base.text,
  };
}

/** Sales and devoluções, or one kind. */
function KindFilter({
  state,
  onStateChange,
}: {
  state: InvoicesListState;
  onStateChange(next: InvoicesListState): void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Tipo"
      value={state.kind ?? 'ALL'}
      onChange={(event) => {
        const value = event.target.value as InvoiceKindName | 'ALL';
        onStateChange({ ...state, kind: value === 'ALL' ? null : value, page: 0 });
      }}
      sx={{ width: { xs: '100%', sm: 220 }, '& .MuiInputBase-root': { minHeight: 44 } }}
    >
      <MenuItem value="ALL">Vendas e devoluções</MenuItem>
      {(Object.entries(INVOICE_KIND_LABELS) as [InvoiceKindName, string][]).map(
        ([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ),
      )}
    </TextField>
  );
}

/** '1042 · série 1', or why it has no number yet. */
function numberText(row: InvoiceRowNode): string {
  return row.number !== null ? `${row.number} · série ${row.series ?? 0}` : 'Sem número';
}

/** A return's NF-e de devolução says which return; the sale's says nothing more. */
function kindText(row: InvoiceRowNode): string | null {
  return row.kind === 'RETURN' ? `Devolução ${row.returnNumber ?? ''}`.trim() : null;
}

/** A sale's NF-e is sent again by its order (invoiceRetry), a devolução's by its return. */
function canResendHere(row: InvoiceRowNode): boolean {
  return row.allowedActions.includes('RETRY') && (row.kind === 'SALE' || row.returnId !== null);
}

/** What the status needs said: the rejection, or when the provider is asked again. */
function statusDetail(row: InvoiceRowNode): string | null {
  switch (row.status) {
    case 'REJECTED':
      return rejectionSentence(row.rejectionCode, row.rejectionMessage);
    case 'PENDING':
      return row.lastError
        ? `O emissor não respondeu; nova tentativa${row.nextAttemptAt ? ` em ${formatDateTime(row.nextAttemptAt).replace(',', '')}` : ' em instantes'}.`
        : 'Vai para o emissor em instantes.';
    case 'PROCESSING':
      return 'Aguardando a resposta da SEFAZ.';
    default:
      return null;
  }
}

function StatusCell({ row }: { row: InvoiceRowNode }) {
  const detail = statusDetail(row);
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <Chip size="small" color={INVOICE_STATUS_COLORS[row.status]} label={row.statusLabel} />
      {detail ? (
        <Typography
          variant="body2"
          color={row.status === 'REJECTED' ? 'error.dark' : 'text.secondary'}
          sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'normal' }}
        >
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}

interface RowActions {
  orderHref(orderId: string): string;
  onResend(row: InvoiceRowNode): void;
  resendingInvoiceId: string | null;
}

function ResendButton({
  row,
  actions,
  variant,
}: {
  row: InvoiceRowNode;
  actions: RowActions;
  variant: 'text' | 'outlined';
}) {
  if (!canResendHere(row)) return null;
  return (
    <Button
      size={variant === 'text' ? 'small' : 'medium'}
      variant={variant}
      loading={actions.resendingInvoiceId === row.id}
      disabled={actions.resendingInvoiceId !== null && actions.resendingInvoiceId !== row.id}
      onClick={() => actions.onResend(row)}
      aria-label={`Enviar de novo: ${row.orderNumber}${row.kind === 'RETURN' ? `, devolução ${row.returnNumber ?? ''}` : ''}`}
    >
      Enviar de novo
    </Button>
  );
}

function columns(actions: RowActions): GridColDef<InvoiceRowNode>[] {
  return [
    {
      field: 'orderNumber',
      headerName: 'Pedido',
      width: 130,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={actions.orderHref(row.orderId)}
          sx={{ fontWeight: 600, py: 1 }}
        >
          {row.orderNumber}
        </Link>
      ),
    },
    {
      field: 'number',
      headerName: 'NF-e',
      width: 140,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1 }}>
          <Typography variant="body2">{numberText(row)}</Typography>
          {kindText(row) ? (
            <Typography variant="body2" color="text.secondary">
              {kindText(row)}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    {
      field: 'status',
      headerName: 'Situação',
      flex: 1,
      minWidth: 260,
      renderCell: ({ row }) => <StatusCell row={row} />,
    },
    {
      field: 'updatedAt',
      headerName: 'Atualizada em',
      width: 160,
      renderCell: ({ row }) => (
        <Typography variant="body2" sx={{ py: 1 }}>
          {formatDateTime(row.updatedAt).replace(',', '')}
        </Typography>
      ),
    },
    {
      field: 'actions',
      headerName: 'Ações',
      width: 150,
      renderCell: ({ row }) => <ResendButton row={row} actions={actions} variant="text" />,
    },
  ];
}

function InvoiceCards({
  rows,
  loading,
  actions,
}: {
  rows: InvoiceRowNode[];
  loading: boolean;
  actions: RowActions;
}) {
  return (
    <PhoneCardList
      rows={rows}
      loading={loading}
      label="Notas fiscais"
      loadingLabel="Carregando notas fiscais"
      skeletonHeight={112}
    >
      {(row) => (
        <>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              alignItems: 'center',
              columnGap: 1,
            }}
          >
            <Link
              component={RouterLink}
              to={actions.orderHref(row.orderId)}
              sx={{
                fontWeight: 700,
                minHeight: 44,
                display: 'inline-flex',
                alignItems: 'center',
                whiteSpace: 'nowrap',
              }}
            >
              Pedido {row.orderNumber}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {kindText(row) ? `${kindText(row)} · ` : ''}NF-e {numberText(row)}
            </Typography>
          </Box>
          <StatusCell row={row} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Atualizada em {formatDateTime(row.updatedAt).replace(',', '')}
          </Typography>
          {canResendHere(row) ? (
            <Box sx={{ mt: 1 }}>
              <ResendButton row={row} actions={actions} variant="outlined" />
            </Box>
          ) : null}
        </>
      )}
    </PhoneCardList>
  );
}

/** "Todas" and one tab per status; the ones staff act on carry their count. */
function StatusTabs({
  state,
  overview,
  onStateChange,
  panelId,
}: {
  state: InvoicesListState;
  overview: InvoicesOverview | null;
  onStateChange(next: InvoicesListState): void;
  panelId: string;
}) {
  const counts: Partial<Record<InvoiceStatusName, number>> = overview
    ? {
        PENDING: overview.pendingCount,
        PROCESSING: overview.processingCount,
        REJECTED: overview.rejectedCount,
      }
    : {};
  const tabs: [InvoiceStatusName | 'ALL', string][] = [
    ['ALL', 'Todas'],
    ...(Object.entries(INVOICE_FILTER_LABELS) as [InvoiceStatusName, string][]).map(
      ([status, label]): [InvoiceStatusName, string] => {
        const count = counts[status];
        return [status, count ? `${label} (${count})` : label];
      },
    ),
  ];
  return (
    <Tabs
      value={state.status ?? 'ALL'}
      onChange={(_event, value: InvoiceStatusName | 'ALL') =>
        onStateChange({ ...state, status: value === 'ALL' ? null : value, page: 0 })
      }
      aria-label="Situação das notas fiscais"
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{
        mb: 2,
        borderBottom: 1,
        borderColor: 'divider',
        // On a phone the arrows say there are more tabs; each a 44 px touch target.
        '& .MuiTabs-scrollButtons': { width: 44, flexShrink: 0 },
      }}
    >
      {tabs.map(([value, label]) => (
        <Tab key={value} value={value} label={label} aria-controls={panelId} />
      ))}
    </Tabs>
  );
}

export function NotConfiguredAlert() {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      <strong>Emissão de NF-e não configurada:</strong> a loja não emite notas fiscais. Quem
      administra o servidor configura o emissor (<code>NFE_PROVIDER</code>, <code>NFE_API_URL</code>{' '}
      e <code>NFE_API_TOKEN</code>).
    </Alert>
  );
}

function ListBody(props: InvoicesViewProps & { phone: boolean }) {
  const { state, onStateChange, rows, totalCount, loading, error = null, phone } = props;
  const actions: RowActions = {
    orderHref: props.orderHref,
    onResend: props.onResend,
    resendingInvoiceId: props.resendingInvoiceId ?? null,
  };
  if (error)
    return <ListErrorAlert error={error} what="as notas fiscais" onRetry={props.onRetry} />;
  if (!loading && totalCount === 0) {
    const empty = emptyTexts(state);
    return (
      <ListEmptyState
        title={empty.title}
        text={empty.text}
        action={
          state.status || state.kind ? (
            <Button
              variant="contained"
              onClick={() => onStateChange({ ...state, status: null, kind: null })}
            >
              Ver todas
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (phone) {
    return (
      <>
        <InvoiceCards rows={rows} loading={loading} actions={actions} />
        <ListPagination
          count={totalCount}
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={INVOICE_PAGE_SIZES}
          onChange={(page, pageSize) => onStateChange({ ...state, page, pageSize })}
        />
      </>
    );
  }
  return (
    <DataGrid
      aria-label="Notas fiscais"
      rows={rows}
      columns={columns(actions)}
      rowCount={totalCount}
      loading={loading}
      autoHeight
      getRowHeight={() => 'auto'}
      paginationMode="server"
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
      pageSizeOptions={[...INVOICE_PAGE_SIZES]}
      localeText={gridLocaleText}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{
        bgcolor: 'background.paper',
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'flex-start', py: 0.5 },
      }}
    />
  );
}

export function InvoicesView(props: InvoicesViewProps) {
  const { state, overview, error = null } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const panelId = useId();
  const notConfigured = overview !== null && !overview.configured;
  // Nothing was ever issued and nothing will be: the notice alone, without an empty list.
  const onlyNotice =
    notConfigured &&
    !error &&
    !props.loading &&
    props.totalCount === 0 &&
    !state.status &&
    !state.kind;
  return (
    <DashboardPage
      title="Notas fiscais"
      maxWidth={false}
      actions={
        <Box
          sx={{
            display: 'flex',
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 1.5,
          }}
        >
          {overview?.environment === 'homologacao' ? (
            <Chip variant="outlined" label="Ambiente de homologação" />
          ) : null}
          {error?.kind === 'forbidden' || onlyNotice ? null : (
            <KindFilter state={state} onStateChange={props.onStateChange} />
          )}
        </Box>
      }
    >
      {notConfigured ? <NotConfiguredAlert /> : null}
      {props.resendError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={props.onDismissResendError}>
          {props.resendError}
        </Alert>
      ) : null}
      {error?.kind === 'forbidden' ? (
        <ListErrorAlert error={error} what="as notas fiscais" />
      ) : onlyNotice ? null : (
        <>
          <StatusTabs
            state={state}
            overview={overview}
            onStateChange={props.onStateChange}
            panelId={panelId}
          />
          <Box
            role="tabpanel"
            id={panelId}
            aria-label={state.status ? INVOICE_FILTER_LABELS[state.status] : 'Todas'}
          >
            <ListBody {...props} phone={phone} />
          </Box>
        </>
      )}
      <Snackbar
        open={Boolean(props.notice)}
        autoHideDuration={6000}
        onClose={props.onDismissNotice}
        message={props.notice}
      />
    </DashboardPage>
  );
}
