// /checkout — prices the cart with the typed CEP, looks the address up, places the order once
// (idempotency key per cart), keeps a draft of the form and sends the shopper to the confirmation.
// Card: tokenised in the browser first (an SDK that cannot load places no order), then placeOrder
// and orderPay; boleto: placeOrder and orderPay, which issues the slip.
import { useLazyQuery, useMutation, useQuery } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useCart } from '../../../cart';
import { maskCep, onlyDigits } from '../../../forms/br';
import { pluralize } from '../../../format';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import type { InstallmentOfferData } from '../../../components/storefront';
import type { CartPreviewNode } from '../Cart/CartScreen.graphql';
import { toCartLineData, toCartSummaryData } from '../Cart/cartViewData';
import { useCartPreview } from '../Cart/useCartPreview';
import { centsToValue, lineToAnalyticsItem, trackCommerceEvent } from '../shared/analytics';
import { trackPurchase } from '../shared/purchase';
import { storefrontPaths } from '../shared/paths';
import {
  cartSignature,
  clearCheckoutDraft,
  forgetIdempotencyKey,
  idempotencyKeyFor,
  readCheckoutDraft,
  readCheckoutError,
  writeCheckoutDraft,
  type CheckoutError,
  type CheckoutValues,
} from './checkoutForm';
import {
  ADDRESS_BY_CEP_QUERY,
  PAYMENT_METHODS_QUERY,
  PLACE_ORDER_MUTATION,
  type CustomerOrderNode,
} from './CheckoutScreen.graphql';
import { CheckoutView, type CepLookupState, type CheckoutStockProblem } from './CheckoutView';
import { rememberPlacedOrder } from './placedOrder';
import type { CardToken } from './payment/cardTokenizer';
import {
  applyPaymentToOrder,
  useOrderPayment,
  type OrderPaymentOutcome,
} from './payment/useOrderPayment';

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

  const [lookupAddress] = useLazyQuery(ADDRESS_BY_CEP_QUERY, { fetchPolicy: 'cache-first' });
  const [cepLookup, setCepLookup] = useState<CepLookupState | null>(null);
  // The last well-formed CEP of the address form: shipping and totals are quoted for it.
  const latestCep = useRef<string | null>(null);
  const { setPostalCode } = cart;
  const lookUpPostalCode = useCallback(
    (cep: string) => {
      if (latestCep.current === cep) return;
      latestCep.current = cep;
      setPostalCode(maskCep(cep)); // the cart keeps it: the cart page quotes the same CEP
      setCepLookup({ postalCode: cep, status: 'loading' });
      void lookupAddress({ variables: { postalCode: cep } })
        .then(
          (result) => (result.error || !result.data ? undefined : result.data.addressByCep),
          () => undefined,
        )
        .then((address) => {
          if (latestCep.current !== cep) return; // the shopper typed another CEP meanwhile
          // A look-up that failed (undefined: the service or the connection down) is not a wrong
          // CEP: the shopper types the address either way, but is told which one it was.
          setCepLookup(
            address === undefined
              ? { postalCode: cep, status: 'unavailable', address: null }
              : { postalCode: cep, status: address ? 'found' : 'not-found', address },
          );
        });
    },
    [lookupAddress, setPostalCode],
  );
  // '' once the form's CEP is cleared (or no longer complete): the totals are priced again without
  // one, so no shipping of the old CEP stays in them; the pickups need none. (The look-up's answer
  // stays: it names its CEP, so it shows for that one only.)
  const onPostalCodeChange = useCallback(
    (cep: string) => {
      if (cep !== '') {
        lookUpPostalCode(cep);
        return;
      }
      if (latestCep.current === '') return;
      latestCep.current = '';
      setPostalCode(null);
    },
    [lookUpPostalCode, setPostalCode],
  );
  // The CEP the form opens with (the draft's, else the cart's): a CEP without an address is
  // looked up; one with an address typed is only priced, so the cart's older CEP (changed on the
  // cart page since) never quotes the shipping of this address.
  useEffect(() => {
    const cep = onlyDigits(defaultValues.postalCode ?? '');
    if (cep.length !== 8) return;
    if (!defaultValues.street) {
      onPostalCodeChange(cep);
      return;
    }
    latestCep.current = cep;
    setPostalCode(maskCep(cep));
  }, [defaultValues, onPostalCodeChange, setPostalCode]);

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

  const [placeOrder] = useMutation(PLACE_ORDER_MUTATION);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [serverError, setServerError] = useState<CheckoutError | null>(null);

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
        if (tokenised.kind === 'unavailable') setCardUnavailable(true);
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
          input: {
            items,
            customer: {
              name: values.name.trim(),
              email: values.email.trim(),
              cpf: onlyDigits(values.cpf),
              phone: onlyDigits(values.phone),
            },
            address: {
              postalCode: onlyDigits(values.postalCode),
              street: values.street.trim(),
              number: values.number.trim(),
              complement: values.complement.trim() || null,
              district: values.district.trim(),
              city: values.city.trim(),
              uf: values.uf,
            },
            shippingMethodId: values.shippingMethodId,
            paymentMethod: values.paymentMethod,
            installments: card ? card.installments : null,
            couponCode,
            idempotencyKey,
          },
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

  const goFixInCart = (variantId: string, quantity: number) => {
    if (quantity > 0) cart.setQuantity(variantId, quantity);
    else cart.remove(variantId);
    void navigate(storefrontPaths.cart);
  };
  const stockProblems: CheckoutStockProblem[] = (preview?.lines ?? [])
    .filter((line) => line.availability !== 'AVAILABLE')
    .map((line) => {
      const left = line.availability === 'OUT_OF_STOCK' ? 0 : line.availableQuantity;
      return {
        message:
          left === 0
            ? `${line.productName} (${line.variantLabel}) esgotou.`
            : `${line.productName} (${line.variantLabel}): você pediu ${line.quantity}, mas ${left === 1 ? 'só resta 1 unidade' : `só restam ${left} unidades`}.`,
        fixLabel:
          left === 0
            ? 'Remover da sacola'
            : `Ajustar para ${pluralize(left, 'unidade', 'unidades')}`,
        onFix: () => goFixInCart(line.variantId, left),
      };
    });
  // The server said a line ran out but the new price has not arrived yet: offer the way out now.
  if (serverError?.kind === 'stock' && stockProblems.length === 0) {
    const { variantId, available } = serverError;
    stockProblems.push({
      message: serverError.message,
      fixLabel:
        variantId && available !== null
          ? available > 0
            ? `Ajustar para ${pluralize(available, 'unidade', 'unidades')}`
            : 'Remover da sacola'
          : 'Revisar a sacola',
      onFix: () =>
        variantId && available !== null
          ? goFixInCart(variantId, available)
          : void navigate(storefrontPaths.cart),
    });
  }

  const status =
    items.length === 0 ? 'empty' : error && !preview ? 'error' : preview ? 'ready' : 'loading';
  // A re-pricing failed after an earlier answer: the figures shown are no longer current.
  const pricingError = Boolean(error && preview);
  const quoted = quote?.postalCode ?? null;
  const pricingCurrent = !updating && !pricingError && quote?.preview === preview;

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
