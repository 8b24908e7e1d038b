// The order page's 'Nota fiscal (NF-e)': whether the store issues invoices, the order's invoice
// (waiting to be sent, processing at SEFAZ, authorised with its chave de acesso, protocolo, DANFE
// and XML, rejected with SEFAZ's code and message or what to fill, canceled), its cartas de
// correção, the reminder to cancel it when the order was canceled or refunded, and the actions the
// API allows the caller now: send it again, cancel it (reason, within 24 hours), a CC-e; a paid
// order without one (paid before issuing began) gets "Emitir NF-e" (the same RETRY). Pure.
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  checkInvoiceCancelReason,
  checkInvoiceCorrection,
  INVOICE_INPUT_LIMITS as L,
  invoiceText,
  sefazRejectionText,
} from '@vitrine/rules';

import { formatDateTime } from '../../../format';
import type {
  InvoiceActionName,
  InvoiceStatusName,
  OrderInvoiceNode,
} from './OrderInvoice.graphql';

export type InvoiceActionInput =
  | { action: 'RETRY' }
  | { action: 'CANCEL'; id: string; reason: string }
  | { action: 'CORRECT'; id: string; text: string };

export interface OrderInvoiceProps {
  /** false: 'Emissão de NF-e não configurada'. */
  configured: boolean;
  invoice: OrderInvoiceNode | null;
  /**
   * The order is paid (PAID, SHIPPED or DELIVERED): without an invoice and with issuing
   * configured, "Emitir NF-e" issues one (invoiceRetry).
   */
  paid?: boolean;
  /** The action whose request is running. */
  pending?: InvoiceActionName | null;
  /** The last action's error (its dialog's field, or the section). */
  actionError?: { message: string; field?: string | null } | null;
  /** Runs an action; resolves true when done (the dialog closes). */
  onAction(input: InvoiceActionInput): Promise<boolean>;
  /** A dialog open at first (stories). */
  initialDialog?: 'CANCEL' | 'CORRECT' | null;
}

/** The status chip's colour of each invoice state (the order page and the NF-e list). */
export const INVOICE_STATUS_COLORS: Record<
  InvoiceStatusName,
  'default' | 'primary' | 'success' | 'warning' | 'error'
> = {
  PENDING: 'default',
  PROCESSING: 'primary',
  AUTHORIZED: 'success',
  REJECTED: 'error',
  CANCELED: 'warning',
};

const DIALOGS = {
  CANCEL: {
    title: 'Cancelar a NF-e',
    label: 'Justificativa do cancelamento',
    help: 'De 15 a 255 caracteres. A SEFAZ registra o cancelamento; não dá para desfazer.',
    min: L.cancelReasonMin,
    max: L.cancelReasonMax,
    check: checkInvoiceCancelReason,
    confirm: 'Cancelar a NF-e',
    field: 'reason',
  },
  CORRECT: {
    title: 'Carta de correção (CC-e)',
    label: 'Correção',
    help: 'De 15 a 1.000 caracteres. Não corrige valores, impostos, quantidades, o destinatário nem a data.',
    min: L.correctionMin,
    max: L.correctionMax,
    check: checkInvoiceCorrection,
    confirm: 'Registrar a correção',
    field: 'text',
  },
} as const;

/**
 * SEFAZ's rejection as a sentence (@vitrine/rules sefazRejectionText: 'Rejeição' said once), with
 * the full stop SEFAZ's xMotivo lacks: a sentence follows it.
 */
export function rejectionSentence(code: string | null, message: string | null): string {
  const text = sefazRejectionText(code, message);
  return text === '' || /[.!?]$/.test(text) ? text : `${text}.`;
}

/** An authorised invoice's DANFE (PDF) and XML, each opened in a new tab. */
export function InvoiceFileLinks({
  danfeUrl,
  xmlUrl,
  size = 'medium',
  describedAs,
}: {
  danfeUrl: string;
  xmlUrl: string;
  size?: 'small' | 'medium';
  /** Which invoice, for the links' accessible names ('NF-e de devolução da devolução 1'). */
  describedAs?: string;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        size={size}
        href={danfeUrl}
        target="_blank"
        rel="noopener"
        startIcon={<PictureAsPdfOutlined />}
        sx={{ minHeight: 44 }}
        aria-label={describedAs ? `DANFE da ${describedAs} (PDF)` : undefined}
      >
        DANFE (PDF)
      </Button>
      <Button
        variant="outlined"
        size={size}
        href={xmlUrl}
        target="_blank"
        rel="noopener"
        startIcon={<CodeOutlined />}
        sx={{ minHeight: 44, minWidth: 88 }}
        aria-label={describedAs ? `XML da ${describedAs}` : undefined}
      >
        XML
      </Button>
    </Box>
  );
}

/** '3526 0111 2223 …': the chave de acesso in groups of four, as the DANFE prints it. */
export function formatAccessKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** What an invoice's state needs said (the order's NF-e, and a return's devolução). */
export function InvoiceStateDetails({
  invoice,
}: {
  invoice: Pick<
    OrderInvoiceNode,
    'status' | 'lastError' | 'nextAttemptAt' | 'rejectionCode' | 'rejectionMessage'
  > &
    Partial<Pick<OrderInvoiceNode, 'canceledAt' | 'cancelReason'>>;
}) {
  switch (invoice.status) {
    case 'PENDING':
      return invoice.lastError ? (
        <Alert severity="warning">
          O emissor de NF-e não respondeu ({invoice.lastError.replace(/\.$/, '')}). A loja tenta de
          novo
          {invoice.nextAttemptAt ? ` às ${formatDateTime(invoice.nextAttemptAt)}` : ' em instantes'}
          ; o pedido segue normalmente.
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          A nota será enviada ao emissor em instantes.
        </Typography>
      );
    case 'PROCESSING':
      return (
        <Typography variant="body2" color="text.secondary">
          Enviada: aguardando a resposta da SEFAZ.
        </Typography>
      );
    case 'REJECTED':
      return (
        <Alert severity="error">
          {rejectionSentence(invoice.rejectionCode, invoice.rejectionMessage)} Corrija os dados e
          envie de novo.
        </Alert>
      );
    case 'CANCELED':
      return (
        <Typography variant="body2">
          Cancelada{invoice.canceledAt ? ` em ${formatDateTime(invoice.canceledAt)}` : ''}:{' '}
          {invoice.cancelReason}
        </Typography>
      );
    case 'AUTHORIZED':
      return null;
  }
}

function Authorised({ invoice }: { invoice: OrderInvoiceNode }) {
  if (invoice.status !== 'AUTHORIZED' && invoice.status !== 'CANCELED') return null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {invoice.accessKey ? (
        <Field label="Chave de acesso" value={formatAccessKey(invoice.accessKey)} />
      ) : null}
      {invoice.protocol ? (
        <Field
          label="Protocolo de autorização"
          value={`${invoice.protocol}${invoice.authorizedAt ? ` · ${formatDateTime(invoice.authorizedAt)}` : ''}`}
        />
      ) : null}
      {invoice.danfeUrl && invoice.xmlUrl ? (
        <InvoiceFileLinks danfeUrl={invoice.danfeUrl} xmlUrl={invoice.xmlUrl} />
      ) : null}
      {invoice.corrections.length > 0 ? (
        <Box component="ul" aria-label="Cartas de correção" sx={{ m: 0, pl: 2.5 }}>
          {invoice.corrections.map((c) => (
            <Typography component="li" variant="body2" key={c.sequence}>
              CC-e {c.sequence} ({formatDateTime(c.createdAt)}, {c.staffName}): {c.text}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function TextDialog({
  kind,
  error,
  pending,
  onClose,
  onConfirm,
}: {
  kind: 'CANCEL' | 'CORRECT';
  error: string | null;
  pending: boolean;
  onClose(): void;
  onConfirm(text: string): void;
}) {
  const spec = DIALOGS[kind];
  const [text, setText] = useState('');
  // Counted as the server counts it (@vitrine/rules invoices.input: spaces collapsed).
  const length = invoiceText(text).length;
  const valid = spec.check(text).ok;
  const local =
    length > 0 && length < spec.min
      ? `Escreva ao menos ${spec.min} caracteres.`
      : length > spec.max
        ? `No máximo ${spec.max} caracteres.`
        : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invoice-dialog-title">
      <DialogTitle id="invoice-dialog-title">{spec.title}</DialogTitle>
      <DialogContent>
        <TextField
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          label={spec.label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(local ?? error)}
          helperText={local ?? error ?? `${spec.help} (${length}/${spec.max})`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Voltar</Button>
        <Button
          variant="contained"
          color={kind === 'CANCEL' ? 'error' : 'primary'}
          disabled={!valid}
          loading={pending}
          onClick={() => onConfirm(text.trim())}
        >
          {spec.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function OrderInvoice({
  configured,
  invoice,
  paid = false,
  pending = null,
  actionError = null,
  onAction,
  initialDialog = null,
}: OrderInvoiceProps) {
  const [dialog, setDialog] = useState<'CANCEL' | 'CORRECT' | null>(initialDialog);
  const dialogField = dialog ? DIALOGS[dialog].field : null;
  const dialogError = actionError && actionError.field === dialogField ? actionError.message : null;
  const sectionError = actionError && !dialogError ? actionError.message : null;

  async function confirm(text: string) {
    if (!invoice || !dialog) return;
    const done = await onAction(
      dialog === 'CANCEL'
        ? { action: 'CANCEL', id: invoice.id, reason: text }
        : { action: 'CORRECT', id: invoice.id, text },
    );
    if (done) setDialog(null);
  }

  const title = invoice?.number
    ? `NF-e ${invoice.number} · série ${invoice.series}`
    : 'Nota fiscal (NF-e)';
  return (
    <Card variant="outlined" component="section" aria-labelledby="order-invoice-title">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="order-invoice-title" variant="h6" component="h2" sx={{ mr: 'auto' }}>
            {title}
          </Typography>
          {invoice ? (
            <Chip
              size="small"
              color={INVOICE_STATUS_COLORS[invoice.status]}
              label={invoice.statusLabel}
            />
          ) : null}
          {invoice?.environment === 'homologacao' ? (
            <Chip size="small" variant="outlined" label="Homologação" />
          ) : null}
        </Box>
        {!configured && !invoice ? (
          <Alert severity="info">
            Emissão de NF-e não configurada: a loja não emite notas fiscais. Quem administra o
            servidor configura o emissor (NFE_PROVIDER, NFE_API_URL e NFE_API_TOKEN).
          </Alert>
        ) : null}
        {configured && !invoice && !paid ? (
          <Typography variant="body2" color="text.secondary">
            Ainda sem nota fiscal: ela é emitida quando o pedido é pago (ou enviado, conforme as
            configurações).
          </Typography>
        ) : null}
        {configured && !invoice && paid ? (
          <>
            <Typography variant="body2" color="text.secondary">
              Pedido pago ainda sem nota fiscal. Se a loja emite no envio, ela sai quando o pedido
              for enviado; um pedido pago antes de a loja começar a emitir NF-e só a recebe por
              aqui.
            </Typography>
            <Box>
              <Button
                variant="contained"
                loading={pending === 'RETRY'}
                onClick={() => void onAction({ action: 'RETRY' })}
              >
                Emitir NF-e
              </Button>
            </Box>
          </>
        ) : null}
        {invoice?.cancelSuggested ? (
          <Alert severity="warning">
            O pedido foi cancelado ou reembolsado com a NF-e autorizada:{' '}
            {invoice.allowedActions.includes('CANCEL') && invoice.cancelDeadline
              ? `cancele a nota até ${formatDateTime(invoice.cancelDeadline)}.`
              : 'passou o prazo de cancelamento; emita uma NF-e de devolução pelo emissor do seu contador.'}
          </Alert>
        ) : null}
        {invoice ? <InvoiceStateDetails invoice={invoice} /> : null}
        {invoice ? <Authorised invoice={invoice} /> : null}
        {sectionError ? <Alert severity="error">{sectionError}</Alert> : null}
        {invoice && invoice.allowedActions.length > 0 ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {invoice.allowedActions.includes('RETRY') ? (
              <Button
                variant="contained"
                loading={pending === 'RETRY'}
                onClick={() => void onAction({ action: 'RETRY' })}
              >
                Enviar de novo
              </Button>
            ) : null}
            {invoice.allowedActions.includes('CORRECT') ? (
              <Button variant="outlined" onClick={() => setDialog('CORRECT')}>
                Carta de correção
              </Button>
            ) : null}
            {invoice.allowedActions.includes('CANCEL') ? (
              <Button variant="outlined" color="error" onClick={() => setDialog('CANCEL')}>
                Cancelar NF-e
              </Button>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
      {dialog ? (
        <TextDialog
          kind={dialog}
          error={dialogError}
          pending={pending === dialog}
          onClose={() => setDialog(null)}
          onConfirm={(text) => void confirm(text)}
        />
      ) : null}
    </Card>
  );
}
