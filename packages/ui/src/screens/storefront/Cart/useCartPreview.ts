// The device's cart priced by the server: runs cartPreview whenever the lines, the CEP, the
// coupon or the chosen shipping change, and drops items the store no longer sells.
import { useQuery } from '@apollo/client';
import { useEffect, useMemo, useState } from 'react';

import { useCart, type UseCartResult } from '../../../cart';
import { useCartCookie, useHydratedFetchPolicy } from '../../../device';
import { CART_PREVIEW_QUERY, type CartItemInput, type CartPreviewNode } from './CartScreen.graphql';

export interface UseCartPreviewOptions {
  /**
   * The delivery the shopper picked (the cart's stored choice when not given); the server prices
   * the cheapest one when it does not offer this one.
   */
  shippingMethodId?: string | null;
  /** The drawer only asks while it is open. */
  skip?: boolean;
}

export interface UseCartPreviewResult {
  cart: UseCartResult;
  items: CartItemInput[];
  /** The latest answer (the previous one while a newer one is on its way). */
  preview: CartPreviewNode | null;
  /** The first answer is still to come. */
  loading: boolean;
  /** A newer answer is on its way: the figures shown are the previous ones. */
  updating: boolean;
  /** The last request failed; the figures shown (if any) are no longer current. */
  error: Error | null;
  /** How many items were taken out because they are no longer for sale. */
  droppedCount: number;
  refetch: () => void;
}

export function useCartPreview(options: UseCartPreviewOptions = {}): UseCartPreviewResult {
  const cart = useCart();
  // The bag, the drawer and the checkout change the cart: the server renders the bag from this.
  useCartCookie();
  const items = useMemo(
    () => cart.lines.map(({ variantId, quantity }) => ({ variantId, quantity })),
    [cart.lines],
  );
  const empty = items.length === 0;
  const skip = empty || options.skip === true;
  // Prices and stock change on the server: always ask, show the last answer meanwhile (a bag the
  // server rendered was priced for this page).
  const fetchPolicy = useHydratedFetchPolicy('cache-and-network');
  const { data, previousData, loading, error, refetch } = useQuery(CART_PREVIEW_QUERY, {
    variables: {
      items,
      postalCode: cart.postalCode,
      couponCode: cart.couponCode,
      shippingMethodId:
        options.shippingMethodId === undefined ? cart.shippingMethodId : options.shippingMethodId,
    },
    skip,
    fetchPolicy,
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: true,
  });
  const preview = data?.cartPreview ?? previousData?.cartPreview ?? null;

  const [droppedCount, setDroppedCount] = useState(0);
  const unavailable = data?.cartPreview.unavailableVariantIds;
  // Count each answer once, while rendering (React's pattern for state that follows a value).
  const [countedFor, setCountedFor] = useState(unavailable);
  if (countedFor !== unavailable) {
    setCountedFor(unavailable);
    if (unavailable && unavailable.length > 0)
      setDroppedCount((count) => count + unavailable.length);
  }
  // The cart store lives outside React: dropping the lines is the effect.
  const { remove } = cart;
  useEffect(() => {
    for (const variantId of unavailable ?? []) remove(variantId);
  }, [unavailable, remove]);

  return {
    cart,
    items,
    preview: empty ? null : preview,
    loading: !skip && preview === null && !error,
    updating: !skip && preview !== null && loading,
    error: skip ? null : (error ?? null),
    droppedCount,
    refetch: () => void refetch(),
  };
}
