// Wires the cart store and the server's cartPreview to CartView's props (page and drawer).
import { useEffect, useState } from 'react';

import type { StoredCartLine } from '../../../cart';
import { centsToValue, lineToAnalyticsItem, trackCommerceEvent } from '../shared/analytics';
import { readServerError } from '../../shared/graphqlErrors';
import type { CartViewProps } from './CartView';
import { toCartLineData, toCartSummaryData } from './cartViewData';
import { useCartPreview } from './useCartPreview';

export function useCartViewProps({ skip = false }: { skip?: boolean } = {}): Omit<
  CartViewProps,
  'layout' | 'onNavigate'
> {
  // The chosen option is the cart's (stored): the checkout opens with it.
  const { cart, preview, updating, error, droppedCount, refetch } = useCartPreview({ skip });
  // The line just removed, for the bag's "Desfazer" (issue 12, item 12).
  const [removed, setRemoved] = useState<{
    line: StoredCartLine;
    index: number;
    name: string | null;
  } | null>(null);
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
  // The server answers a coupon it cannot use as the preview's couponError, with the totals
  // without it. Should it refuse the whole preview over the code instead (a field error), the code
  // is treated like a refused CEP: shown at the field and dropped, so the cart is priced again.
  const couponRefusedNow =
    serverError?.field === 'couponCode' && cart.couponCode !== null
      ? { code: cart.couponCode, message: serverError.message }
      : null;
  const [rejectedCoupon, setRejectedCoupon] = useState<{ code: string; message: string } | null>(
    null,
  );
  if (
    couponRefusedNow &&
    (rejectedCoupon?.code !== couponRefusedNow.code ||
      rejectedCoupon.message !== couponRefusedNow.message)
  ) {
    setRejectedCoupon(couponRefusedNow);
  }
  const { setCouponCode } = cart;
  const refusedCouponCode = couponRefusedNow?.code ?? null;
  useEffect(() => {
    if (refusedCouponCode !== null) setCouponCode(null);
  }, [refusedCouponCode, setCouponCode]);
  // A refused CEP or coupon is the shopper's typing, not a broken cart.
  const fieldRefused = postalCodeRejected || couponRefusedNow !== null;
  // Only a cart that was never priced is an error page; a failed re-pricing keeps the last answer.
  const status: CartViewProps['status'] = empty
    ? 'empty'
    : preview === null
      ? error && !fieldRefused
        ? 'error'
        : 'loading'
      : 'ready';
  const stale = status === 'ready' && error !== null && !fieldRefused;

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
      // Once priced, the saved code stays removable whatever the server said about it.
      savedCode: preview ? cart.couponCode : null,
      discountCents: preview?.coupon?.discountCents ?? 0,
      freeShipping: preview?.coupon?.freeShipping ?? false,
      // Why the saved code was not applied; once it is removed, a reason is stale.
      error:
        cart.couponCode !== null
          ? (preview?.couponError ?? null)
          : (rejectedCoupon?.message ?? null),
      onApply: (code) => {
        setRejectedCoupon(null);
        cart.setCouponCode(code);
      },
      onRemove: () => {
        setRejectedCoupon(null);
        cart.setCouponCode(null);
      },
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
      onSelect: cart.setShippingMethodId,
    },
    onQuantityChange: (variantId, quantity) => cart.setQuantity(variantId, quantity),
    onRemove: (variantId) => {
      const line = preview?.lines.find((item) => item.variantId === variantId);
      const index = cart.lines.findIndex((item) => item.variantId === variantId);
      const stored = cart.lines[index];
      cart.remove(variantId);
      if (stored) setRemoved({ line: stored, index, name: line?.productName ?? null });
      if (line) {
        trackCommerceEvent('remove_from_cart', {
          currency: 'BRL',
          value: centsToValue(line.lineTotalCents),
          items: [lineToAnalyticsItem(line)],
        });
      }
    },
    onRetry: refetch,
    onClear: cart.clear,
    removed: removed ? { name: removed.name } : null,
    onUndoRemove: () => {
      if (removed) cart.restore(removed.line, removed.index);
      setRemoved(null);
    },
    onRemovedDismiss: () => setRemoved(null),
  };
}
