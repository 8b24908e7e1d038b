// The payments domain of the GraphQL mock: the ways to pay, and orderPay as the server answers it
// over the orders domain's orders: a card approved, refused or in review by its token (see
// ../cardTokenizer.ts), a boleto issued once; a payment still alive is answered again on a second
// call, never created twice.
import { GraphQLError } from 'graphql';

import {
  MOCK_BOLETO,
  MOCK_CARD_PUBLIC_KEY,
  makePaymentsState,
  type PaymentMethodCode,
  type PaymentResultFixture,
  type PaymentsFixtures,
} from '../fixtures/payments';
import {
  badInput,
  defineGraphqlDomain,
  type RequestContext,
  type RootResolvers,
} from './graphqlDomain';
import { ORDER_NOT_FOUND_MESSAGE } from './orders';

export { MOCK_BOLETO, MOCK_CARD_PUBLIC_KEY };

export interface OrderPayInput {
  number: string;
  email: string;
  method: PaymentMethodCode;
  cardToken?: string | null;
  paymentMethodId?: string | null;
  installments?: number | null;
}

const METHOD_LABELS: Record<PaymentMethodCode, string> = {
  PIX: 'Pix',
  CARD: 'Cartão de crédito',
  BOLETO: 'Boleto bancário',
};

const resolvers = {
  paymentMethods: (_args: unknown, { world }: RequestContext) =>
    world.payments.methods.map((method) => ({
      method,
      label: METHOD_LABELS[method],
      provider: method === 'PIX' ? null : 'mercadopago',
      publicKey: method === 'CARD' ? MOCK_CARD_PUBLIC_KEY : null,
    })),
  orderPay: ({ input }: { input: OrderPayInput }, { world }: RequestContext) => {
    const payments = world.payments;
    const order = world.orders.orders.find(
      (item) =>
        item.number === input.number.trim().toUpperCase() &&
        item.customerEmail === input.email.trim().toLowerCase(),
    );
    if (!order) {
      throw new GraphQLError(ORDER_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
    }
    const replay = payments.live.get(order);
    if (replay) return { ...replay, orderStatus: order.status };
    if (input.method === 'PIX') {
      throw badInput(
        'Esta forma de pagamento não está disponível no momento. Pague com Pix.',
        'method',
      );
    }
    if (order.status !== 'PENDING_PAYMENT') {
      throw badInput('Este pedido não está aguardando pagamento.', 'number');
    }
    if (order.paymentMethod !== input.method) {
      throw badInput(
        'Este pedido foi feito com outra forma de pagamento: faça um novo pedido para mudar.',
        'method',
      );
    }
    const providerPaymentId = String(payments.nextProviderPaymentId++);
    if (input.method === 'BOLETO') {
      const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const result: PaymentResultFixture = {
        status: 'pending',
        providerPaymentId,
        statusDetail: 'pending_waiting_payment',
        orderStatus: order.status,
        boletoUrl: MOCK_BOLETO.url,
        boletoBarcode: MOCK_BOLETO.barcode,
        boletoExpiresAt: expiresAt,
      };
      order.boleto = { url: MOCK_BOLETO.url, barcode: MOCK_BOLETO.barcode, expiresAt };
      payments.live.set(order, result);
      return result;
    }
    const token = input.cardToken?.trim() ?? '';
    if (!/^[\w-]{8,200}$/.test(token)) {
      throw badInput('Os dados do cartão não foram reconhecidos: tente de novo.', 'cardToken');
    }
    // The outcome is the fixture's: the mock tokenizer names approved, refused and review tokens.
    const outcome = token.startsWith('recusado')
      ? 'rejected'
      : token.startsWith('analise')
        ? 'pending'
        : 'approved';
    if (outcome === 'approved') {
      order.status = 'PAID';
      order.paymentStatus = 'PAID';
      order.timeline = [
        ...order.timeline,
        {
          type: 'paid',
          status: 'PAID',
          label: 'Pagamento confirmado',
          createdAt: new Date().toISOString(),
        },
      ];
    } else if (outcome === 'rejected') {
      order.paymentStatus = 'FAILED';
    }
    const result: PaymentResultFixture = {
      status: outcome,
      providerPaymentId,
      statusDetail:
        outcome === 'approved'
          ? 'accredited'
          : outcome === 'pending'
            ? 'pending_review_manual'
            : 'cc_rejected_other_reason',
      orderStatus: order.status,
      boletoUrl: null,
      boletoBarcode: null,
      boletoExpiresAt: null,
    };
    // A refused card leaves room for another attempt; anything else is answered again.
    if (outcome !== 'rejected') payments.live.set(order, result);
    return result;
  },
} satisfies RootResolvers;

/** Payments: `paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] })`. */
export const paymentsMock = defineGraphqlDomain(
  'payments',
  (input?: Partial<PaymentsFixtures>) => makePaymentsState(input),
  resolvers,
);
