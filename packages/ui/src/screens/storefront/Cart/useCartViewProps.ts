// Wires the cart store and the server's cartPreview to CartView's props (page and drawer).
import { useState } from 'react';

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
  const { cart, preview, loading, updating, error, droppedCount, refetch } = useCartPreview({
    shippingMethodId,
    skip,
  });
  const empty = cart.lines.length === 0;
  const status: CartViewProps['status'] = empty
    ? 'empty'
    : error
      ? 'error'
      : loading || preview === null
        ? 'loading'
        : 'ready';
  const serverError = error ? readServerError(error) : null;

  return {
    status,
    lines: preview ? preview.lines.map(toCartLineData) : [],
    summary: preview ? toCartSummaryData(preview) : null,
    updating,
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
      postalCode: cart.postalCode,
      options: preview && cart.postalCode ? preview.shippingOptions : null,
      selectedMethodId: preview?.selectedShippingMethodId ?? null,
      error:
        serverError?.field === 'postalCode'
          ? serverError.message
          : preview && cart.postalCode && preview.shippingOptions.length === 0
            ? 'Ainda não entregamos neste CEP.'
            : null,
      onQuote: (postalCode) => cart.setPostalCode(postalCode),
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
