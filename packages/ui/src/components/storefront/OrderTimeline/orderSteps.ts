// What the order's progress says, step by step, for every order and payment status: a step is
// named for what happened once done, for what the order waits on while current and plainly when
// still to come, so "Pagamento aprovado" never sits on an order still waiting for its payment.

export type OrderStatusValue =
  'PENDING_PAYMENT' | 'PAID' | 'SHIPPED' | 'DELIVERED' | 'CANCELED' | 'REFUNDED';

export type PaymentStatusValue =
  | 'PENDING'
  | 'AUTHORIZED'
  | 'PAID'
  | 'FAILED'
  | 'CANCELED'
  | 'EXPIRED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

export type StepState = 'done' | 'current' | 'upcoming' | 'failed';

export interface OrderStep {
  status: OrderStatusValue;
  state: StepState;
  label: string;
}

export interface OrderStepsOptions {
  /** Store pickup: ready for pickup and picked up instead of shipped and delivered. */
  pickup?: boolean;
  /** The payment's own status: a card in review or refused is said so while the order waits. */
  paymentStatus?: PaymentStatusValue | null;
}

const HAPPY_PATH = ['PENDING_PAYMENT', 'PAID', 'SHIPPED', 'DELIVERED'] as const;
type HappyStep = (typeof HAPPY_PATH)[number];

/** While the order waits for its payment: what the payment's own status says. */
function waitingForPayment(paymentStatus: PaymentStatusValue | null | undefined): string {
  if (paymentStatus === 'AUTHORIZED') return 'Pagamento em análise';
  if (paymentStatus === 'FAILED') return 'Pagamento não aprovado';
  return 'Aguardando pagamento';
}

function stepLabel(step: HappyStep, state: StepState, options: OrderStepsOptions): string {
  const pickup = options.pickup ?? false;
  switch (step) {
    case 'PENDING_PAYMENT':
      return 'Pedido recebido';
    case 'PAID':
      return state === 'done'
        ? 'Pagamento aprovado'
        : state === 'current'
          ? waitingForPayment(options.paymentStatus)
          : 'Pagamento';
    case 'SHIPPED':
      if (pickup) {
        return state === 'done'
          ? 'Pronto para retirada'
          : state === 'current'
            ? 'Separando o pedido para retirada'
            : 'Separação para retirada';
      }
      return state === 'done'
        ? 'Pedido enviado'
        : state === 'current'
          ? 'Preparando o envio'
          : 'Envio';
    case 'DELIVERED':
      if (pickup) {
        return state === 'done'
          ? 'Pedido retirado'
          : state === 'current'
            ? 'Aguardando a retirada na loja'
            : 'Retirada na loja';
      }
      return state === 'done' ? 'Pedido entregue' : state === 'current' ? 'A caminho' : 'Entrega';
  }
}

/**
 * The steps of an order's progress. Ongoing: the four steps, those reached done, the next one
 * current (named for what it waits on), the rest to come. Canceled or refunded: the steps it
 * reached (`reached`, from its timeline), then how it ended.
 */
export function orderSteps(
  status: OrderStatusValue,
  reached: ReadonlySet<OrderStatusValue>,
  options: OrderStepsOptions = {},
): OrderStep[] {
  if (status === 'CANCELED' || status === 'REFUNDED') {
    return [
      ...HAPPY_PATH.filter((step) => reached.has(step)).map((step) => ({
        status: step,
        state: 'done' as const,
        label: stepLabel(step, 'done', options),
      })),
      {
        status,
        state: 'failed',
        label: status === 'CANCELED' ? 'Pedido cancelado' : 'Pedido reembolsado',
      },
    ];
  }
  const reachedIndex = HAPPY_PATH.indexOf(status);
  return HAPPY_PATH.map((step, index) => {
    const state: StepState =
      index <= reachedIndex ? 'done' : index === reachedIndex + 1 ? 'current' : 'upcoming';
    return { status: step, state, label: stepLabel(step, state, options) };
  });
}

/** The order's status in a word or two (the tracking page's chip), agreeing with its steps. */
export function orderStatusHeadline(
  status: OrderStatusValue,
  options: OrderStepsOptions = {},
): string {
  const pickup = options.pickup ?? false;
  switch (status) {
    case 'PENDING_PAYMENT':
      return waitingForPayment(options.paymentStatus);
    case 'PAID':
      return 'Pago';
    case 'SHIPPED':
      return pickup ? 'Pronto para retirada' : 'Enviado';
    case 'DELIVERED':
      return pickup ? 'Retirado' : 'Entregue';
    case 'CANCELED':
      return 'Cancelado';
    case 'REFUNDED':
      return 'Reembolsado';
  }
}
