// /pedido/confirmado/:number — the order as placeOrder answered (router state, which survives a
// reload) paints the first frame; the page always asks the server for its current status too
// (orderStatus, by number and e-mail: the router's or the one this tab placed it with), so a Pix
// paid or expired since, or a card refusal paid since, shows as it is now. Empties the cart once
// the order is placed (a refused card keeps it, so the shopper can start over with Pix or boleto).
// Card and boleto: pays again (another card, a boleto whose answer was lost) through orderPay,
// which never charges twice. The server renders it when the browser's order cookie names this
// order (@vitrine/ui/device); what only the tab knows (the router's state, its sessionStorage)
// joins once the page is hydrated, so hydration meets the server's markup.
import { useQuery } from '@apollo/client';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';

import { useCart } from '../../../cart';
import {
  useCartCookie,
  useDeviceOrderEmail,
  useHydratedFetchPolicy,
  useIsHydrating,
} from '../../../device';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import {
  ORDER_STATUS_QUERY,
  PAYMENT_METHODS_QUERY,
  type CustomerOrderNode,
} from '../Checkout/CheckoutScreen.graphql';
import type { OrderPlacedState } from '../Checkout/CheckoutScreen';
import { firstClearFor, placedOrderEmail } from '../Checkout/placedOrder';
import { trackPurchase } from '../shared/purchase';
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
  // The order empties the cart: the server's bag follows.
  useCartCookie();
  useSeo({ title: `Pedido ${number}`, siteName: storeName, noIndex: true });

  const hydrating = useIsHydrating();
  const deviceEmail = useDeviceOrderEmail(number);
  const placed = hydrating ? null : placedState(location.state, number);
  const email =
    placed?.order.customerEmail ?? deviceEmail ?? (hydrating ? null : placedOrderEmail(number));
  // Always the server's current status: the router's copy may be from long ago (a reload). A page
  // the server rendered has it from the server, as of this page.
  const fetchPolicy = useHydratedFetchPolicy('network-only');
  const query = useQuery(ORDER_STATUS_QUERY, {
    variables: { number, email: email ?? '' },
    skip: email === null,
    fetchPolicy,
  });
  const current = query.data?.orderStatus ?? null;

  // What orderPay answered on this page (another card, a boleto): newer than any status fetched.
  const [attemptOutcome, setAttemptOutcome] = useState<OrderPaymentOutcome | null>(null);
  const [attempt, setAttempt] = useState<PaymentAttemptState>({});
  // The checkout's orderPay answer speaks for the order only while the server agrees with it: a
  // refusal paid since, a Pix expired since, is the server's status alone.
  const placedOrder = placed ? applyPaymentToOrder(placed.order, placed.payment ?? null) : null;
  const placedAnswerCurrent =
    current === null ||
    (placedOrder !== null &&
      placedOrder.status === current.status &&
      placedOrder.paymentStatus === current.paymentStatus);
  const outcome = attemptOutcome ?? (placedAnswerCurrent ? (placed?.payment ?? null) : null);
  // orderStatus answers the city and UF only (a guessed number must not reveal an address); the
  // browser that placed the order still has the address the shopper typed, and shows it.
  const currentWithAddress =
    current && placed && !current.address.street && placed.order.number === current.number
      ? { ...current, address: placed.order.address }
      : current;
  const order = currentWithAddress
    ? applyPaymentToOrder(currentWithAddress, attemptOutcome)
    : placed
      ? applyPaymentToOrder(placed.order, outcome)
      : null;
  // After a reload the gateway's public key is asked again, only for a card order still waiting.
  const methods = useQuery(PAYMENT_METHODS_QUERY, {
    skip:
      placed?.cardPublicKey != null ||
      order?.paymentMethod !== 'CARD' ||
      order.status !== 'PENDING_PAYMENT',
  });
  const payment = useOrderPayment(
    placed?.cardPublicKey ??
      methods.data?.paymentMethods.find((item) => item.method === 'CARD')?.publicKey ??
      null,
  );

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
      setAttemptOutcome(paid);
      // Refused at checkout, paid here: the sale is made now.
      trackPurchase(applyPaymentToOrder(order, paid), paid);
      if (paid.kind === 'error') setAttempt({ error: paid.message });
    });
  }

  async function issueBoleto() {
    if (!order) return;
    await payment.once(async () => {
      setAttempt({});
      const paid = await payment.pay(order, null);
      setAttemptOutcome(paid);
      if (paid.kind === 'error') setAttempt({ error: paid.message });
    });
  }

  const status = order ? 'ready' : email === null ? 'lookup' : query.error ? 'error' : 'loading';
  return (
    <OrderConfirmationView
      status={status}
      number={number}
      order={order}
      onRetry={() => void query.refetch()}
      payment={outcome}
      {...(placed?.installmentOptions ? { installmentOptions: placed.installmentOptions } : {})}
      paying={payment.paying}
      attempt={attempt}
      onPayByCard={(card) => void payByCard(card)}
      onIssueBoleto={() => void issueBoleto()}
    />
  );
}
