// The staff order page's side cards: the customer's contacts, and the delivery (or pickup) with
// the address to copy, the carrier's tracking code and the shipping label.
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

import { addressLines, displayCpf, displayPhone, trackingLink } from './orderLabels';
import { OrderShipmentTracking } from './OrderShipmentTracking';
import { OrderShippingLabel, type OrderShippingLabelProps } from './OrderShippingLabel';
import { Section } from './OrderSection';
import type { OrderDetail } from './OrderScreen.graphql';

export function OrderCustomerSection({ customer }: { customer: OrderDetail['customer'] }) {
  return (
    <Section title="Cliente">
      <Typography sx={{ fontWeight: 600 }}>{customer.name}</Typography>
      {customer.email ? (
        // An address has no spaces to break at (an anonymised one is 50 characters): it
        // wraps anywhere rather than being cut off at the card's edge.
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          E-mail: <Link href={`mailto:${customer.email}`}>{customer.email}</Link>
        </Typography>
      ) : null}
      {customer.phone ? (
        <Typography variant="body2">{displayPhone(customer.phone)}</Typography>
      ) : null}
      {customer.cpf ? (
        <Typography variant="body2">CPF {displayCpf(customer.cpf)}</Typography>
      ) : null}
    </Section>
  );
}

export interface OrderDeliverySectionProps {
  order: OrderDetail;
  /** Copies the customer's name and address (the page tells how it went). */
  onCopyAddress(): void;
  labelPdf?: Omit<OrderShippingLabelProps, 'label'>;
}

export function OrderDeliverySection({
  order,
  onCopyAddress,
  labelPdf,
}: OrderDeliverySectionProps) {
  const address = addressLines(order.address);
  const tracking = trackingLink(order.trackingUrl, order.trackingCode);
  return (
    <Section
      title={order.shippingMethodKind === 'PICKUP' ? 'Retirada' : 'Entrega'}
      action={
        address.length > 0 ? (
          <Button startIcon={<ContentCopyOutlined />} onClick={onCopyAddress}>
            Copiar endereço
          </Button>
        ) : null
      }
    >
      {address.length > 0 ? (
        <Box component="address" sx={{ fontStyle: 'normal', mb: 1 }}>
          {address.map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          O cliente retira na loja.
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {order.shippingMethodName}
        {order.shippingBusinessDays > 0 ? ` · até ${order.shippingBusinessDays} dias úteis` : ''}
      </Typography>
      {order.trackingCode ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {order.trackingCarrier ?? 'Rastreio'}:{' '}
          {tracking ? (
            <Link href={tracking} target="_blank" rel="noopener noreferrer">
              {order.trackingCode}
            </Link>
          ) : (
            order.trackingCode
          )}
        </Typography>
      ) : null}
      <OrderShippingLabel label={order.shippingLabel} {...labelPdf} />
      <OrderShipmentTracking order={order} />
    </Section>
  );
}
