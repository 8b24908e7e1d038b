// 'Finalizar pedido': places the order once (the idempotency key is the cart's), the card
// tokenised first (an SDK that cannot load places no order), then orderPay for card and boleto,
// and the shopper sent to the confirmation; the server's errors come back for the form.
import { useMutation } from '@apollo/client';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { onlyDigits } from '../../../forms/br';
import type { CartItemInput, CartPreviewNode } from '../Cart/CartScreen.graphql';
import { trackPurchase } from '../shared/purchase';
import { storefrontPaths } from '../shared/paths';
import {
  cartSignature,
  clearCheckoutDraft,
  forgetIdempotencyKey,
  idempotencyKeyFor,
  readCheckoutError,
  type CheckoutError,
  type CheckoutValues,
} from './checkoutForm';
import { PLACE_ORDER_MUTATION } from './CheckoutScreen.graphql';
import type { OrderPlacedState } from './CheckoutScreen';
import { placeOrderInput } from './checkoutScreenData';
import { rememberPlacedOrder } from './placedOrder';
import type { CardToken } from './payment/cardTokenizer';
import { applyPaymentToOrder, type useOrderPayment } from './payment/useOrderPayment';

export function usePlaceOrder({
  preview,
  items,
  quote,
  pricingCurrent,
  payment,
  cardPublicKey,
  onCardUnavailable,
  refetch,
}: {
  preview: CartPreviewNode | null | undefined;
  items: CartItemInput[];
  /** The last current quote and the CEP it was priced for. */
  quote: { preview: CartPreviewNode; postalCode: string } | null;
  /** The totals shown are the last quote's, none on its way and none failed since. */
  pricingCurrent: boolean;
  payment: ReturnType<typeof useOrderPayment>;
  cardPublicKey: string | null;
  /** The gateway's card SDK could not load. */
  onCardUnavailable: () => void;
  /** Prices the cart again (after a stock error). */
  refetch: () => void;
}) {
  const navigate = useNavigate();
  const [placeOrder] = useMutation(PLACE_ORDER_MUTATION);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [serverError, setServerError] = useState<CheckoutError | null>(null);

  async function submit(values: CheckoutValues) {
    // A second click before React re-renders must not send a second request; and only totals
    // quoted for this address and this shipping option are current (the server re-quotes on them).
    if (sendingRef.current || !preview || !pricingCurrent) return;
    if (quote?.postalCode !== onlyDigits(values.postalCode)) return;
    if (quote.preview.selectedShippingMethodId !== values.shippingMethodId) return;
    sendingRef.current = true;
    setSending(true);
    setServerError(null);
    const release = () => {
      sendingRef.current = false;
      setSending(false);
    };
    // The card becomes a token before any order exists: if the SDK is down, nothing is placed.
    let card: (CardToken & { installments: number }) | null = null;
    if (values.paymentMethod === 'CARD') {
      const tokenised = await payment.tokenise(values, values.cpf);
      if (tokenised.kind !== 'token') {
        if (tokenised.kind === 'unavailable') onCardUnavailable();
        setServerError(
          tokenised.kind === 'unavailable'
            ? { kind: 'general', message: tokenised.message }
            : { kind: 'fields', fields: { cardNumber: tokenised.message }, message: null },
        );
        release();
        return;
      }
      card = { ...tokenised.card, installments: Number(values.installments ?? '1') };
    }
    const couponCode = preview.coupon?.code ?? null;
    const idempotencyKey = idempotencyKeyFor(cartSignature(items, couponCode));
    try {
      const result = await placeOrder({
        variables: {
          input: placeOrderInput({
            values,
            items,
            installments: card ? card.installments : null,
            couponCode,
            idempotencyKey,
          }),
        },
      });
      const placedOrder = result.data?.placeOrder;
      if (!placedOrder) throw new Error('placeOrder answered without an order');
      clearCheckoutDraft();
      forgetIdempotencyKey();
      rememberPlacedOrder(placedOrder.number, placedOrder.customerEmail);
      // Whatever orderPay answers, the order exists: the confirmation shows the outcome and offers
      // another attempt when the card was refused or the answer was lost.
      const paid =
        placedOrder.paymentMethod === 'PIX' ? null : await payment.pay(placedOrder, card);
      const order = applyPaymentToOrder(placedOrder, paid);
      // A refused card is no sale (the confirmation counts it if another card pays).
      trackPurchase(order, paid);
      const state: OrderPlacedState = {
        order,
        placed: true,
        payment: paid,
        cardPublicKey,
        installmentOptions: preview.installmentOptions,
      };
      void navigate(storefrontPaths.orderConfirmed(order.number), { state });
    } catch (caught) {
      const problem = readCheckoutError(caught as Error);
      if (problem.kind === 'idempotency') forgetIdempotencyKey();
      if (problem.kind === 'stock') refetch();
      setServerError(problem);
      release();
    }
  }

  return { submit, sending, serverError };
}
