// The carrier's word on a shipped order, for staff: the "Rastreamento" block of the delivery card
// (the current status as a chip, the carrier's events newest first, as carriers' sites show them)
// and the warning at the top of the page when the parcel did not reach the shopper. Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  isCorreiosCarrier,
  isShipmentProblem,
  SHIPMENT_STATUS_LABELS,
  type ShipmentStatus,
} from '@vitrine/rules';

import { formatDateTime } from '../../../format';
import { ShipmentEventList } from '../../shared/ShipmentEventList';
import type { OrderDetail } from './OrderScreen.graphql';

type TrackedOrder = Pick<
  OrderDetail,
  | 'status'
  | 'shippingMethodKind'
  | 'trackingCarrier'
  | 'trackingCode'
  | 'trackingStatus'
  | 'shipmentEvents'
>;

const STATUS_COLORS: Record<ShipmentStatus, NonNullable<ChipProps['color']>> = {
  POSTED: 'default',
  IN_TRANSIT: 'info',
  OUT_FOR_DELIVERY: 'info',
  DELIVERED: 'success',
  DELIVERY_FAILED: 'warning',
  RETURNING: 'warning',
};

/** A delivery failure or a return: what staff should do, naming the carrier when known. */
export function ShipmentProblemAlert({ order }: { order: TrackedOrder }) {
  const status = order.trackingStatus;
  if (!status || !isShipmentProblem(status)) return null;
  const carrier =
    !order.trackingCarrier || isCorreiosCarrier(order.trackingCarrier)
      ? 'os Correios'
      : 'a transportadora';
  const last = order.shipmentEvents.at(-1);
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {status === 'RETURNING'
        ? 'O pedido está voltando para a loja.'
        : `Entrega não realizada: fale com o cliente ou com ${carrier}.`}
      {last ? (
        <Box component="span" sx={{ display: 'block' }}>
          {last.description}
          {last.location ? ` (${last.location})` : ''} · {formatDateTime(last.occurredAt)}
        </Box>
      ) : null}
    </Alert>
  );
}

/**
 * The carrier's events of the parcel, newest first, under the current status; a shipped delivery
 * the carrier has not registered yet says so. Nothing for an order without either.
 */
export function OrderShipmentTracking({ order }: { order: TrackedOrder }) {
  const events = order.shipmentEvents;
  const waiting =
    events.length === 0 &&
    order.status === 'SHIPPED' &&
    order.shippingMethodKind === 'DELIVERY' &&
    order.trackingCode !== null;
  if (events.length === 0 && !waiting) return null;
  const status = order.trackingStatus;
  return (
    <Box component="section" aria-labelledby="order-tracking-title" sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="order-tracking-title" component="h3" variant="subtitle2">
          Rastreamento
        </Typography>
        {status ? (
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_COLORS[status]}
            label={SHIPMENT_STATUS_LABELS[status]}
          />
        ) : null}
      </Box>
      {waiting ? (
        <Typography variant="body2" color="text.secondary">
          Os eventos da transportadora aparecem aqui assim que ela registrar o objeto.
        </Typography>
      ) : (
        <ShipmentEventList events={events} />
      )}
    </Box>
  );
}
