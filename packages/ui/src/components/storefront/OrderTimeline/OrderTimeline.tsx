// The order's progress: received -> paid -> shipped -> delivered, with dates, or how it ended.
// The words of each step come from orderSteps, so a step never contradicts the order's status.
import CheckRounded from '@mui/icons-material/CheckRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

import { ORDER_STATUS_SHOPPER_LABELS } from '@vitrine/rules';

import { formatDateTime } from '../../../format';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import {
  orderSteps,
  type OrderStatusValue,
  type PaymentStatusValue,
  type StepState,
} from './orderSteps';

export type { OrderStatusValue };

export interface OrderTimelineEvent {
  status: OrderStatusValue | null;
  label: string;
  createdAt: string;
}

export interface OrderTimelineProps {
  status: OrderStatusValue;
  events: OrderTimelineEvent[];
  /** 'Retirada' orders say 'Pronto para retirada' instead of 'Enviado'. */
  pickup?: boolean;
  /** While the order waits: a card in review or refused is said so. */
  paymentStatus?: PaymentStatusValue | null;
  className?: string;
  sx?: SxProps<Theme>;
}

/** The shopper's words for each status (@vitrine/rules, shared with the mails and the mocks). */
export const ORDER_STATUS_LABELS: Record<OrderStatusValue, string> = ORDER_STATUS_SHOPPER_LABELS;

const Root = styled('ol', { name: 'VtOrderTimeline', slot: 'Root' })({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
});

const Item = styled('li', { name: 'VtOrderTimeline', slot: 'Item' })<{
  ownerState: { state: StepState };
}>(({ theme, ownerState }) => {
  const color =
    ownerState.state === 'failed'
      ? theme.palette.error.main
      : ownerState.state === 'upcoming'
        ? theme.palette.grey[400]
        : theme.palette.success.main;
  return {
    position: 'relative',
    display: 'grid',
    gridTemplateColumns: '28px 1fr',
    gap: 12,
    paddingBottom: 20,
    '&:not(:last-of-type)::before': {
      content: '""',
      position: 'absolute',
      left: 13,
      top: 28,
      bottom: 0,
      width: 2,
      backgroundColor:
        ownerState.state === 'done' ? theme.palette.success.main : theme.palette.grey[300],
    },
    '& .dot': {
      display: 'grid',
      placeItems: 'center',
      width: 28,
      height: 28,
      borderRadius: '50%',
      border: `2px solid ${color}`,
      backgroundColor:
        ownerState.state === 'done' || ownerState.state === 'failed'
          ? color
          : theme.palette.background.paper,
      color: '#fff',
      '& svg': { fontSize: 16 },
    },
    '& .dot::after':
      ownerState.state === 'current'
        ? { content: '""', width: 10, height: 10, borderRadius: '50%', backgroundColor: color }
        : {},
    '& strong': {
      display: 'block',
      fontSize: '0.9375rem',
      color:
        ownerState.state === 'upcoming' ? theme.palette.text.secondary : theme.palette.text.primary,
      fontWeight: ownerState.state === 'current' ? 700 : 600,
      lineHeight: '28px',
    },
    '& time': { fontSize: '0.8125rem', color: theme.palette.text.secondary },
  };
});

const STATE_TEXT: Record<StepState, string> = {
  done: 'concluído',
  current: 'etapa atual',
  upcoming: 'a seguir',
  failed: 'encerrado',
};

export function OrderTimeline(inProps: OrderTimelineProps) {
  const {
    status,
    events,
    pickup = false,
    paymentStatus = null,
    ...other
  } = useThemeProps({
    props: inProps,
    name: 'VtOrderTimeline',
  });
  const when = (step: OrderStatusValue) => events.find((event) => event.status === step)?.createdAt;
  const reached = new Set(events.flatMap((event) => (event.status ? [event.status] : [])));
  const steps = orderSteps(status, reached, { pickup, paymentStatus }).map((step) => ({
    ...step,
    // A step still to come has no date, whatever the timeline holds.
    at: step.state === 'done' || step.state === 'failed' ? when(step.status) : undefined,
  }));
  return (
    <Root aria-label="Andamento do pedido" {...other}>
      {steps.map((step) => (
        <Item key={step.status} ownerState={{ state: step.state }} data-state={step.state}>
          <span className="dot" aria-hidden>
            {step.state === 'done' ? (
              <CheckRounded />
            ) : step.state === 'failed' ? (
              <CloseRounded />
            ) : null}
          </span>
          <div>
            <strong>
              {step.label}
              <VisuallyHidden> ({STATE_TEXT[step.state]})</VisuallyHidden>
            </strong>
            {step.at ? <time dateTime={step.at}>{formatDateTime(step.at)}</time> : null}
          </div>
        </Item>
      ))}
    </Root>
  );
}
