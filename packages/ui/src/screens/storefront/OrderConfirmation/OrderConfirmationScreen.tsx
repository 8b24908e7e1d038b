// /pedido/confirmado/:number — the order as placeOrder answered (router state), or fetched again
// with orderStatus when this tab placed it; empties the cart once the order is placed (a refused
// card keeps it, so the shopper can start over with Pix or boleto). Card and boleto: pays again
// (another card, a boleto whose answer was lost) through orderPay, which never charges twice.
import { useQuery } from '@apollo/client';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';

import { useCart } from '../../../cart';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import {
  ORDER_STATUS_QUERY,
  PAYMENT_METHODS_QUERY,
  type CustomerOrderNode,
} from '../Checkout/CheckoutScreen.graphql';
import type { OrderPlacedState } from '../Checkout/CheckoutScreen';
import { firstClearFor, placedOrderEmail } from '../Checkout/placedOrder';
import type { CardRetryValues } from '../Checkout/payment/CardRetryForm';
import {
  applyPaymentToOrder,
  useOrderPayment,
  type OrderPaymentOutcome,
} from '../Checkout/payment/useOrderPayment';
import { OrderConfirmationView, type PaymentAttemptState } from './OrderConfirmationView';

function placedState(state: unknown, number: string): OrderPlacedState | null {
  if (typeof state !== 'object' || state === null) return null;
  const order = (state as { order?: CustomerOrderNode }).order;
  return order?.number === number ? (state as OrderPlacedState) : null;
}

export function OrderConfirmationScreen() {
  const { number = '' } = useParams();
  const location = useLocation();
  const storeName = useStoreName();
  const cart = useCart();
  useSeo({ title: `Pedido ${number}`, siteName: storeName, noIndex: true });

  const placed = placedState(location.state, number);
  const email = placed ? null : placedOrderEmail(number);
  const query = useQuery(ORDER_STATUS_QUERY, {
    variables: { number, email: email ?? '' },
    skip: placed !== null || email === null,
    fetchPolicy: 'network-only',
  });

  const [outcome, setOutcome] = useState<OrderPaymentOutcome | null>(placed?.payment ?? null);
  const [attempt, setAttempt] = useState<PaymentAttemptState>({});
  const baseOrder = placed?.order ?? query.data?.orderStatus ?? null;
  // After a reload the gateway's public key is asked again, only for a card order still waiting.
  const methods = useQuery(PAYMENT_METHODS_QUERY, {
    skip:
      placed?.cardPublicKey != null ||
      baseOrder?.paymentMethod !== 'CARD' ||
      baseOrder.status !== 'PENDING_PAYMENT',
  });
  const payment = useOrderPayment(
    placed?.cardPublicKey ??
      methods.data?.paymentMethods.find((item) => item.method === 'CARD')?.publicKey ??
      null,
  );
  const order = baseOrder ? applyPaymentToOrder(baseOrder, outcome) : null;

  // The order exists now: what was in the cart is bought — unless the card was refused.
  const cardRefused = order?.paymentMethod === 'CARD' && order.paymentStatus === 'FAILED';
  const { clear } = cart;
  const cleared = useRef(false);
  useEffect(() => {
    if (!placed?.placed || cleared.current || cardRefused) return;
    cleared.current = true;
    if (firstClearFor(number)) clear();
  }, [placed, clear, number, cardRefused]);

  async function payByCard(card: CardRetryValues) {
    if (!order) return;
    await payment.once(async () => {
      setAttempt({});
      const tokenised = await payment.tokenise(card, card.holderCpf);
      if (tokenised.kind !== 'token') {
        setAttempt(
          tokenised.kind === 'invalid'
            ? { cardError: tokenised.message }
            : { error: tokenised.message },
        );
        return;
      }
      const paid = await payment.pay(order, {
        ...tokenised.card,
        installments: Number(card.installments),
      });
      setOutcome(paid);
      if (paid.kind === 'error') setAttempt({ error: paid.message });
    });
  }

  async function issueBoleto() {
    if (!order) return;
    await payment.once(async () => {
      setAttempt({});
      const paid = await payment.pay(order, null);
      setOutcome(paid);
      if (paid.kind === 'error') setAttempt({ error: paid.message });
    });
  }

  const status = order
    ? 'ready'
    : placed === null && email === null
      ? 'lookup'
      : query.error
        ? 'error'
        : 'loading';
  return (
    <OrderConfirmationView
      status={status}
      number={number}
      order={order}
      onRetry={() => void query.refetch()}
      payment={outcome}
      maxInstallments={placed?.maxInstallments ?? order?.installments ?? 1}
      paying={payment.paying}
      attempt={attempt}
      onPayByCard={(card) => void payByCard(card)}
      onIssueBoleto={() => void issueBoleto()}
    />
  );
}
