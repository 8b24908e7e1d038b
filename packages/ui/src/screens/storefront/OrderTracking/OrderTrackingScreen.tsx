// /pedido — looks an order up by number and e-mail (orderStatus). A wrong e-mail answers exactly
// like a wrong number, so nobody learns which orders exist. The order this tab placed
// ('Acompanhar pedido' from its confirmation page, /pedido?numero=…) is looked up at once with the
// e-mail it was placed with: the shopper is not asked again on the device she bought on. That
// e-mail is the checkout's (placedOrder.ts: sessionStorage, this tab only, gone when it closes);
// this page stores nothing. The server renders that look-up when the browser's order cookie names
// the order (@vitrine/ui/device; a query, not a lazy one, so the server runs it); a tab's
// sessionStorage joins after hydration. A delivered order gets 'Devolver produtos'
// (returns/ReturnSection).
import { useLazyQuery, useQuery } from '@apollo/client';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useDeviceOrderEmail, useHydratedFetchPolicy } from '../../../device';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { ORDER_STATUS_QUERY } from '../Checkout/CheckoutScreen.graphql';
import { placedOrderEmail } from '../Checkout/placedOrder';
import { storefrontPaths } from '../../../routes/paths';
import {
  OrderTrackingView,
  type OrderTrackingViewProps,
  type TrackingValues,
} from './OrderTrackingView';
import { ReturnSection } from './returns/ReturnSection';

const noSubscription = () => () => undefined;

export function OrderTrackingScreen() {
  const storeName = useStoreName();
  const [searchParams] = useSearchParams();
  useSeo({
    title: 'Acompanhe seu pedido',
    siteName: storeName,
    description: 'Veja o andamento do seu pedido com o número e o e-mail da compra.',
    canonicalPath: storefrontPaths.tracking,
  });
  const number = searchParams.get('numero') ?? '';
  // The order the browser's cookie names, looked up as the page renders (on the server too).
  const deviceEmail = useDeviceOrderEmail(number);
  const firstFetchPolicy = useHydratedFetchPolicy('network-only');
  const first = useQuery(ORDER_STATUS_QUERY, {
    variables: { number: number.trim().toUpperCase(), email: deviceEmail ?? '' },
    skip: !number || deviceEmail === null,
    fetchPolicy: firstFetchPolicy,
  });
  // What the shopper asks for, and the tab's own order (below).
  const [lookUp, later] = useLazyQuery(ORDER_STATUS_QUERY, { fetchPolicy: 'network-only' });
  const result = later.called ? later : first;
  const [asked, setAsked] = useState(() => Boolean(number) && deviceEmail !== null);
  // The e-mail of the order this tab placed, when the link names that order: the tab's own
  // storage, read once the page is hydrated (the server cannot know it).
  const tabEmail = useSyncExternalStore(
    noSubscription,
    () => (number ? placedOrderEmail(number) : null),
    () => null,
  );
  const placedEmail = deviceEmail ?? tabEmail;

  function submit(values: TrackingValues) {
    setAsked(true);
    void lookUp({
      variables: { number: values.number.trim().toUpperCase(), email: values.email.trim() },
    });
  }

  const lookedUpPlaced = useRef(false);
  useEffect(() => {
    if (placedEmail === null || deviceEmail !== null || lookedUpPlaced.current) return;
    lookedUpPlaced.current = true;
    submit({ number, email: placedEmail });
    // Once, as soon as the tab's order is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placedEmail]);

  const notFound =
    result.error?.graphQLErrors.some((item) => item.extensions?.code === 'NOT_FOUND') ?? false;
  const status: OrderTrackingViewProps['status'] = !asked
    ? 'idle'
    : result.loading
      ? 'loading'
      : notFound
        ? 'not-found'
        : result.error
          ? 'error'
          : result.data
            ? 'found'
            : 'loading';
  const order = result.data?.orderStatus ?? null;
  const lookedUp = result.variables;
  // A delivered order can be returned (7 days); a returned one shows its returns.
  const returns =
    status === 'found' && order && lookedUp && ['DELIVERED', 'REFUNDED'].includes(order.status) ? (
      <ReturnSection key={order.number} number={order.number} email={lookedUp.email} />
    ) : null;
  return (
    <OrderTrackingView
      status={status}
      order={order}
      defaultValues={{ number, email: placedEmail ?? '' }}
      onSubmit={submit}
      returns={returns}
    />
  );
}
