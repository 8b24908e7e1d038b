// The staff order page's payments card: each payment at the gateway, the Pix charge at the bank
// (when there is one) and the refunds made.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { formatBRL, formatDateTime } from '../../../format';
import { GATEWAY_STATUS_LABELS } from './orderDetail';
import { PAYMENT_METHOD_LABELS } from './orderLabels';
import { OrderPixCharge, PaymentSource } from './OrderPixCharge';
import { Section } from './OrderSection';
import type { OrderDetail } from './OrderScreen.graphql';

function OrderRefunds({ refunds }: { refunds: OrderDetail['refunds'] }) {
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
        Reembolsos
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {refunds.map((refund) => (
          <Box component="li" key={refund.id}>
            <Typography variant="body2">
              {formatBRL(refund.amountCents)} em {formatDateTime(refund.createdAt)}
              {refund.staffName ? ` por ${refund.staffName}` : ''}: {refund.reason}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

export function OrderPaymentsSection({ order }: { order: OrderDetail }) {
  return (
    <Section title="Pagamentos">
      {order.payments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhum pagamento registrado.
          {order.pixTxid ? ` Pix esperado com o txid ${order.pixTxid}.` : ''}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {order.payments.map((payment) => (
            <Box component="li" key={payment.id}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {PAYMENT_METHOD_LABELS[payment.method]} · {formatBRL(payment.amountCents)} ·{' '}
                {GATEWAY_STATUS_LABELS[payment.status] ?? payment.status}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <PaymentSource payment={payment} /> · {formatDateTime(payment.createdAt)}
                {payment.refundedCents > 0
                  ? ` · reembolsado ${formatBRL(payment.refundedCents)}`
                  : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {order.pixCharge ? (
        <OrderPixCharge charge={order.pixCharge} totalCents={order.totalCents} />
      ) : null}
      {order.refunds.length > 0 ? <OrderRefunds refunds={order.refunds} /> : null}
    </Section>
  );
}
