// "Comprar etiquetas": the selected paid orders' labels bought from their shipping methods'
// carriers in one go, then each order's answer (its tracking code, or the carrier's reason), the
// one PDF to print (labels and content declarations) and the way on to shipping them. Pure.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import { pluralize } from '../../../format';
import type { BulkShipOrder } from './BulkShipDialog';
import { ORDER_STATUS_LABELS } from './orderLabels';

export interface LabelResultView {
  orderId: string;
  orderNumber: string | null;
  ok: boolean;
  error: string | null;
  label: { carrierName: string; trackingCode: string | null } | null;
}

export interface LabelBatchView {
  purchased: number;
  failed: number;
  pdfPath: string | null;
  results: LabelResultView[];
}

export interface BuyLabelsDialogProps {
  open: boolean;
  orders: BulkShipOrder[];
  submitting?: boolean;
  /** The purchase's answer, once made. */
  batch?: LabelBatchView | null;
  /** The whole request failed (network, permission, the store's sender address). */
  error?: string | null;
  onSubmit(ids: string[]): void;
  /** Opens the batch's PDF. */
  onOpenPdf(path: string): void;
  openingPdf?: boolean;
  pdfError?: string | null;
  /** Goes on to "Enviar selecionados" with the bought labels' codes filled in. */
  onShipBought(): void;
  onClose(): void;
}

const labels = (count: number) => pluralize(count, 'etiqueta', 'etiquetas');

export function BuyLabelsDialog({
  open,
  orders,
  submitting = false,
  batch = null,
  error = null,
  onSubmit,
  onOpenPdf,
  openingPdf = false,
  pdfError = null,
  onShipBought,
  onClose,
}: BuyLabelsDialogProps) {
  const paid = orders.filter(
    (order) => order.status === 'PAID' && order.shippingMethodKind === 'DELIVERY',
  );
  const others = orders.filter((order) => !paid.includes(order));

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="buy-labels-title"
    >
      <DialogTitle id="buy-labels-title">Comprar etiquetas de envio</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {batch ? (
          <BatchResults batch={batch} />
        ) : (
          <>
            {paid.length === 0 ? (
              <Typography>
                Nenhum dos pedidos selecionados está pago e aguardando envio por transportadora.
              </Typography>
            ) : (
              <Typography sx={{ mb: 1.5 }}>
                {paid.length === 1
                  ? 'A etiqueta do pedido '
                  : `As ${labels(paid.length)} dos pedidos `}
                <strong>{paid.map((order) => order.number).join(', ')}</strong>{' '}
                {paid.length === 1 ? 'será comprada' : 'serão compradas'} na transportadora do
                método de envio de cada um e {paid.length === 1 ? 'cobrada' : 'cobradas'} do saldo
                ou contrato da loja. Sem nota fiscal, a declaração de conteúdo vai junto no PDF.
              </Typography>
            )}
            {others.length > 0 ? (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  Ficam de fora
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {others.map((order) => (
                    <li key={order.id}>
                      <Typography variant="body2">
                        {order.number}:{' '}
                        {order.shippingMethodKind === 'PICKUP'
                          ? 'retirada na loja'
                          : ORDER_STATUS_LABELS[order.status].toLowerCase()}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </Box>
            ) : null}
            {submitting ? (
              <Box role="status" sx={{ mt: 2 }}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  Comprando nas transportadoras… pode levar até um minuto.
                </Typography>
                <LinearProgress aria-label="Comprando etiquetas" />
              </Box>
            ) : null}
          </>
        )}
        {pdfError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {pdfError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={submitting}>
          {batch ? 'Fechar' : 'Cancelar'}
        </Button>
        {batch?.pdfPath ? (
          <>
            <Button onClick={onShipBought}>Marcar como enviados</Button>
            <Button
              variant="contained"
              loading={openingPdf}
              onClick={() => onOpenPdf(batch.pdfPath!)}
            >
              Abrir PDF para imprimir
            </Button>
          </>
        ) : null}
        {!batch && paid.length > 0 ? (
          <Button
            variant="contained"
            loading={submitting}
            onClick={() => onSubmit(paid.map((order) => order.id))}
          >
            {paid.length === 1 ? 'Comprar 1 etiqueta' : `Comprar ${paid.length} etiquetas`}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

function BatchResults({ batch }: { batch: LabelBatchView }) {
  return (
    <>
      <Alert severity={batch.failed === 0 ? 'success' : 'warning'} role="status" sx={{ mb: 2 }}>
        {batch.purchased > 0
          ? `${labels(batch.purchased)} ${batch.purchased === 1 ? 'comprada' : 'compradas'}.`
          : 'Nenhuma etiqueta comprada.'}
        {batch.failed > 0
          ? ` ${batch.failed === 1 ? '1 pedido falhou' : `${batch.failed} pedidos falharam`}: veja o motivo abaixo e tente de novo.`
          : ''}
      </Alert>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
        {batch.results.map((result) => (
          <Box
            component="li"
            key={result.orderId}
            aria-label={`Pedido ${result.orderNumber ?? result.orderId}`}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            {result.ok ? (
              <CheckCircleOutlined color="success" fontSize="small" sx={{ mt: 0.25 }} />
            ) : (
              <ErrorOutlined color="error" fontSize="small" sx={{ mt: 0.25 }} />
            )}
            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {result.orderNumber ?? 'Pedido não encontrado'}
              </Typography>
              <Typography variant="body2" color={result.ok ? 'text.secondary' : 'error'}>
                {result.ok && result.label
                  ? `${result.label.carrierName} · rastreio ${result.label.trackingCode}`
                  : result.error}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
}
