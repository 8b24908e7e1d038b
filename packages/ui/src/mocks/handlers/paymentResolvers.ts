// orderPay as the server answers it, over the mock's orders: a card approved, refused or in review
// by its token (see ../cardTokenizer.ts), a boleto issued once; a payment still alive is answered
// again on a second call, never created twice.
import { GraphQLError } from 'graphql';

import type { CustomerOrderFixture } from '../fixtures/storefront';

/** The key paymentMethods gives CARD in the mocks. */
export const MOCK_CARD_PUBLIC_KEY = 'TEST-vitrine-mock-public-key';

export const MOCK_BOLETO = {
  url: 'https://www.mercadopago.com.br/payments/1330000001/ticket',
  barcode: '23790.00009 01234.567890 12345.678901 1 99990000011500',
};

export interface OrderPayInput {
  number: string;
  email: string;
  method: 'PIX' | 'CARD' | 'BOLETO';
  cardToken?: string | null;
  paymentMethodId?: string | null;
  installments?: number | null;
}

export interface PaymentResult {
  status: string;
  providerPaymentId: string;
  statusDetail: string | null;
  orderStatus: string;
  boletoUrl: string | null;
  boletoBarcode: string | null;
  boletoExpiresAt: string | null;
}

function badInput(message: string, field: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', field } });
}

export function paymentResolvers(orders: () => CustomerOrderFixture[]) {
  const live = new WeakMap<CustomerOrderFixture, PaymentResult>();
  let nextId = 1_330_000_001;
  return {
    orderPay: ({ input }: { input: OrderPayInput }): PaymentResult => {
      const order = orders().find(
        (item) =>
          item.number === input.number.trim().toUpperCase() &&
          item.customerEmail === input.email.trim().toLowerCase(),
      );
      if (!order) {
        throw new GraphQLError('Pedido não encontrado. Confira o número e o e-mail.', {
          extensions: { code: 'NOT_FOUND' },
        });
      }
      const replay = live.get(order);
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
      const providerPaymentId = String(nextId++);
      if (input.method === 'BOLETO') {
        const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
        const result: PaymentResult = {
          status: 'pending',
          providerPaymentId,
          statusDetail: 'pending_waiting_payment',
          orderStatus: order.status,
          boletoUrl: MOCK_BOLETO.url,
          boletoBarcode: MOCK_BOLETO.barcode,
          boletoExpiresAt: expiresAt,
        };
        order.boleto = { url: MOCK_BOLETO.url, barcode: MOCK_BOLETO.barcode, expiresAt };
        live.set(order, result);
        return result;
      }
      const token = input.cardToken?.trim() ?? '';
      if (!/^[\w-]{8,200}$/.test(token)) {
        throw badInput('Os dados do cartão não foram reconhecidos: tente de novo.', 'cardToken');
      }
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
      const result: PaymentResult = {
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
      if (outcome !== 'rejected') live.set(order, result);
      return result;
    },
  };
}
