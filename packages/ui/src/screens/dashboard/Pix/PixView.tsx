// The Pix page: "A conferir" (orders waiting for their Pix, soonest expiry first, confirm one or
// several after checking the bank) and "Extratos" (import the bank's statement, past imports);
// ADMIN only, the others see the no-permission state. Pure: props only.
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDateTime, pluralize } from '../../../format';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { NoPermission } from '../Categories/PageStates';
import { fileToBase64 } from '../ProductsImport/productImportFile';
import { withBrandScope } from '../shared/brandScope';
import { DashboardPage } from '../shared/DashboardPage';
import { ConfirmPaymentsDialog, type PaymentResult } from './ConfirmPaymentsDialog';
import type { PixQueueOrder, StatementSummary } from './PixScreen.graphql';
import { expiryUrgency, formatExpiresIn, PIX_FORBIDDEN, statementFileProblem } from './pixFormat';

const gridLocaleText = gridPtBR.components.MuiDataGrid.defaultProps.localeText;

export type PixTab = 'conferir' | 'extratos';

export const PIX_PAGE_SIZES = [20, 50, 100] as const;

export interface PixViewProps {
  /** The caller may not see the page (not an ADMIN, or the API said FORBIDDEN). */
  forbidden?: boolean;
  tab: PixTab;
  onTabChange: (tab: PixTab) => void;
  /** Orders waiting for Pix (the current page). */
  rows: PixQueueOrder[];
  totalCount: number;
  page: number;
  pageSize: number;
  onPaginationChange: (page: number, pageSize: number) => void;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  selectedIds: string[];
  onSelectionChange: (ids: string[]) => void;
  onConfirmPayments: (ids: string[]) => Promise<PaymentResult[]>;
  /** The clock expiries count from (ms). */
  now: number;
  brandId?: string | null;
  imports: StatementSummary[] | null;
  importsLoading?: boolean;
  importsError?: string | null;
  onRetryImports?: () => void;
  /** Reads the statement on the server; rejects with a message for people. */
  onImportStatement: (file: { fileName: string; contentBase64: string }) => Promise<void>;
  /** Opens the confirmation dialog at first render (stories). */
  defaultConfirmOpen?: boolean;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function TxidCell({ txid }: { txid: string | null }) {
  const [copied, setCopied] = useState(false);
  if (txid === null) return <>—</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Box component="code" sx={{ fontSize: 13, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {txid}
      </Box>
      <Tooltip title={copied ? 'Copiado' : 'Copiar txid'}>
        <IconButton
          size="small"
          aria-label={`Copiar txid ${txid}`}
          onClick={(event) => {
            event.stopPropagation();
            void copy(txid).then(setCopied);
          }}
        >
          <ContentCopyRounded fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function queueColumns(now: number, brandId: string | null): GridColDef<PixQueueOrder>[] {
  return [
    {
      field: 'number',
      headerName: 'Pedido',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={withBrandScope(dashboardPaths.order(row.id), brandId)}
          sx={{ fontWeight: 600 }}
        >
          {row.number}
        </Link>
      ),
    },
    {
      field: 'customer',
      headerName: 'Cliente',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value, row) => row.customer.name,
    },
    {
      field: 'totalCents',
      headerName: 'Valor',
      width: 130,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (value: number) => formatBRL(value),
    },
    {
      field: 'pixTxid',
      headerName: 'txid',
      width: 170,
      sortable: false,
      renderCell: ({ row }) => <TxidCell txid={row.pixTxid} />,
    },
    {
      field: 'paymentExpiresAt',
      headerName: 'Expira',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => {
        const urgency = expiryUrgency(row.paymentExpiresAt, now);
        return (
          <Typography
            variant="body2"
            component="span"
            data-urgency={urgency ?? undefined}
            sx={{
              color: urgency ? `${urgency}.main` : 'text.primary',
              fontWeight: urgency ? 600 : 400,
            }}
            title={row.paymentExpiresAt ? formatDateTime(row.paymentExpiresAt) : undefined}
          >
            {formatExpiresIn(row.paymentExpiresAt, now)}
          </Typography>
        );
      },
    },
  ];
}

/** 'em 11 min' -> 'Expira em 11 min'; 'expirado' -> 'Expirado'; 'sem prazo' -> 'Sem prazo'. */
function phoneExpiry(text: string): string {
  if (text.startsWith('em ')) return `Expira ${text}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Phones: one column per order with everything staff check against the bank (number, customer,
 * value, txid, expiry) stacked, instead of five columns that scroll sideways out of view.
 */
function phoneQueueColumns(now: number, brandId: string | null): GridColDef<PixQueueOrder>[] {
  return [
    {
      field: 'number',
      headerName: 'Pedido',
      flex: 1,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => {
        const urgency = expiryUrgency(row.paymentExpiresAt, now);
        return (
          <Box sx={{ py: 1, minWidth: 0, width: '100%' }} data-testid="pix-order-card">
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Link
                component={RouterLink}
                to={withBrandScope(dashboardPaths.order(row.id), brandId)}
                sx={{ fontWeight: 600 }}
              >
                {row.number}
              </Link>
              <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
                {formatBRL(row.totalCents)}
              </Typography>
            </Box>
            <Typography variant="body2" noWrap>
              {row.customer.name}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
              <Typography variant="caption" color="text.secondary" component="span">
                txid
              </Typography>
              <TxidCell txid={row.pixTxid} />
            </Box>
            <Typography
              variant="body2"
              data-urgency={urgency ?? undefined}
              sx={{
                color: urgency ? `${urgency}.main` : 'text.secondary',
                fontWeight: urgency ? 600 : 400,
              }}
            >
              {phoneExpiry(formatExpiresIn(row.paymentExpiresAt, now))}
            </Typography>
          </Box>
        );
      },
    },
  ];
}

function selectionIds(model: GridRowSelectionModel, rows: PixQueueOrder[]): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  return rows.map((row) => row.id).filter((id) => !model.ids.has(id));
}

function QueueTab(props: PixViewProps) {
  const {
    rows,
    totalCount,
    page,
    pageSize,
    onPaginationChange,
    loading = false,
    error = null,
    onRetry,
    selectedIds,
    onSelectionChange,
    onConfirmPayments,
    now,
    brandId = null,
    defaultConfirmOpen = false,
  } = props;
  const selected = rows.filter((row) => selectedIds.includes(row.id));
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // The dialog keeps the orders it was opened with: once they are paid, the queue's refetch
  // drops them from `rows` while the dialog still shows what was confirmed.
  const [confirming, setConfirming] = useState<PixQueueOrder[] | null>(() =>
    defaultConfirmOpen ? selected : null,
  );

  if (error !== null && rows.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              Tentar de novo
            </Button>
          ) : undefined
        }
      >
        {error}
      </Alert>
    );
  }
  if (!loading && totalCount === 0) {
    return (
      <Card sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h6" component="p">
          Nenhum Pix a conferir
        </Typography>
        <Typography color="text.secondary">
          Os pedidos pagos com Pix aparecem aqui até o pagamento ser confirmado.
        </Typography>
      </Card>
    );
  }
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography color="text.secondary" role="status">
          {selected.length > 0
            ? `${pluralize(selected.length, 'selecionado', 'selecionados')}, ${formatBRL(
                selected.reduce((sum, row) => sum + row.totalCents, 0),
              )}`
            : `${pluralize(totalCount, 'pedido aguardando', 'pedidos aguardando')} Pix`}
        </Typography>
        <Button
          variant="contained"
          disabled={selected.length === 0}
          onClick={() => setConfirming(selected)}
        >
          {selected.length > 1 ? `Confirmar ${selected.length} pagamentos` : 'Confirmar pagamento'}
        </Button>
      </Box>
      <DataGrid
        aria-label="Pix a conferir"
        rows={rows}
        columns={phone ? phoneQueueColumns(now, brandId) : queueColumns(now, brandId)}
        getRowHeight={phone ? () => 'auto' : undefined}
        rowCount={totalCount}
        loading={loading}
        autoHeight
        paginationMode="server"
        disableColumnFilter
        disableColumnMenu
        disableColumnSorting
        paginationModel={{ page, pageSize }}
        onPaginationModelChange={(model) =>
          onPaginationChange(model.pageSize !== pageSize ? 0 : model.page, model.pageSize)
        }
        pageSizeOptions={[...PIX_PAGE_SIZES]}
        checkboxSelection
        disableRowSelectionOnClick
        rowSelectionModel={{ type: 'include', ids: new Set(selectedIds) }}
        onRowSelectionModelChange={(model) => onSelectionChange(selectionIds(model, rows))}
        localeText={gridLocaleText}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <ConfirmPaymentsDialog
        open={confirming !== null && confirming.length > 0}
        orders={confirming ?? []}
        onConfirm={onConfirmPayments}
        onClose={(done) => {
          setConfirming(null);
          if (done) onSelectionChange([]);
        }}
      />
    </>
  );
}

function StatementUpload({
  onImport,
}: {
  onImport: (file: { fileName: string; contentBase64: string }) => Promise<void>;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function read(file: File | undefined) {
    if (!file) return;
    const why = statementFileProblem(file);
    setProblem(why);
    if (why) return;
    setPending(true);
    try {
      // The bytes, not the text: the server decodes them (banks still write Windows-1252).
      await onImport({ fileName: file.name, contentBase64: await fileToBase64(file) });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Não foi possível ler o extrato.');
    } finally {
      setPending(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0]);
  }

  return (
    <Card
      component="section"
      aria-label="Importar extrato"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      sx={{
        p: 3,
        mb: 3,
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'background.paper',
        textAlign: 'center',
      }}
    >
      <UploadFileOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="h2">
        Importar extrato do banco
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Arraste o arquivo OFX ou CSV até aqui, ou escolha no computador. Os Pix recebidos são
        conferidos pelo txid; sem ele, o pedido do mesmo valor é sugerido para você confirmar.
      </Typography>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".ofx,.csv,.txt,text/csv,application/x-ofx"
        hidden
        onChange={(event) => void read(event.target.files?.[0])}
      />
      <Button
        variant="contained"
        loading={pending}
        onClick={() => inputRef.current?.click()}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
      >
        Escolher arquivo
      </Button>
      {problem ? (
        <Alert severity="error" id={`${inputId}-problem`} sx={{ mt: 2, textAlign: 'left' }}>
          {problem}
        </Alert>
      ) : null}
    </Card>
  );
}

function StatementsTab(props: PixViewProps) {
  const {
    imports,
    importsLoading = false,
    importsError = null,
    onRetryImports,
    brandId = null,
  } = props;
  return (
    <>
      <StatementUpload onImport={props.onImportStatement} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Extratos importados
      </Typography>
      {importsError !== null && imports === null ? (
        <Alert
          severity="error"
          action={
            onRetryImports ? (
              <Button color="inherit" size="small" onClick={onRetryImports}>
                Tentar de novo
              </Button>
            ) : undefined
          }
        >
          {importsError}
        </Alert>
      ) : imports === null || (importsLoading && imports.length === 0) ? (
        <Box aria-hidden>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={56} />
          ))}
        </Box>
      ) : imports.length === 0 ? (
        <Typography color="text.secondary">Nenhum extrato importado ainda.</Typography>
      ) : (
        <Card>
          <List disablePadding>
            {imports.map((item) => (
              <ListItem key={item.id} disablePadding divider>
                <ListItemButton
                  component={RouterLink}
                  to={withBrandScope(dashboardPaths.statement(item.id), brandId)}
                >
                  <ListItemText
                    primary={item.fileName}
                    secondary={`${formatDateTime(item.createdAt)}${item.staffName ? ` · ${item.staffName}` : ''}`}
                  />
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'end' }}>
                    {item.matchedCount > 0 ? (
                      <Chip
                        size="small"
                        color="success"
                        label={`${item.matchedCount} a confirmar`}
                      />
                    ) : null}
                    {item.suggestedCount > 0 ? (
                      <Chip
                        size="small"
                        color="secondary"
                        variant="outlined"
                        label={pluralize(item.suggestedCount, 'sugerido', 'sugeridos')}
                      />
                    ) : null}
                    {item.ambiguousCount > 0 ? (
                      <Chip
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={`${item.ambiguousCount} com mais de um pedido`}
                      />
                    ) : null}
                    {item.confirmedCount > 0 ? (
                      <Chip size="small" label={`${item.confirmedCount} confirmados`} />
                    ) : null}
                    {item.mismatchCount > 0 ? (
                      <Chip
                        size="small"
                        color="warning"
                        label={`${item.mismatchCount} com valor diferente`}
                      />
                    ) : null}
                    {item.unmatchedCount > 0 ? (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={`${item.unmatchedCount} sem pedido`}
                      />
                    ) : null}
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </>
  );
}

export function PixView(props: PixViewProps) {
  const { tab, onTabChange } = props;
  const baseId = useId();
  if (props.forbidden) {
    return (
      <DashboardPage title="Pix a conferir" maxWidth={1100}>
        <NoPermission message={PIX_FORBIDDEN} />
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title="Pix a conferir" maxWidth={1100}>
      <Tabs
        value={tab}
        onChange={(_event, value: PixTab) => onTabChange(value)}
        aria-label="Seções do Pix"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="conferir"
          label="A conferir"
          id={`${baseId}-tab-conferir`}
          aria-controls={`${baseId}-panel`}
        />
        <Tab
          value="extratos"
          label="Extratos"
          id={`${baseId}-tab-extratos`}
          aria-controls={`${baseId}-panel`}
        />
      </Tabs>
      <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'conferir' ? <QueueTab {...props} /> : <StatementsTab {...props} />}
      </Box>
    </DashboardPage>
  );
}
