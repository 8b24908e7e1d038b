// The confirmation's heading (the outcome in the shopper's name, the order's number and date) and
// its boleto section (the slip to pay, or 'Gerar boleto').
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import InfoRounded from '@mui/icons-material/InfoRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { formatDateTime } from '../../../format';
import type { CustomerOrderNode } from '../Checkout/CheckoutScreen.graphql';
import { BoletoPayment } from '../Checkout/payment/BoletoPayment';
import type { OrderPaymentOutcome } from '../Checkout/payment/useOrderPayment';
import type { PaymentAttemptState } from './OrderConfirmationView';

/** The outcome in the shopper's name, the order's number and date, and where the e-mail went. */
export function ConfirmationHeading({ order }: { order: CustomerOrderNode }) {
  return (
    <Box sx={{ textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 1, mb: 3 }}>
      {order.status === 'CANCELED' ? (
        <CancelRounded sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      ) : order.status === 'REFUNDED' ? (
        <InfoRounded sx={{ fontSize: 56, color: 'info.main' }} aria-hidden />
      ) : (
        <CheckCircleRounded sx={{ fontSize: 56, color: 'success.main' }} aria-hidden />
      )}
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.625rem', md: '2.125rem' } }}
      >
        {order.customerName.split(' ')[0]}
        {order.status === 'CANCELED'
          ? ', seu pedido foi cancelado'
          : order.status === 'REFUNDED'
            ? ', seu pedido foi reembolsado'
            : ', recebemos seu pedido!'}
      </Typography>
      <Typography color="text.secondary">
        Pedido <strong>{order.number}</strong> · feito em {formatDateTime(order.createdAt)}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        Enviamos a confirmação para <strong>{order.customerEmail}</strong>.
      </Typography>
    </Box>
  );
}

/** The boleto to pay, or 'Gerar boleto' when it was not issued yet. */
export function BoletoSection({
  order,
  payment,
  paying,
  attempt,
  onIssueBoleto,
}: {
  order: CustomerOrderNode;
  payment: OrderPaymentOutcome | null;
  paying: boolean;
  attempt: PaymentAttemptState;
  onIssueBoleto: (() => void) | undefined;
}) {
  return order.boleto ? (
    <Box component="section" aria-labelledby="boleto-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography
        id="boleto-title"
        variant="h6"
        component="h2"
        sx={{ fontWeight: 700, textAlign: 'center' }}
      >
        Pague o boleto para confirmar
      </Typography>
      <BoletoPayment {...order.boleto} amountCents={order.totalCents} />
    </Box>
  ) : (
    <Alert
      severity="warning"
      action={
        onIssueBoleto ? (
          <Button color="inherit" onClick={onIssueBoleto} disabled={paying}>
            {paying ? 'Gerando…' : 'Gerar boleto'}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Boleto ainda não gerado</AlertTitle>
      {attempt.error ??
        (payment?.kind === 'error'
          ? payment.message
          : 'Gere o boleto para pagar o pedido; ele vale por 3 dias.')}
    </Alert>
  );
}
