// Wires the cart store and the server's cartPreview to CartView's props (page and drawer).
import { useEffect, useState } from 'react';

import { centsToValue, trackCommerceEvent } from '../shared/analytics';
import { readServerError } from '../shared/graphqlErrors';
import type { CartViewProps } from './CartView';
import { toCartLineData, toCartSummaryData } from './cartViewData';
import { useCartPreview } from './useCartPreview';

export function useCartViewProps({ skip = false }: { skip?: boolean } = {}): Omit<
  CartViewProps,
  'layout' | 'onNavigate'
> {
  const [shippingMethodId, setShippingMethodId] = useState<string | null>(null);
  const { cart, preview, updating, error, droppedCount, refetch } = useCartPreview({
    shippingMethodId,
    skip,
  });
  const empty = cart.lines.length === 0;
  const serverError = error ? readServerError(error) : null;
  // A CEP the server refuses is the shopper's typing, not a broken cart: it is shown at the field
  // and dropped from the stored cart, so the cart is priced again without it (next visit too).
  const refusedNow =
    serverError?.field === 'postalCode' && cart.postalCode !== null
      ? { postalCode: cart.postalCode, message: serverError.message }
      : null;
  const postalCodeRejected = refusedNow !== null;
  const [rejectedPostalCode, setRejectedPostalCode] = useState<{
    postalCode: string;
    message: string;
  } | null>(null);
  if (
    refusedNow &&
    (rejectedPostalCode?.postalCode !== refusedNow.postalCode ||
      rejectedPostalCode.message !== refusedNow.message)
  ) {
    setRejectedPostalCode(refusedNow);
  }
  // The cart store lives outside React: forgetting the refused CEP is the effect.
  const { setPostalCode } = cart;
  const refusedStoredCode = refusedNow?.postalCode ?? null;
  useEffect(() => {
    if (refusedStoredCode !== null) setPostalCode(null);
  }, [refusedStoredCode, setPostalCode]);
  // Only a cart that was never priced is an error page; a failed re-pricing keeps the last answer.
  const status: CartViewProps['status'] = empty
    ? 'empty'
    : preview === null
      ? error && !postalCodeRejected
        ? 'error'
        : 'loading'
      : 'ready';
  const stale = status === 'ready' && error !== null && !postalCodeRejected;

  return {
    status,
    lines: preview ? preview.lines.map(toCartLineData) : [],
    summary: preview ? toCartSummaryData(preview) : null,
    updating,
    stale,
    canCheckout: preview?.canCheckout ?? false,
    droppedCount,
    coupon: {
      appliedCode: preview?.coupon?.code ?? null,
      discountCents: preview?.coupon?.discountCents ?? 0,
      freeShipping: preview?.coupon?.freeShipping ?? false,
      error: preview?.couponError ?? null,
      onApply: (code) => cart.setCouponCode(code),
      onRemove: () => cart.setCouponCode(null),
    },
    shipping: {
      postalCode: cart.postalCode ?? rejectedPostalCode?.postalCode ?? null,
      options: preview && cart.postalCode ? preview.shippingOptions : null,
      selectedMethodId: preview?.selectedShippingMethodId ?? null,
      error:
        cart.postalCode === null && rejectedPostalCode
          ? rejectedPostalCode.message
          : preview && cart.postalCode && preview.shippingOptions.length === 0
            ? 'Ainda não entregamos neste CEP.'
            : null,
      onQuote: (postalCode) => {
        setRejectedPostalCode(null);
        cart.setPostalCode(postalCode);
      },
      onSelect: setShippingMethodId,
    },
    onQuantityChange: (variantId, quantity) => cart.setQuantity(variantId, quantity),
    onRemove: (variantId) => {
      const line = preview?.lines.find((item) => item.variantId === variantId);
      cart.remove(variantId);
      if (line) {
        trackCommerceEvent('remove_from_cart', {
          currency: 'BRL',
          value: centsToValue(line.lineTotalCents),
          items: [
            {
              item_id: line.sku,
              item_name: line.productName,
              item_brand: line.brandName,
              item_variant: line.variantLabel,
              price: centsToValue(line.unitPriceCents),
              quantity: line.quantity,
            },
          ],
        });
      }
    },
    onRetry: refetch,
  };
}
