// /checkout — prices the cart with the typed CEP, looks the address up, places the order once
// (idempotency key per cart), keeps a draft of the form and sends the shopper to the confirmation.
// Card: tokenised in the browser first (an SDK that cannot load places no order), then placeOrder
// and orderPay; boleto: placeOrder and orderPay, which issues the slip.
import { useQuery } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useCart } from '../../../cart';
import { maskCep, onlyDigits } from '../../../forms/br';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import type { InstallmentOfferData } from '../../../components/storefront';
import type { CartPreviewNode } from '../Cart/CartScreen.graphql';
import { toCartLineData, toCartSummaryData } from '../Cart/cartViewData';
import { useCartPreview } from '../Cart/useCartPreview';
import { centsToValue, lineToAnalyticsItem, trackCommerceEvent } from '../shared/analytics';
import { storefrontPaths } from '../shared/paths';
import { readCheckoutDraft, writeCheckoutDraft } from './checkoutForm';
import { PAYMENT_METHODS_QUERY, type CustomerOrderNode } from './CheckoutScreen.graphql';
import { checkoutStockProblems } from './checkoutScreenData';
import { CheckoutView } from './CheckoutView';
import { useOrderPayment, type OrderPaymentOutcome } from './payment/useOrderPayment';
import { useCheckoutCep } from './useCheckoutCep';
import { usePlaceOrder } from './usePlaceOrder';

/** What the confirmation page receives through the router. */
export interface OrderPlacedState {
  order: CustomerOrderNode;
  /** The order was placed just now: the confirmation empties the cart. */
  placed: boolean;
  /** Card and boleto: what orderPay answered right after the order was placed. */
  payment?: OrderPaymentOutcome | null;
  /** Card: the gateway's public key, for another attempt from the confirmation. */
  cardPublicKey?: string | null;
  /** The store's instalment table on the order's card price (cartPreview), for another attempt. */
  installmentOptions?: InstallmentOfferData[];
}

export function CheckoutScreen() {
  const storeName = useStoreName();
  const navigate = useNavigate();
  useSeo({ title: 'Finalizar compra', siteName: storeName, noIndex: true });

  const [draft] = useState(readCheckoutDraft);
  const storedCart = useCart();
  // The draft's choice, else the one made on the cart page; a new choice is the cart's too.
  const [shippingMethodId, setChosenShippingMethodId] = useState<string | null>(
    () => draft.shippingMethodId || storedCart.shippingMethodId,
  );
  const { cart, items, preview, loading, updating, error, refetch } = useCartPreview({
    shippingMethodId,
  });
  const { setShippingMethodId: keepShippingMethodId } = cart;
  const setShippingMethodId = useCallback(
    (methodId: string) => {
      setChosenShippingMethodId(methodId);
      keepShippingMethodId(methodId);
    },
    [keepShippingMethodId],
  );
  const [defaultValues] = useState(() => ({
    ...draft,
    postalCode: draft.postalCode || (cart.postalCode ? maskCep(cart.postalCode) : ''),
  }));

  const paymentMethodsQuery = useQuery(PAYMENT_METHODS_QUERY);
  // What the server offers; card only with the public key its browser SDK needs. Until the server
  // answers, the list is unknown (null): the draft's card or boleto stays chosen meanwhile.
  const cardPublicKey =
    paymentMethodsQuery.data?.paymentMethods.find((item) => item.method === 'CARD')?.publicKey ??
    null;
  const paymentMethods = paymentMethodsQuery.data
    ? paymentMethodsQuery.data.paymentMethods.filter(
        (item) => item.method !== 'CARD' || item.publicKey,
      )
    : null;
  const { refetch: refetchPaymentMethods } = paymentMethodsQuery;
  const payment = useOrderPayment(cardPublicKey);
  const [cardUnavailable, setCardUnavailable] = useState(false);

  const { setPostalCode } = cart;
  const { cepLookup, latestCep, onPostalCodeChange } = useCheckoutCep({
    defaultValues,
    setPostalCode,
  });

  // The last answer that is current: no newer one on its way, none failed since. It remembers the
  // CEP it was priced for, so the view never shows options or totals of another CEP as current.
  const cartCep = onlyDigits(cart.postalCode ?? '');
  const settled = preview && !updating && !error ? preview : null;
  const [quote, setQuote] = useState<{ preview: CartPreviewNode; postalCode: string } | null>(null);
  if (settled && (quote?.preview !== settled || quote.postalCode !== cartCep)) {
    setQuote({ preview: settled, postalCode: cartCep });
  }
  const retryPricing = () => {
    const cep = latestCep.current;
    if (cep && cep !== cartCep) setPostalCode(maskCep(cep));
    else refetch();
  };

  const began = useRef(false);
  useEffect(() => {
    if (!preview || began.current) return;
    began.current = true;
    trackCommerceEvent('begin_checkout', {
      currency: 'BRL',
      value: centsToValue(preview.totalCents),
      items: preview.lines.map(lineToAnalyticsItem),
    });
  }, [preview]);

  // A re-pricing failed after an earlier answer: the figures shown are no longer current.
  const pricingError = Boolean(error && preview);
  const pricingCurrent = !updating && !pricingError && quote?.preview === preview;
  const { submit, sending, serverError } = usePlaceOrder({
    preview,
    items,
    quote,
    pricingCurrent,
    payment,
    cardPublicKey,
    onCardUnavailable: () => setCardUnavailable(true),
    refetch,
  });

  const goFixInCart = (variantId: string, quantity: number) => {
    if (quantity > 0) cart.setQuantity(variantId, quantity);
    else cart.remove(variantId);
    void navigate(storefrontPaths.cart);
  };
  const stockProblems = checkoutStockProblems({
    lines: preview?.lines ?? [],
    serverError,
    goFixInCart,
    goToCart: () => void navigate(storefrontPaths.cart),
  });

  const status =
    items.length === 0 ? 'empty' : error && !preview ? 'error' : preview ? 'ready' : 'loading';
  const quoted = quote?.postalCode ?? null;

  return (
    <CheckoutView
      status={loading && !preview ? 'loading' : status}
      defaultValues={defaultValues}
      lines={preview ? preview.lines.map(toCartLineData) : []}
      summary={preview ? toCartSummaryData(preview) : null}
      updating={updating}
      pricingError={pricingError}
      onRetryPricing={retryPricing}
      quotedPostalCode={quoted}
      // Quoted for a CEP, or without one (the pickups only: collecting at the store needs none).
      shippingOptions={
        quote && (quoted?.length === 8 || quoted === '') ? quote.preview.shippingOptions : null
      }
      pricedShippingMethodId={quote?.preview.selectedShippingMethodId ?? null}
      paymentMethods={paymentMethods}
      onRetryPaymentMethods={
        paymentMethodsQuery.error && !paymentMethodsQuery.loading
          ? () => void refetchPaymentMethods()
          : undefined
      }
      cepLookup={cepLookup}
      onPostalCodeChange={onPostalCodeChange}
      onShippingMethodChange={setShippingMethodId}
      onDraftChange={writeCheckoutDraft}
      onSubmit={(values) => void submit(values)}
      sending={sending}
      serverError={serverError}
      stockProblems={stockProblems}
      onRetryLoad={refetch}
      cardUnavailable={cardUnavailable}
    />
  );
}
