// 'Acompanhe seu pedido': number + e-mail, then the status timeline, the tracking code with the
// carrier's link, the Pix code while unpaid, the items and totals, and the returns' slot. Pure.
import { zodResolver } from '@hookform/resolvers/zod';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import {
  OrderTimeline,
  orderStatusHeadline,
  PixPayment,
  VisuallyHidden,
} from '../../../components/storefront';
import { SubmitButton } from '../../../components/SubmitButton';
import { formatDateTime } from '../../../format';
import { emailSchema } from '../../../forms/br';
import type { CustomerOrderNode, OrderStatusValue } from '../Checkout/CheckoutScreen.graphql';
import { OrderDetails } from '../OrderConfirmation/OrderDetails';
import { InvoiceLinks } from './InvoiceLinks';
import { ShipmentEvents } from './ShipmentEvents';
import { BoletoPayment } from '../Checkout/payment/BoletoPayment';

/** The order's status in one word or two, as Brazilian stores say it (pickup and payment aside). */
export const ORDER_STATUS_SHORT_LABELS: Record<OrderStatusValue, string> = {
  PENDING_PAYMENT: orderStatusHeadline('PENDING_PAYMENT'),
  PAID: orderStatusHeadline('PAID'),
  SHIPPED: orderStatusHeadline('SHIPPED'),
  DELIVERED: orderStatusHeadline('DELIVERED'),
  CANCELED: orderStatusHeadline('CANCELED'),
  REFUNDED: orderStatusHeadline('REFUNDED'),
};

// Dark text on a pale tint: every pair passes WCAG AA contrast (MUI's filled chips do not).
const STATUS_COLORS: Record<OrderStatusValue, { bg: string; fg: string }> = {
  PENDING_PAYMENT: { bg: '#fff4e5', fg: '#7a3e00' },
  PAID: { bg: '#e6f0fa', fg: '#0b4a80' },
  SHIPPED: { bg: '#e6f0fa', fg: '#0b4a80' },
  DELIVERED: { bg: '#e7f5ea', fg: '#1b5e20' },
  CANCELED: { bg: '#fdecea', fg: '#9b1c1c' },
  REFUNDED: { bg: '#eceff1', fg: '#37474f' },
};

export const trackingSchema = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'Informe o número do pedido.')
    .max(30, 'Confira o número do pedido, como VT-10023.'),
  email: emailSchema,
});

export type TrackingValues = z.output<typeof trackingSchema>;

export interface OrderTrackingViewProps {
  status: 'idle' | 'loading' | 'found' | 'not-found' | 'error';
  order: CustomerOrderNode | null;
  defaultValues?: Partial<TrackingValues>;
  onSubmit: (values: TrackingValues) => void;
  /** The clock for the Pix countdown. */
  now?: () => number;
  /** Below the order found: 'Devolver produtos' (the 7-day return), given by the screen. */
  returns?: ReactNode;
}

/** The carrier's page for a tracking code (Correios by default). */
export function trackingLink(
  order: Pick<CustomerOrderNode, 'trackingUrl' | 'trackingCode'>,
): string | null {
  if (order.trackingUrl) {
    return order.trackingCode && !order.trackingUrl.includes(order.trackingCode)
      ? `${order.trackingUrl}${order.trackingUrl.includes('?') ? '&' : '?'}objetos=${encodeURIComponent(order.trackingCode)}`
      : order.trackingUrl;
  }
  return order.trackingCode
    ? `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(order.trackingCode)}`
    : null;
}

const card = {
  p: { xs: 2, sm: 3 },
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
} as const;

function Result({ order, now }: { order: CustomerOrderNode; now?: (() => number) | undefined }) {
  const link = trackingLink(order);
  const waitingPix = order.status === 'PENDING_PAYMENT' && order.pix !== null;
  const pickup = order.shippingMethodKind === 'PICKUP';
  return (
    <Box
      component="section"
      aria-labelledby="tracking-result-title"
      sx={{ display: 'grid', gap: 3 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography id="tracking-result-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Pedido {order.number}
        </Typography>
        <Chip
          label={orderStatusHeadline(order.status, {
            pickup,
            paymentStatus: order.paymentStatus,
          })}
          sx={{
            fontWeight: 600,
            bgcolor: STATUS_COLORS[order.status].bg,
            color: STATUS_COLORS[order.status].fg,
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
          Feito em {formatDateTime(order.createdAt)}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Box sx={card}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
              Andamento
            </Typography>
            <OrderTimeline
              status={order.status}
              events={order.timeline.map((event) => ({
                status: event.status,
                label: event.label,
                createdAt: event.createdAt,
              }))}
              pickup={pickup}
              paymentStatus={order.paymentStatus}
            />
            {order.cancelReason ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                Motivo: {order.cancelReason}
              </Alert>
            ) : null}
          </Box>
          {order.trackingCode ? (
            <Box sx={{ ...card, display: 'grid', gap: 1 }}>
              <Typography
                variant="subtitle1"
                component="h3"
                sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <LocalShippingOutlined aria-hidden /> Rastreamento
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {order.trackingCarrier ?? 'Correios'} · código{' '}
                <Box
                  component="strong"
                  sx={{
                    color: 'text.primary',
                    fontFamily: 'ui-monospace, monospace',
                    letterSpacing: '0.04em',
                  }}
                >
                  {order.trackingCode}
                </Box>
              </Typography>
              {link ? (
                <Button
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="outlined"
                  endIcon={<OpenInNewRounded />}
                  sx={{ justifySelf: 'start', minHeight: 44 }}
                >
                  Rastrear nos {order.trackingCarrier ?? 'Correios'}
                  <VisuallyHidden> (abre em nova aba)</VisuallyHidden>
                </Button>
              ) : null}
              {order.shippingMethodKind === 'DELIVERY' && order.status !== 'CANCELED' ? (
                <ShipmentEvents events={order.shipmentEvents} status={order.trackingStatus} />
              ) : null}
            </Box>
          ) : null}
          {order.invoice ? (
            <Box sx={card}>
              <InvoiceLinks invoice={order.invoice} />
            </Box>
          ) : null}
          {waitingPix && order.pix ? (
            <PixPayment
              code={order.pix.code}
              qrCodeUrl={order.pix.qrCodeUrl}
              amountCents={order.pix.amountCents}
              expiresAt={order.pix.expiresAt}
              {...(now ? { now } : {})}
            />
          ) : order.status === 'PENDING_PAYMENT' && order.boleto ? (
            <BoletoPayment {...order.boleto} amountCents={order.totalCents} />
          ) : null}
        </Box>
        <Box sx={card}>
          <OrderDetails order={order} headingLevel="h3" />
        </Box>
      </Box>
    </Box>
  );
}

export function OrderTrackingView({
  status,
  order,
  defaultValues,
  onSubmit,
  now,
  returns,
}: OrderTrackingViewProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TrackingValues>({
    resolver: zodResolver(trackingSchema),
    mode: 'onTouched',
    defaultValues: { number: '', email: '', ...defaultValues },
  });
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === 'found' || status === 'not-found') resultRef.current?.focus();
  }, [status, order]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ maxWidth: 560, mx: 'auto', textAlign: 'center', mb: 3 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.625rem', md: '2.125rem' } }}
        >
          Acompanhe seu pedido
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Informe o número do pedido e o e-mail usado na compra. Você encontra o número no e-mail de
          confirmação.
        </Typography>
      </Box>
      <Box
        component="form"
        noValidate
        aria-label="Acompanhar pedido"
        onSubmit={(event) => {
          if (status === 'loading') {
            event.preventDefault();
            return;
          }
          void handleSubmit(onSubmit)(event);
        }}
        sx={{ ...card, maxWidth: 560, mx: 'auto', display: 'grid', gap: 2, mb: 4 }}
      >
        <TextField
          {...register('number')}
          label="Número do pedido"
          placeholder="VT-10023"
          required
          autoComplete="off"
          error={errors.number !== undefined}
          helperText={errors.number?.message}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        />
        <TextField
          {...register('email')}
          label="E-mail"
          type="email"
          required
          autoComplete="email"
          error={errors.email !== undefined}
          helperText={errors.email?.message ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
        />
        <SubmitButton
          label="Acompanhar pedido"
          sendingLabel="Buscando…"
          sending={status === 'loading'}
          sx={{ minHeight: 48 }}
        />
      </Box>

      <Box ref={resultRef} tabIndex={-1} sx={{ outline: 'none' }} aria-live="polite">
        {status === 'loading' ? (
          <Box role="status" aria-busy="true" aria-label="Buscando o pedido">
            <Skeleton height={48} width="40%" />
            <Skeleton variant="rounded" height={280} sx={{ mt: 2 }} />
          </Box>
        ) : status === 'not-found' ? (
          <Box
            sx={{
              ...card,
              maxWidth: 560,
              mx: 'auto',
              textAlign: 'center',
              display: 'grid',
              justifyItems: 'center',
              gap: 1,
            }}
          >
            <SearchOffRounded sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              Pedido não encontrado
            </Typography>
            <Typography color="text.secondary" variant="body2">
              Confira o número do pedido e o e-mail usado na compra e tente de novo.
            </Typography>
          </Box>
        ) : status === 'error' ? (
          <Alert severity="warning" sx={{ maxWidth: 560, mx: 'auto' }}>
            Não foi possível consultar o pedido agora. Verifique sua conexão e tente de novo.
          </Alert>
        ) : status === 'found' && order ? (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Result order={order} now={now} />
            {returns}
          </Box>
        ) : null}
      </Box>
    </Container>
  );
}
