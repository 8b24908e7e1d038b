// An order's items, totals, delivery address and shipping, as its shopper sees them (the
// confirmation and tracking pages); a pickup order, where to collect it (the store's counter, its
// hours and, while there is something to collect, what to bring).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { describeOrderInstallments } from '@vitrine/rules';
import { OrderLines } from '../../../components/storefront';
import { formatBRL, pluralize } from '../../../format';
import { maskCep } from '../../../forms/br';
import type { CustomerOrderNode } from '../Checkout/CheckoutScreen.graphql';
import { PickupPointDetails } from '../shared/PickupPointDetails';

export const PAYMENT_METHOD_LABELS: Record<CustomerOrderNode['paymentMethod'], string> = {
  PIX: 'Pix',
  CARD: 'Cartão de crédito',
  BOLETO: 'Boleto bancário',
};

function Row({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
}) {
  return (
    <Box
      sx={{
        ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 1, mt: 0.5 } : {}),
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        fontWeight: strong ? 700 : 400,
        fontSize: strong ? '1.0625rem' : '0.9375rem',
        '& dt': { color: strong ? 'text.primary' : 'text.secondary' },
        '& dd': { m: 0, whiteSpace: 'nowrap' },
      }}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </Box>
  );
}

/** A pickup order still to be collected: awaiting payment, paid, or ready at the store. */
export function pickupToCollect(order: Pick<CustomerOrderNode, 'status'>): boolean {
  return (
    order.status === 'PENDING_PAYMENT' || order.status === 'PAID' || order.status === 'SHIPPED'
  );
}

export function OrderDetails({
  order,
  headingLevel = 'h2',
}: {
  order: CustomerOrderNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const itemCount = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const { address } = order;
  const pickup = order.shippingMethodKind === 'PICKUP';
  // '12x de R$ 10,34 com juros', '3x sem juros'; nothing for a single payment.
  const cardPlan = order.paymentMethod === 'CARD' ? describeOrderInstallments(order) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box component="section" aria-label="Itens do pedido">
        <Typography variant="subtitle1" component={headingLevel} sx={{ fontWeight: 700, mb: 1 }}>
          {pluralize(itemCount, 'item', 'itens')} no pedido
        </Typography>
        <OrderLines
          lines={order.lines.map((line) => ({
            id: `${line.sku}-${line.variantLabel}`,
            productName: line.productName,
            brandName: line.brandName,
            variantLabel: line.variantLabel,
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
            lineTotalCents: line.lineTotalCents,
            imageUrl: line.imageUrl,
          }))}
        />
      </Box>

      <Box component="dl" sx={{ display: 'grid', gap: 0.75, m: 0 }}>
        <Row label="Subtotal" value={formatBRL(order.subtotalCents)} />
        {order.discountCents > 0 ? (
          <Row
            label={order.couponCode ? `Cupom ${order.couponCode}` : 'Desconto'}
            value={`−${formatBRL(order.discountCents)}`}
          />
        ) : null}
        <Row
          label={`Frete (${order.shippingMethodName})`}
          value={order.shippingCents === 0 ? 'Grátis' : formatBRL(order.shippingCents)}
        />
        {order.pixDiscountCents > 0 ? (
          <Row label="Desconto Pix" value={`−${formatBRL(order.pixDiscountCents)}`} />
        ) : null}
        {order.interestCents > 0 ? (
          <Row
            label={`Juros do parcelamento (${order.installments}x)`}
            value={formatBRL(order.interestCents)}
          />
        ) : null}
        <Row strong label="Total" value={formatBRL(order.totalCents)} />
        <Row label="Pagamento" value={PAYMENT_METHOD_LABELS[order.paymentMethod]} />
        {cardPlan ? <Row label="Parcelamento" value={cardPlan} /> : null}
      </Box>

      {pickup ? (
        <Box component="section" aria-label="Onde retirar">
          <Typography
            variant="subtitle1"
            component={headingLevel}
            sx={{ fontWeight: 700, mb: 0.5 }}
          >
            Onde retirar
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {order.shippingMethodName}: pronto para retirada em até{' '}
            {pluralize(order.shippingBusinessDays, 'dia útil', 'dias úteis')} após o pagamento.
            Avisamos por e-mail quando puder retirar.
          </Typography>
          {order.pickupPoint ? (
            <PickupPointDetails point={order.pickupPoint} toCollect={pickupToCollect(order)} />
          ) : null}
        </Box>
      ) : (
        <Box component="section" aria-label="Endereço de entrega">
          <Typography
            variant="subtitle1"
            component={headingLevel}
            sx={{ fontWeight: 700, mb: 0.5 }}
          >
            Endereço de entrega
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            component="address"
            sx={{ fontStyle: 'normal', lineHeight: 1.6 }}
          >
            {/* Tracking shows only the city and UF. */}
            {address.street ? (
              <>
                {address.street}, {address.number}
                {address.complement ? ` — ${address.complement}` : ''}
                <br />
                {address.district} · {address.city}/{address.uf}
                <br />
              </>
            ) : address.city ? (
              <>
                {address.city}/{address.uf}
                <br />
              </>
            ) : null}
            {address.postalCode ? (
              <>
                CEP {maskCep(address.postalCode)}
                <br />
              </>
            ) : null}
            {order.shippingMethodName}: entrega em até{' '}
            {pluralize(order.shippingBusinessDays, 'dia útil', 'dias úteis')} após o pagamento
          </Typography>
        </Box>
      )}
    </Box>
  );
}
