// The top of the staff order page: the status chips, when and how it was paid, the links to the
// printable packing slip and content declaration, and the warnings about the order.
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { formatDateTime } from '../../../format';
import { FulfilmentStatusChip, OrderStatusChip, PaymentStatusChip } from './OrderChips';
import { isWholeOrder } from './orderDetail';
import { installmentsText } from './orderInstallments';
import { PAYMENT_METHOD_LABELS } from './orderLabels';
import { ShipmentProblemAlert } from './OrderShipmentTracking';
import { PRINT_PAGE_REL } from './PrintFrame';
import type { OrderDetail } from './OrderScreen.graphql';

export interface OrderSummaryBarProps {
  order: OrderDetail;
  packingSlipHref: string;
  declarationHref: string;
}

export function OrderSummaryBar({ order, packingSlipHref, declarationHref }: OrderSummaryBarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: -1.5, mb: 3 }}>
      <OrderStatusChip status={order.status} prefix="Pedido: " />
      <PaymentStatusChip status={order.paymentStatus} prefix="Pagamento: " />
      <FulfilmentStatusChip
        status={order.fulfilmentStatus}
        paymentStatus={order.paymentStatus}
        prefix="Envio: "
      />
      <Typography variant="body2" color="text.secondary">
        Feito em {formatDateTime(order.createdAt)} · {PAYMENT_METHOD_LABELS[order.paymentMethod]}
        {installmentsText(order)}
      </Typography>
      <Box
        sx={{
          ml: { md: 'auto' },
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          displayPrint: 'none',
        }}
      >
        <Button
          startIcon={<PrintOutlined />}
          href={packingSlipHref}
          target="_blank"
          rel={PRINT_PAGE_REL}
        >
          Imprimir romaneio
        </Button>
        {order.shippingMethodKind === 'DELIVERY' ? (
          <Button
            startIcon={<PrintOutlined />}
            href={declarationHref}
            target="_blank"
            rel={PRINT_PAGE_REL}
          >
            Declaração de conteúdo
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

export interface OrderAlertsProps {
  order: OrderDetail;
  /** An action failed outside its form: shown first, closable. */
  pageError: string | null;
  onDismissPageError?(): void;
}

export function OrderAlerts({ order, pageError, onDismissPageError }: OrderAlertsProps) {
  return (
    <>
      {pageError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={onDismissPageError}>
          {pageError}
        </Alert>
      ) : null}
      <ShipmentProblemAlert order={order} />
      {order.status === 'PENDING_PAYMENT' && order.paymentExpiresAt ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Aguardando pagamento até {formatDateTime(order.paymentExpiresAt)}
          {order.pixTxid ? ` · txid ${order.pixTxid}` : ''}.
        </Alert>
      ) : null}
      {order.cancelReason ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Motivo do cancelamento: {order.cancelReason}
        </Alert>
      ) : null}
      {!isWholeOrder(order) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Este pedido tem produtos de outras marcas: você vê só os itens das suas marcas.
        </Alert>
      ) : null}
    </>
  );
}
