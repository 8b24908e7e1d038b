// 'Pedido recebido': the order number, the Pix QR code and 'copia e cola' with its countdown, the
// boleto's typeable line, or the card's verdict (approved, in review, refused with another try),
// what happens next and the way to follow the order. Pure: the order comes in through props.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyState, PixPayment } from '../../../components/storefront';
import { formatBRL, formatDateTime } from '../../../format';
import type { CustomerOrderNode } from '../Checkout/CheckoutScreen.graphql';
import { BoletoPayment } from '../Checkout/payment/BoletoPayment';
import { CardRetryForm, type CardRetryValues } from '../Checkout/payment/CardRetryForm';
import type { OrderPaymentOutcome } from '../Checkout/payment/useOrderPayment';
import { storefrontPaths } from '../shared/paths';
import { OrderDetails } from './OrderDetails';

/** What the last attempt to pay from this page left to say. */
export interface PaymentAttemptState {
  /** The card data was refused by the gateway's SDK: shown at the card number. */
  cardError?: string;
  /** SDK down, network, a refused request. */
  error?: string;
}

export interface OrderConfirmationViewProps {
  /** 'lookup': the page was opened without the order (another tab): follow it by e-mail. */
  status: 'loading' | 'ready' | 'error' | 'lookup';
  /** The order number from the URL. */
  number: string;
  order: CustomerOrderNode | null;
  /** The clock for the Pix countdown (stories and tests pass a fixed one). */
  now?: () => number;
  onRetry?: () => void;
  /** Card and boleto: what orderPay answered (right after placing, or after another try). */
  payment?: OrderPaymentOutcome | null;
  /** The server's installment offer for the order's total. */
  maxInstallments?: number;
  /** orderPay is on its way. */
  paying?: boolean;
  attempt?: PaymentAttemptState;
  onPayByCard?: (card: CardRetryValues) => void;
  onIssueBoleto?: () => void;
}

type CardVerdict = 'approved' | 'review' | 'refused' | 'unpaid';

/** The card's state as the shopper needs it, from orderPay's answer or else the order. */
export function cardVerdict(
  order: CustomerOrderNode,
  payment: OrderPaymentOutcome | null,
): CardVerdict {
  if (order.status !== 'PENDING_PAYMENT' || order.paymentStatus === 'PAID') return 'approved';
  if (order.paymentStatus === 'FAILED') return 'refused';
  if (order.paymentStatus === 'AUTHORIZED') return 'review';
  if (payment?.kind === 'result') {
    const { status } = payment.result;
    if (status === 'approved') return 'approved';
    if (status === 'rejected' || status === 'cancelled') return 'refused';
    return 'review';
  }
  return 'unpaid';
}

const REFUSAL_REASONS: Record<string, string> = {
  cc_rejected_insufficient_amount: 'saldo ou limite insuficiente',
  cc_rejected_bad_filled_security_code: 'código de segurança (CVV) incorreto',
  cc_rejected_bad_filled_date: 'validade incorreta',
  cc_rejected_bad_filled_card_number: 'número do cartão incorreto',
  cc_rejected_call_for_authorize: 'o banco pede que você autorize o pagamento com ele',
  cc_rejected_card_disabled: 'cartão não habilitado: fale com o banco',
  cc_rejected_high_risk: 'recusado pela análise de segurança',
};

function CardPaymentSection({
  order,
  payment,
  maxInstallments,
  paying,
  attempt,
  onPayByCard,
}: {
  order: CustomerOrderNode;
  payment: OrderPaymentOutcome | null;
  maxInstallments: number;
  paying: boolean;
  attempt: PaymentAttemptState;
  onPayByCard?: (card: CardRetryValues) => void;
}) {
  const verdict = cardVerdict(order, payment);
  const installmentsText =
    order.installments > 1 ? `${order.installments}x sem juros no cartão` : 'à vista no cartão';
  if (verdict === 'approved') {
    return (
      <Alert severity="success">
        <AlertTitle>Pagamento aprovado</AlertTitle>
        {formatBRL(order.totalCents)} {installmentsText}. Obrigado pela compra!
      </Alert>
    );
  }
  if (verdict === 'review') {
    return (
      <Alert severity="info">
        <AlertTitle>Pagamento em análise</AlertTitle>O pagamento de {formatBRL(order.totalCents)} (
        {installmentsText}) está sendo analisado. Avisamos por e-mail assim que for aprovado, em até
        2 dias úteis. Não é preciso pagar de novo.
      </Alert>
    );
  }
  const reason =
    payment?.kind === 'result' && payment.result.statusDetail
      ? REFUSAL_REASONS[payment.result.statusDetail]
      : undefined;
  return (
    <Box component="section" aria-labelledby="card-retry-title" sx={{ display: 'grid', gap: 2 }}>
      {verdict === 'refused' ? (
        <Alert severity="error" role="alert">
          <AlertTitle>Pagamento recusado</AlertTitle>O cartão não foi aprovado
          {reason ? ` (${reason})` : ''} e nada foi cobrado. Seu pedido continua reservado: tente
          com outro cartão.
        </Alert>
      ) : (
        <Alert severity="warning">
          <AlertTitle>Pagamento não concluído</AlertTitle>
          {payment?.kind === 'error'
            ? payment.message
            : `O pedido está aguardando o pagamento de ${formatBRL(order.totalCents)}.`}
        </Alert>
      )}
      <Typography id="card-retry-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {verdict === 'refused' ? 'Pagar com outro cartão' : 'Pagar com cartão'}
      </Typography>
      {onPayByCard ? (
        <CardRetryForm
          totalCents={order.totalCents}
          maxInstallments={maxInstallments}
          installments={order.installments}
          onSubmit={onPayByCard}
          paying={paying}
          cardError={attempt.cardError ?? null}
          error={attempt.error ?? null}
          submitLabel={verdict === 'refused' ? 'Pagar com outro cartão' : 'Pagar com cartão'}
        />
      ) : null}
      <Typography variant="body2" color="text.secondary">
        Prefere Pix ou boleto?{' '}
        <Link component={RouterLink} to={storefrontPaths.checkout}>
          Faça o pedido de novo com outra forma de pagamento
        </Link>
        ; este pedido é cancelado sozinho se não for pago.
      </Typography>
    </Box>
  );
}

/** /pedido?numero=VT-10001: the tracking page with the number filled in. */
export function trackingHref(number: string): string {
  return `${storefrontPaths.tracking}?${new URLSearchParams({ numero: number }).toString()}`;
}

function NextSteps({ order }: { order: CustomerOrderNode }) {
  const first =
    order.paymentMethod === 'PIX'
      ? 'Pague o Pix antes de o código expirar. A confirmação é automática, em poucos minutos.'
      : order.paymentMethod === 'BOLETO'
        ? 'Pague o boleto até o vencimento. A compensação leva até 3 dias úteis.'
        : order.status === 'PENDING_PAYMENT'
          ? 'Conclua o pagamento com cartão nesta página.'
          : 'O pagamento com cartão já foi aprovado.';
  const steps = [
    first,
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
  payment = null,
  maxInstallments,
  paying = false,
  attempt = {},
  onPayByCard,
  onIssueBoleto,
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
          ) : order.paymentMethod === 'CARD' ? (
            <CardPaymentSection
              order={order}
              payment={payment}
              maxInstallments={maxInstallments ?? order.installments}
              paying={paying}
              attempt={attempt}
              {...(onPayByCard ? { onPayByCard } : {})}
            />
          ) : order.paymentMethod === 'BOLETO' && order.status === 'PENDING_PAYMENT' ? (
            order.boleto ? (
              <Box
                component="section"
                aria-labelledby="boleto-title"
                sx={{ display: 'grid', gap: 1.5 }}
              >
                <Typography
                  id="boleto-title"
                  variant="h6"
                  component="h2"
                  sx={{ fontWeight: 700, textAlign: 'center' }}
                >
                  Pague o boleto para confirmar
                </Typography>
                <BoletoPayment {...order.boleto} amountCents={order.totalCents} />
              </Box>
            ) : (
              <Alert
                severity="warning"
                action={
                  onIssueBoleto ? (
                    <Button color="inherit" onClick={onIssueBoleto} disabled={paying}>
                      {paying ? 'Gerando…' : 'Gerar boleto'}
                    </Button>
                  ) : undefined
                }
              >
                <AlertTitle>Boleto ainda não gerado</AlertTitle>
                {attempt.error ??
                  (payment?.kind === 'error'
                    ? payment.message
                    : 'Gere o boleto para pagar o pedido; ele vale por 3 dias.')}
              </Alert>
            )
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
