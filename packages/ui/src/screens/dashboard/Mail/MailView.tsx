// The mail outbox: status filter and search in the URL, messages newest first (a grid on a
// desktop, cards on a phone) with their status, the mail server's error, attempts and dates; a
// message opens to read its text (a one-time link's token masked); "Reenviar" asks first and puts
// it back in the queue. While no mail server is configured it says so and nothing is resent. Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { useId } from 'react';

import { formatDateTime } from '../../../format';
import { FilterBar, FilterSelect, filterOptions } from '../../../components/dashboard/FilterBar';
import { DashboardPage, MailDeliveryAlert, type MailDelivery } from '../shared';
import {
  ListEmptyState,
  ListErrorAlert,
  ListPagination,
  type ListError,
  PhoneCardList,
} from '../../../components/dashboard/ListStates';
import type { MailMessageNode } from './MailScreen.graphql';
import {
  EMPTY_MAIL_STATE,
  hasMailFilters,
  MAIL_PAGE_SIZES,
  MAIL_STATUS_LABELS,
  type MailListState,
  type MailStatus,
} from './mailUrlState';

const gridLocaleText = gridPtBR.components.MuiDataGrid.defaultProps.localeText;

const STATUS_COLORS: Record<MailStatus, 'success' | 'warning' | 'error' | 'default'> = {
  SENT: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  NOT_CONFIGURED: 'default',
};

export function MailStatusChip({ status }: { status: MailStatus }) {
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant="outlined"
      label={MAIL_STATUS_LABELS[status]}
    />
  );
}

export interface MailResendState {
  /** The message being confirmed; null: the dialog is closed. */
  message: MailMessageNode | null;
  submitting: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

export interface MailViewProps {
  state: MailListState;
  onStateChange(next: MailListState): void;
  messages: MailMessageNode[];
  totalCount: number;
  loading: boolean;
  error?: ListError | null;
  onRetry?(): void;
  /** The message open for reading; null: none. */
  openMessage: MailMessageNode | null;
  onOpen(message: MailMessageNode): void;
  onCloseMessage(): void;
  onAskResend(message: MailMessageNode): void;
  resend: MailResendState;
  /** The last resend's outcome, shown above the list. */
  notice?: string | null;
  /**
   * Whether mails reach a mail server: while not, a warning says so and nothing can be resent
   * (it would only be held again). Null: unknown (no warning, resend allowed).
   */
  delivery?: MailDelivery | null;
}

function attemptsLabel(count: number): string {
  return count === 1 ? '1 tentativa' : `${count} tentativas`;
}

function StatusWithError({ message }: { message: MailMessageNode }) {
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <MailStatusChip status={message.status} />
      {message.status !== 'SENT' && message.lastError ? (
        <Typography
          variant="body2"
          color={message.status === 'FAILED' ? 'error.dark' : 'text.secondary'}
          sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'normal' }}
        >
          {message.lastError}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A message can be sent again unless it waits in the queue or mail goes nowhere. */
function resendable(message: MailMessageNode, canResend: boolean): boolean {
  return canResend && message.status !== 'PENDING';
}

function columns(
  onOpen: (message: MailMessageNode) => void,
  onAskResend: (message: MailMessageNode) => void,
  canResend: boolean,
): GridColDef<MailMessageNode>[] {
  return [
    {
      field: 'subject',
      headerName: 'Assunto',
      flex: 1.6,
      minWidth: 240,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0, whiteSpace: 'normal' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.subject}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.to}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'status',
      headerName: 'Status',
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => <StatusWithError message={row} />,
    },
    { field: 'attempts', headerName: 'Tentativas', type: 'number', width: 96 },
    {
      field: 'createdAt',
      headerName: 'Criado / enviado',
      width: 170,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, whiteSpace: 'normal' }}>
          <Typography variant="body2">{formatDateTime(row.createdAt).replace(',', '')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {row.sentAt ? `enviado ${formatDateTime(row.sentAt).replace(',', '')}` : 'não enviado'}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'actions',
      headerName: 'Ações',
      width: 170,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Button size="small" onClick={() => onOpen(row)} aria-label={`Ler: ${row.subject}`}>
            Ler
          </Button>
          <Button
            size="small"
            onClick={() => onAskResend(row)}
            disabled={!resendable(row, canResend)}
            aria-label={`Reenviar: ${row.subject}`}
          >
            Reenviar
          </Button>
        </Box>
      ),
    },
  ];
}

function MailCards({
  messages,
  loading,
  onOpen,
  onAskResend,
  canResend,
}: {
  messages: MailMessageNode[];
  loading: boolean;
  onOpen(message: MailMessageNode): void;
  onAskResend(message: MailMessageNode): void;
  canResend: boolean;
}) {
  return (
    <PhoneCardList
      rows={messages}
      loading={loading}
      label="E-mails"
      loadingLabel="Carregando e-mails"
      skeletonHeight={120}
    >
      {(message) => (
        <>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {message.subject}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {message.to}
          </Typography>
          <StatusWithError message={message} />
          <Typography variant="body2" color="text.secondary">
            {attemptsLabel(message.attempts)} · criado em{' '}
            {formatDateTime(message.createdAt).replace(',', '')}
            {message.sentAt
              ? ` · enviado em ${formatDateTime(message.sentAt).replace(',', '')}`
              : ''}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button
              variant="outlined"
              onClick={() => onOpen(message)}
              aria-label={`Ler: ${message.subject}`}
            >
              Ler
            </Button>
            <Button
              variant="outlined"
              onClick={() => onAskResend(message)}
              disabled={!resendable(message, canResend)}
              aria-label={`Reenviar: ${message.subject}`}
            >
              Reenviar
            </Button>
          </Box>
        </>
      )}
    </PhoneCardList>
  );
}

function MessageDialog({
  message,
  onClose,
  onAskResend,
  canResend,
}: {
  message: MailMessageNode | null;
  onClose(): void;
  onAskResend(message: MailMessageNode): void;
  canResend: boolean;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      {message ? (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </DialogTitle>
          <DialogContent>
            <Box
              component="dl"
              sx={{
                m: 0,
                mb: 2,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              <Typography component="dt" color="text.secondary">
                Para
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {message.to}
              </Typography>
              <Typography component="dt" color="text.secondary">
                Status
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <StatusWithError message={message} />
              </Box>
              <Typography component="dt" color="text.secondary">
                Criado
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {formatDateTime(message.createdAt)} ({attemptsLabel(message.attempts)})
              </Typography>
            </Box>
            <Box
              component="pre"
              aria-label="Texto do e-mail"
              tabIndex={0}
              sx={{
                m: 0,
                p: 2,
                bgcolor: 'grey.100',
                borderRadius: 1,
                fontFamily: 'inherit',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {message.textBody}
            </Box>
            {message.oneTimeLink ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                O link de uso único deste e-mail fica oculto: só quem recebe o e-mail pode usá-lo.
              </Typography>
            ) : null}
          </DialogContent>
          <DialogActions>
            {resendable(message, canResend) ? (
              <Button onClick={() => onAskResend(message)}>Reenviar</Button>
            ) : null}
            <Button variant="contained" onClick={onClose}>
              Fechar
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

function ResendDialog({ resend }: { resend: MailResendState }) {
  const titleId = useId();
  const message = resend.message;
  return (
    <Dialog
      open={message !== null}
      onClose={resend.submitting ? undefined : resend.onClose}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Reenviar este e-mail?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          “{message?.subject}” volta para a fila e é enviado de novo para{' '}
          <strong>{message?.to}</strong> na próxima tentativa.
        </DialogContentText>
        {message?.oneTimeLink ? (
          <DialogContentText sx={{ mt: 1 }}>
            Ele leva um link de uso único: um novo link é gerado no envio e o anterior deixa de
            valer.
          </DialogContentText>
        ) : null}
        {resend.error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {resend.error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={resend.onClose} disabled={resend.submitting}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={resend.onConfirm} loading={resend.submitting}>
          Reenviar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function MailView({
  state,
  onStateChange,
  messages,
  totalCount,
  loading,
  error = null,
  onRetry,
  openMessage,
  onOpen,
  onCloseMessage,
  onAskResend,
  resend,
  notice = null,
  delivery = null,
}: MailViewProps) {
  const canResend = delivery?.configured !== false;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const filtered = hasMailFilters(state);
  const change = (patch: Partial<MailListState>) => onStateChange({ ...state, ...patch, page: 0 });
  const clear = () => onStateChange({ ...EMPTY_MAIL_STATE, pageSize: state.pageSize });

  let body;
  if (error) {
    body = <ListErrorAlert error={error} what="os e-mails" onRetry={onRetry} />;
  } else if (!loading && totalCount === 0) {
    body = filtered ? (
      <ListEmptyState
        title="Nenhum e-mail encontrado"
        text="Nenhum e-mail corresponde à busca e ao status escolhidos."
        action={
          <Button variant="contained" onClick={clear}>
            Limpar filtros
          </Button>
        }
      />
    ) : (
      <ListEmptyState
        title="Nenhum e-mail ainda"
        text="Os e-mails da loja (pedidos, convites, senhas) aparecem aqui assim que forem gerados."
      />
    );
  } else if (phone) {
    body = (
      <>
        <MailCards
          messages={messages}
          loading={loading}
          onOpen={onOpen}
          onAskResend={onAskResend}
          canResend={canResend}
        />
        <ListPagination
          count={totalCount}
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={MAIL_PAGE_SIZES}
          onChange={(page, pageSize) => onStateChange({ ...state, page, pageSize })}
        />
      </>
    );
  } else {
    body = (
      <DataGrid
        aria-label="E-mails"
        rows={messages}
        columns={columns(onOpen, onAskResend, canResend)}
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
        pageSizeOptions={[...MAIL_PAGE_SIZES]}
        localeText={gridLocaleText}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        sx={{
          bgcolor: 'background.paper',
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'flex-start', py: 0.5 },
        }}
      />
    );
  }

  return (
    <DashboardPage title="E-mails" maxWidth={false}>
      <MailDeliveryAlert delivery={delivery} linkToHeld={false} />
      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {error?.kind !== 'forbidden' ? (
        <FilterBar
          label="Filtrar e-mails"
          search={{
            value: state.search,
            label: 'Buscar por destinatário ou assunto',
            onSearch: (search) => change({ search }),
          }}
          activeCount={state.status ? 1 : 0}
          canClear={filtered}
          onClear={clear}
          columns={4}
        >
          <FilterSelect<MailStatus>
            label="Status"
            value={state.status}
            options={filterOptions(MAIL_STATUS_LABELS)}
            onChange={(status) => change({ status })}
          />
        </FilterBar>
      ) : null}
      {body}
      <MessageDialog
        message={openMessage}
        onClose={onCloseMessage}
        onAskResend={onAskResend}
        canResend={canResend}
      />
      <ResendDialog resend={resend} />
    </DashboardPage>
  );
}
