// /pedido/confirmado/:number — the order as placeOrder answered (router state), or fetched again
// with orderStatus when this tab placed it; empties the cart once the order is placed.
import { useQuery } from '@apollo/client';
import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router-dom';

import { useCart } from '../../../cart';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { ORDER_STATUS_QUERY, type CustomerOrderNode } from '../Checkout/CheckoutScreen.graphql';
import type { OrderPlacedState } from '../Checkout/CheckoutScreen';
import { firstClearFor, placedOrderEmail } from '../Checkout/placedOrder';
import { OrderConfirmationView } from './OrderConfirmationView';

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

  // The order exists now: what was in the cart is bought.
  const { clear } = cart;
  const cleared = useRef(false);
  useEffect(() => {
    if (!placed?.placed || cleared.current) return;
    cleared.current = true;
    if (firstClearFor(number)) clear();
  }, [placed, clear, number]);

  const order = placed?.order ?? query.data?.orderStatus ?? null;
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
    />
  );
}
