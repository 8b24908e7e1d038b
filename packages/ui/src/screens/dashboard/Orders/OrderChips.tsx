// The coloured status chips of an order (payment, fulfilment, order status). Pure.
import Chip from '@mui/material/Chip';

import {
  fulfilmentChip,
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
  type FulfilmentStatus,
  type OrderStatus,
  type PaymentStatus,
} from './orderLabels';

export function PaymentStatusChip({
  status,
  prefix = '',
}: {
  status: PaymentStatus;
  prefix?: string;
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PAYMENT_STATUS_COLORS[status]}
      label={`${prefix}${PAYMENT_STATUS_LABELS[status]}`}
    />
  );
}

/** With the order's payment, an order not sent yet says whether it is to ship (fulfilmentChip). */
export function FulfilmentStatusChip({
  status,
  paymentStatus,
  prefix = '',
}: {
  status: FulfilmentStatus;
  paymentStatus?: PaymentStatus;
  prefix?: string;
}) {
  const { label, color } = fulfilmentChip(status, paymentStatus);
  return <Chip size="small" variant="outlined" color={color} label={`${prefix}${label}`} />;
}

export function OrderStatusChip({ status, prefix = '' }: { status: OrderStatus; prefix?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ORDER_STATUS_COLORS[status]}
      label={`${prefix}${ORDER_STATUS_LABELS[status]}`}
      sx={{ fontWeight: 700 }}
    />
  );
}
