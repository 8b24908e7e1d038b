// The order page's label (ADMIN and SUPPORT): the one bought from the carrier, with its tracking
// code and PDF, or the carrier's reason the last attempt failed (buy it again from the grid). Pure.
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { formatDateTime } from '../../../format';
import type { OrderShippingLabelNode } from './OrderScreen.graphql';

export interface OrderShippingLabelProps {
  label: OrderShippingLabelNode | null;
  onOpenPdf?(path: string): void;
  opening?: boolean;
  error?: string | null;
}

export function OrderShippingLabel({
  label,
  onOpenPdf,
  opening = false,
  error = null,
}: OrderShippingLabelProps) {
  if (!label) return null;
  if (label.status === 'FAILED') {
    return (
      <Alert severity="warning" sx={{ mt: 1.5 }}>
        A compra da etiqueta ({label.carrierName}) falhou em {formatDateTime(label.createdAt)}:{' '}
        {label.error}. Tente de novo em Pedidos, com &quot;Comprar etiquetas&quot;.
      </Alert>
    );
  }
  return (
    <Box
      role="group"
      aria-label="Etiqueta de envio"
      sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Typography variant="body2" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
        Etiqueta {label.carrierName} comprada em {formatDateTime(label.createdAt)} · rastreio{' '}
        <strong>{label.trackingCode}</strong>
      </Typography>
      {label.pdfPath && onOpenPdf ? (
        <Button
          size="small"
          startIcon={<ReceiptLongOutlined />}
          loading={opening}
          onClick={() => onOpenPdf(label.pdfPath!)}
        >
          Abrir etiqueta
        </Button>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
