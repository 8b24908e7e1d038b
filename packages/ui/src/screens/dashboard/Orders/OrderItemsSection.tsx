// The staff order page's items card: each line with its photo, variant and SKU, then the totals
// (discounts, shipping, interest, the total and what was refunded).
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

import { formatBRL } from '../../../format';
import { isWholeOrder } from './orderDetail';
import { interestRowLabel } from './orderInstallments';
import { Row, Section } from './OrderSection';
import type { OrderDetail } from './OrderScreen.graphql';

type OrderLineNode = OrderDetail['lines'][number];

function OrderLine({ line }: { line: OrderLineNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: '48px minmax(0, 1fr) auto',
        gap: 1.5,
        alignItems: 'center',
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      {line.imageUrl ? (
        <Box
          component="img"
          src={line.imageUrl}
          alt=""
          width={48}
          height={60}
          sx={{ borderRadius: 1, objectFit: 'cover' }}
        />
      ) : (
        <Box sx={{ width: 48, height: 60, borderRadius: 1, bgcolor: 'action.hover' }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {line.productName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {line.brandName} · {line.variantLabel}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          SKU{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {line.sku}
          </Box>
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        <Typography variant="body2" color="text.secondary">
          {line.quantity} × {formatBRL(line.unitPriceCents)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatBRL(line.lineTotalCents)}
        </Typography>
      </Box>
    </Box>
  );
}

function OrderTotals({ order }: { order: OrderDetail }) {
  const interestRow = interestRowLabel(order);
  return (
    <Box sx={{ maxWidth: 320, ml: 'auto', mt: 2 }}>
      <Row label="Subtotal" value={formatBRL(order.subtotalCents)} />
      {order.discountCents > 0 ? (
        <Row
          label={order.couponCode ? `Cupom ${order.couponCode}` : 'Desconto'}
          value={`− ${formatBRL(order.discountCents)}`}
        />
      ) : null}
      {order.pixDiscountCents > 0 ? (
        <Row label="Desconto Pix" value={`− ${formatBRL(order.pixDiscountCents)}`} />
      ) : null}
      {order.shippingCents !== null ? (
        <Row
          label={`Frete (${order.shippingMethodName})`}
          value={order.shippingCents === 0 ? 'Grátis' : formatBRL(order.shippingCents)}
        />
      ) : null}
      {interestRow ? <Row label={interestRow} value={formatBRL(order.interestCents ?? 0)} /> : null}
      <Divider sx={{ my: 0.5 }} />
      <Row
        label={isWholeOrder(order) ? 'Total' : 'Total das suas marcas'}
        value={formatBRL(order.totalCents)}
        strong
      />
      {order.refundedCents ? (
        <Row label="Reembolsado" value={`− ${formatBRL(order.refundedCents)}`} />
      ) : null}
    </Box>
  );
}

export function OrderItemsSection({ order }: { order: OrderDetail }) {
  return (
    <Section title={order.itemCount === 1 ? 'Itens (1)' : `Itens (${order.itemCount})`}>
      <Box component="ul" aria-label="Itens do pedido" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {order.lines.map((line) => (
          <OrderLine key={line.id} line={line} />
        ))}
      </Box>
      <OrderTotals order={order} />
    </Section>
  );
}
