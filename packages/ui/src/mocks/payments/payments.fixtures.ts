// Payment fixtures: the ways to pay a store offers and what the mock gateway answers.
import type { CustomerOrderFixture } from '../catalog/storefront.fixtures';
import type { PaymentMethod } from '../../graphql/generated';
import type { OrderPaymentResultNode } from '../../screens/storefront/Checkout/CheckoutScreen.graphql';

export type PaymentMethodCode = PaymentMethod;

/** The key paymentMethods gives CARD in the mocks. */
export const MOCK_CARD_PUBLIC_KEY = 'TEST-vitrine-mock-public-key';

export const MOCK_BOLETO = {
  url: 'https://www.mercadopago.com.br/payments/1330000001/ticket',
  barcode: '23790.00009 01234.567890 12345.678901 1 99990000011500',
};

export type PaymentResultFixture = OrderPaymentResultNode;

export interface PaymentsFixtures {
  /** Offered at the checkout; Pix only by default (no gateway configured). */
  methods: PaymentMethodCode[];
}

/** The payments domain's data: its fixtures plus the payments orderPay created. */
export interface PaymentsState extends PaymentsFixtures {
  /** A payment still alive is answered again on a second call, never created twice. */
  live: WeakMap<CustomerOrderFixture, PaymentResultFixture>;
  nextProviderPaymentId: number;
}

export function makePaymentsState(overrides: Partial<PaymentsFixtures> = {}): PaymentsState {
  return {
    methods: overrides.methods ?? ['PIX'],
    live: new WeakMap(),
    nextProviderPaymentId: 1_330_000_001,
  };
}
