// 'Pedido recebido': the order number, the Pix QR code and 'copia e cola' with its countdown, the
// boleto's typeable line, or the card's verdict (approved, in review, refused with another try);
// once the order no longer waits for its payment, what its status means (paid, shipped, delivered,
// canceled, refunded) for the way it was paid. What happens next and the way to follow the order.
// Pure: the order comes in through props.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { describeOrderInstallments } from '@vitrine/rules';
import { EmptyState, PixPayment, type InstallmentOfferData } from '../../../components/storefront';
import { formatBRL } from '../../../format';
import type { CustomerOrderNode, OrderStatusValue } from '../Checkout/CheckoutScreen.graphql';
import { orderPlanOptions } from '../Checkout/payment/card';
import { CardRetryForm, type CardRetryValues } from '../Checkout/payment/CardRetryForm';
import type { OrderPaymentOutcome } from '../Checkout/payment/useOrderPayment';
import { storefrontPaths } from '../shared/paths';
import { BoletoSection, ConfirmationHeading } from './ConfirmationParts';
import { OrderDetails, PAYMENT_METHOD_LABELS } from './OrderDetails';

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
  /** The store's instalment table on the order's card price (from checkout); else the order's own plan. */
  installmentOptions?: InstallmentOfferData[];
  /** orderPay is on its way. */
  paying?: boolean;
  attempt?: PaymentAttemptState;
  onPayByCard?: (card: CardRetryValues) => void;
  onIssueBoleto?: () => void;
}

type CardVerdict = 'approved' | 'review' | 'refused' | 'unpaid' | 'closed';

/**
 * The card's state as the shopper needs it, from the order's status first and, while it waits for
 * its payment, from orderPay's answer. 'closed': canceled or refunded, never approved.
 */
export function cardVerdict(
  order: CustomerOrderNode,
  payment: OrderPaymentOutcome | null,
): CardVerdict {
  if (order.status === 'CANCELED' || order.status === 'REFUNDED') return 'closed';
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

function installmentsText(order: CustomerOrderNode): string {
  const plan = describeOrderInstallments(order);
  return plan ? `em ${plan} no cartão` : 'à vista no cartão';
}

/** Where the money of a refund goes, by the way the order was paid. */
const REFUND_WAY: Record<CustomerOrderNode['paymentMethod'], string> = {
  CARD: 'o estorno aparece na fatura do cartão em até duas faturas, conforme o banco emissor.',
  PIX: 'o valor volta para a conta que fez o Pix.',
  BOLETO: 'o valor é devolvido a quem pagou o boleto; se não o receber, fale com a loja.',
};

/** What a canceled order's payment became, by the way it was (or would have been) paid. */
function canceledText(order: CustomerOrderNode): string {
  const total = formatBRL(order.totalCents);
  const reason =
    order.cancelReason && order.cancelReason !== 'expirado'
      ? ` Motivo: ${order.cancelReason}.`
      : '';
  if (order.paymentStatus === 'REFUNDED')
    return `O pedido foi cancelado e os ${total} pagos foram reembolsados: ${REFUND_WAY[order.paymentMethod]}${reason}`;
  if (order.paymentStatus === 'PARTIALLY_REFUNDED')
    return `O pedido foi cancelado e parte do valor pago já foi reembolsada: ${REFUND_WAY[order.paymentMethod]} O restante também será devolvido.${reason}`;
  if (order.paymentStatus === 'PAID')
    return `O pedido foi cancelado depois do pagamento de ${total}, que será devolvido: ${REFUND_WAY[order.paymentMethod]}${reason}`;
  if (order.paymentStatus === 'EXPIRED' || order.cancelReason === 'expirado') {
    if (order.paymentMethod === 'PIX')
      return 'O prazo para pagar o Pix acabou e o pedido foi cancelado. Nada foi cobrado: não pague este código Pix.';
    if (order.paymentMethod === 'BOLETO')
      return 'O boleto venceu sem pagamento e o pedido foi cancelado. Não pague este boleto.';
    return 'O prazo para pagar com cartão acabou e o pedido foi cancelado. Nada foi cobrado.';
  }
  const unpaid: Record<CustomerOrderNode['paymentMethod'], string> = {
    PIX: 'Nada foi cobrado: não pague o Pix deste pedido.',
    BOLETO: 'Nada foi cobrado: não pague o boleto deste pedido.',
    CARD: 'Nada foi cobrado no cartão.',
  };
  return `O pedido foi cancelado. ${unpaid[order.paymentMethod]}${reason}`;
}

export interface OrderStatusNotice {
  severity: 'success' | 'info' | 'warning' | 'error';
  title: string;
  text: string;
}

/**
 * What an order that no longer waits for its payment means to its shopper, for every status of
 * the schema and every way to pay: a canceled or refunded order is never 'approved'.
 */
export function orderStatusNotice(
  order: CustomerOrderNode & { status: Exclude<OrderStatusValue, 'PENDING_PAYMENT'> },
): OrderStatusNotice {
  const total = formatBRL(order.totalCents);
  const pickup = order.shippingMethodKind === 'PICKUP';
  const partlyRefunded =
    order.paymentStatus === 'PARTIALLY_REFUNDED'
      ? ` Parte do valor foi reembolsada: ${REFUND_WAY[order.paymentMethod]}`
      : '';
  const paidWith = `Pagamento aprovado (${PAYMENT_METHOD_LABELS[order.paymentMethod]}).`;
  switch (order.status) {
    case 'PAID':
      if (order.paymentMethod === 'CARD')
        return {
          severity: 'success',
          title: 'Pagamento aprovado',
          text: `${total} ${installmentsText(order)}. Obrigado pela compra!${partlyRefunded}`,
        };
      return order.paymentMethod === 'PIX'
        ? {
            severity: 'success',
            title: 'Pix recebido',
            text: `Recebemos o Pix de ${total}. Obrigado pela compra!${partlyRefunded}`,
          }
        : {
            severity: 'success',
            title: 'Boleto compensado',
            text: `O pagamento de ${total} pelo boleto foi confirmado. Obrigado pela compra!${partlyRefunded}`,
          };
    case 'SHIPPED':
      return {
        severity: 'success',
        title: pickup ? 'Pedido pronto para retirada' : 'Pedido enviado',
        text: `${paidWith} ${
          pickup
            ? 'Seu pedido já pode ser retirado na loja.'
            : order.trackingCode
              ? `Seu pedido está a caminho: código de rastreio ${order.trackingCode}${order.trackingCarrier ? ` (${order.trackingCarrier})` : ''}.`
              : 'Seu pedido está a caminho.'
        }${partlyRefunded}`,
      };
    case 'DELIVERED':
      return {
        severity: 'success',
        title: pickup ? 'Pedido retirado' : 'Pedido entregue',
        text: `${paidWith} ${pickup ? 'Seu pedido foi retirado na loja.' : 'Seu pedido foi entregue.'} Obrigado pela compra!${partlyRefunded}`,
      };
    case 'CANCELED':
      return { severity: 'warning', title: 'Pedido cancelado', text: canceledText(order) };
    case 'REFUNDED':
      return {
        severity: 'info',
        title: 'Pedido reembolsado',
        text: `Devolvemos os ${total} deste pedido: ${REFUND_WAY[order.paymentMethod]}`,
      };
    default: {
      // A status the schema adds must get its own words here (tsc stops at this line).
      const unknown: never = order.status;
      return { severity: 'info', title: 'Pedido registrado', text: String(unknown) };
    }
  }
}

function isSettled(
  order: CustomerOrderNode,
): order is CustomerOrderNode & { status: Exclude<OrderStatusValue, 'PENDING_PAYMENT'> } {
  return order.status !== 'PENDING_PAYMENT';
}

function StatusNotice({ order }: { order: CustomerOrderNode }) {
  if (!isSettled(order)) return null;
  const notice = orderStatusNotice(order);
  return (
    <Alert severity={notice.severity}>
      <AlertTitle>{notice.title}</AlertTitle>
      {notice.text}
    </Alert>
  );
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
  installmentOptions,
  paying,
  attempt,
  onPayByCard,
}: {
  order: CustomerOrderNode;
  payment: OrderPaymentOutcome | null;
  installmentOptions: InstallmentOfferData[];
  paying: boolean;
  attempt: PaymentAttemptState;
  onPayByCard?: (card: CardRetryValues) => void;
}) {
  const verdict = cardVerdict(order, payment);
  // Canceled or refunded (the page shows those with StatusNotice): never a card form.
  if (verdict === 'closed') return <StatusNotice order={order} />;
  if (verdict === 'approved') {
    return (
      <Alert severity="success">
        <AlertTitle>Pagamento aprovado</AlertTitle>
        {formatBRL(order.totalCents)} {installmentsText(order)}. Obrigado pela compra!
      </Alert>
    );
  }
  if (verdict === 'review') {
    return (
      <Alert severity="info">
        <AlertTitle>Pagamento em análise</AlertTitle>O pagamento de {formatBRL(order.totalCents)} (
        {installmentsText(order)}) está sendo analisado. Avisamos por e-mail assim que for aprovado,
        em até 2 dias úteis. Não é preciso pagar de novo.
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
          installmentOptions={installmentOptions}
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

/** What comes next for the order in its current status. */
export function nextSteps(order: CustomerOrderNode): string[] {
  const pickup = order.shippingMethodKind === 'PICKUP';
  const follow = `Acompanhe o pedido quando quiser com o número e o e-mail ${order.customerEmail}.`;
  switch (order.status) {
    case 'PENDING_PAYMENT':
      return [
        order.paymentMethod === 'PIX'
          ? 'Pague o Pix antes de o código expirar. A confirmação é automática, em poucos minutos.'
          : order.paymentMethod === 'BOLETO'
            ? 'Pague o boleto até o vencimento. A compensação leva até 3 dias úteis.'
            : 'Conclua o pagamento com cartão nesta página.',
        `Assim que o pagamento for aprovado, avisamos em ${order.customerEmail}.`,
        pickup
          ? 'Quando o pedido estiver pronto para retirada, mandamos outro e-mail.'
          : 'Separamos e enviamos seu pedido; o código de rastreio chega por e-mail.',
      ];
    case 'PAID':
      return [
        pickup
          ? 'Separamos seu pedido e avisamos por e-mail quando estiver pronto para retirada.'
          : 'Separamos e enviamos seu pedido; o código de rastreio chega por e-mail.',
        follow,
      ];
    case 'SHIPPED':
      return [
        pickup
          ? order.pickupPoint
            ? `Retire o pedido em ${order.pickupPoint.address}. ${order.pickupPoint.whatToBring}`
            : 'Retire o pedido na loja levando um documento oficial com foto e o número do pedido.'
          : 'Acompanhe a entrega pelo código de rastreio que enviamos por e-mail.',
        follow,
      ];
    case 'DELIVERED':
      return [
        'Precisa trocar ou devolver algum item? Veja as condições de trocas e devoluções.',
        follow,
      ];
    case 'CANCELED':
    case 'REFUNDED':
      return [
        'Para comprar estes itens, faça um novo pedido.',
        `Se tiver dúvidas, responda ao e-mail que enviamos para ${order.customerEmail}.`,
      ];
    default: {
      const unknown: never = order.status;
      return [String(unknown)];
    }
  }
}

function NextSteps({ order }: { order: CustomerOrderNode }) {
  const steps = nextSteps(order);
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

/** No order to show: its e-mail is asked for (lookup), or it could not be loaded (error). */
function OrderLookupPrompt({
  status,
  number,
  onRetry,
}: {
  status: 'lookup' | 'error';
  number: string;
  onRetry: (() => void) | undefined;
}) {
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

export function OrderConfirmationView({
  status,
  number,
  order,
  now,
  onRetry,
  payment = null,
  installmentOptions,
  paying = false,
  attempt = {},
  onPayByCard,
  onIssueBoleto,
}: OrderConfirmationViewProps) {
  if (status === 'lookup' || status === 'error') {
    return <OrderLookupPrompt status={status} number={number} onRetry={onRetry} />;
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
      <ConfirmationHeading order={order} />

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          {isSettled(order) ? (
            // Paid, shipped, delivered, canceled or refunded: what the status means, whatever
            // orderPay or the router said before.
            <StatusNotice order={order} />
          ) : waitingPix && order.pix ? (
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
                qrCodeUrl={order.pix.qrCodeUrl}
                amountCents={order.pix.amountCents}
                expiresAt={order.pix.expiresAt}
                {...(now ? { now } : {})}
              />
            </Box>
          ) : order.paymentMethod === 'CARD' ? (
            <CardPaymentSection
              order={order}
              payment={payment}
              installmentOptions={installmentOptions ?? orderPlanOptions(order)}
              paying={paying}
              attempt={attempt}
              {...(onPayByCard ? { onPayByCard } : {})}
            />
          ) : order.paymentMethod === 'BOLETO' ? (
            <BoletoSection
              order={order}
              payment={payment}
              paying={paying}
              attempt={attempt}
              onIssueBoleto={onIssueBoleto}
            />
          ) : (
            <Alert severity="info">
              Aguardando o pagamento de {formatBRL(order.totalCents)}. Enviamos as instruções para o
              seu e-mail.
            </Alert>
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
