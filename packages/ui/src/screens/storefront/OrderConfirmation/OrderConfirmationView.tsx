// 'Pedido recebido': the order number, the Pix QR code and 'copia e cola' with its countdown,
// what happens next and the way to follow the order. Pure: the order comes in through props.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyState, PixPayment } from '../../../components/storefront';
import { formatBRL, formatDateTime } from '../../../format';
import type { CustomerOrderNode } from '../Checkout/CheckoutScreen.graphql';
import { storefrontPaths } from '../shared/paths';
import { OrderDetails } from './OrderDetails';

export interface OrderConfirmationViewProps {
  /** 'lookup': the page was opened without the order (another tab): follow it by e-mail. */
  status: 'loading' | 'ready' | 'error' | 'lookup';
  /** The order number from the URL. */
  number: string;
  order: CustomerOrderNode | null;
  /** The clock for the Pix countdown (stories and tests pass a fixed one). */
  now?: () => number;
  onRetry?: () => void;
}

/** /pedido?numero=VT-10001: the tracking page with the number filled in. */
export function trackingHref(number: string): string {
  return `${storefrontPaths.tracking}?${new URLSearchParams({ numero: number }).toString()}`;
}

function NextSteps({ order }: { order: CustomerOrderNode }) {
  const pix = order.paymentMethod === 'PIX';
  const steps = [
    pix
      ? 'Pague o Pix antes de o código expirar. A confirmação é automática, em poucos minutos.'
      : 'Conclua o pagamento: as instruções também foram enviadas para o seu e-mail.',
    `Assim que o pagamento for aprovado, avisamos em ${order.customerEmail}.`,
    order.shippingMethodKind === 'PICKUP'
      ? 'Quando o pedido estiver pronto para retirada, mandamos outro e-mail.'
      : 'Separamos e enviamos seu pedido; o código de rastreio chega por e-mail.',
  ];
  return (
    <Box component="section" aria-labelledby="next-steps-title">
      <Typography id="next-steps-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        O que acontece agora
      </Typography>
      <Box
        component="ol"
        sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1, color: 'text.secondary', lineHeight: 1.6 }}
      >
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Box>
    </Box>
  );
}

const card = {
  p: { xs: 2, sm: 3 },
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
} as const;

export function OrderConfirmationView({
  status,
  number,
  order,
  now,
  onRetry,
}: OrderConfirmationViewProps) {
  if (status === 'lookup' || status === 'error') {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <EmptyState
          headingLevel="h1"
          title={status === 'error' ? 'Não foi possível carregar o pedido' : `Pedido ${number}`}
          description={
            <p>
              {status === 'error'
                ? 'Seu pedido está registrado. Verifique sua conexão e tente de novo, ou acompanhe-o com o número e o e-mail.'
                : 'Para ver os detalhes e o pagamento deste pedido, informe o e-mail usado na compra.'}
            </p>
          }
          actions={
            <>
              {status === 'error' && onRetry ? (
                <Button variant="contained" size="large" onClick={onRetry}>
                  Tentar novamente
                </Button>
              ) : null}
              <Button
                component={RouterLink}
                to={trackingHref(number)}
                variant={status === 'error' ? 'outlined' : 'contained'}
                size="large"
              >
                Acompanhar pedido
              </Button>
            </>
          }
        />
      </Container>
    );
  }

  if (status === 'loading' || !order) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }} aria-busy="true">
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Pedido {number}
        </Typography>
        <Skeleton height={48} width="60%" />
        <Skeleton variant="rounded" height={360} sx={{ mt: 3 }} />
      </Container>
    );
  }

  const waitingPix =
    order.paymentMethod === 'PIX' && order.pix !== null && order.status === 'PENDING_PAYMENT';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 1, mb: 3 }}>
        <CheckCircleRounded sx={{ fontSize: 56, color: 'success.main' }} aria-hidden />
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.625rem', md: '2.125rem' } }}
        >
          {order.customerName.split(' ')[0]}, recebemos seu pedido!
        </Typography>
        <Typography color="text.secondary">
          Pedido <strong>{order.number}</strong> · feito em {formatDateTime(order.createdAt)}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          Enviamos a confirmação para <strong>{order.customerEmail}</strong>.
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
          {waitingPix && order.pix ? (
            <Box component="section" aria-labelledby="pix-title" sx={{ display: 'grid', gap: 1.5 }}>
              <Typography
                id="pix-title"
                variant="h6"
                component="h2"
                sx={{ fontWeight: 700, textAlign: 'center' }}
              >
                Pague com Pix para confirmar
              </Typography>
              <PixPayment
                code={order.pix.code}
                qrCodeSvg={order.pix.qrCodeSvg}
                amountCents={order.pix.amountCents}
                expiresAt={order.pix.expiresAt}
                {...(now ? { now } : {})}
              />
            </Box>
          ) : order.status === 'PENDING_PAYMENT' ? (
            <Alert severity="info">
              Aguardando o pagamento de {formatBRL(order.totalCents)}. Enviamos as instruções para o
              seu e-mail.
            </Alert>
          ) : (
            <Alert severity="success">Pagamento aprovado. Obrigado pela compra!</Alert>
          )}
          <Box sx={card}>
            <NextSteps order={order} />
            <Button
              component={RouterLink}
              to={trackingHref(order.number)}
              variant="outlined"
              size="large"
              fullWidth
              sx={{ mt: 2.5, minHeight: 48 }}
            >
              Acompanhar pedido
            </Button>
          </Box>
        </Box>
        <Box sx={card}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            Resumo do pedido
          </Typography>
          <OrderDetails order={order} headingLevel="h3" />
        </Box>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 4 }}>
        <Button
          component={RouterLink}
          to={storefrontPaths.home}
          size="large"
          sx={{ minHeight: 44 }}
        >
          Continuar comprando
        </Button>
      </Box>
    </Container>
  );
}
