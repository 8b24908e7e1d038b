// A return's NF-e de devolução on the order page's 'Devoluções': its state (waiting to be sent,
// processing at SEFAZ, authorised with its number, chave de acesso, DANFE and XML, rejected with
// SEFAZ's code and message), and 'Enviar de novo' when the API allows it. Issued by the store once
// the return is received and the sale's NF-e is authorised. Pure.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

import {
  formatAccessKey,
  INVOICE_STATUS_COLORS,
  InvoiceFileLinks,
  InvoiceStateDetails,
} from './OrderInvoice';
import type { ReturnInvoiceNode } from './OrderReturns.graphql';

export interface OrderReturnInvoiceProps {
  returnNumber: number;
  invoice: ReturnInvoiceNode;
  /** 'Enviar de novo' is running. */
  pending: boolean;
  /** Another action is running: the button waits. */
  disabled: boolean;
  onRetry(): void;
}

export function OrderReturnInvoice({
  returnNumber,
  invoice,
  pending,
  disabled,
  onRetry,
}: OrderReturnInvoiceProps) {
  const titleId = `return-invoice-${invoice.id}`;
  const numbered = invoice.number ? ` ${invoice.number} · série ${invoice.series}` : '';
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'grid', gap: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={titleId} component="h4" variant="subtitle2" sx={{ mr: 'auto' }}>
          NF-e de devolução{numbered}
        </Typography>
        <Chip
          size="small"
          color={INVOICE_STATUS_COLORS[invoice.status]}
          label={invoice.statusLabel}
        />
        {invoice.environment === 'homologacao' ? (
          <Chip size="small" variant="outlined" label="Homologação" />
        ) : null}
      </Box>
      <InvoiceStateDetails invoice={invoice} />
      {invoice.accessKey ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Chave de acesso:{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {formatAccessKey(invoice.accessKey)}
          </Box>
        </Typography>
      ) : null}
      {invoice.danfeUrl && invoice.xmlUrl ? (
        <InvoiceFileLinks
          danfeUrl={invoice.danfeUrl}
          xmlUrl={invoice.xmlUrl}
          size="small"
          describedAs={`NF-e de devolução da devolução ${returnNumber}`}
        />
      ) : null}
      {invoice.allowedActions.includes('RETRY') ? (
        <Box>
          <Button variant="contained" loading={pending} disabled={disabled} onClick={onRetry}>
            Enviar de novo
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
