// The coloured status chips of an order (payment, fulfilment, order status). Pure.
import Chip from '@mui/material/Chip';

import {
  FULFILMENT_STATUS_COLORS,
  FULFILMENT_STATUS_LABELS,
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

export function FulfilmentStatusChip({
  status,
  prefix = '',
}: {
  status: FulfilmentStatus;
  prefix?: string;
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={FULFILMENT_STATUS_COLORS[status]}
      label={`${prefix}${FULFILMENT_STATUS_LABELS[status]}`}
    />
  );
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
