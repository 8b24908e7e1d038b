// /pedido — looks an order up by number and e-mail (orderStatus). A wrong e-mail answers exactly
// like a wrong number, so nobody learns which orders exist.
import { useLazyQuery } from '@apollo/client';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { ORDER_STATUS_QUERY } from '../Checkout/CheckoutScreen.graphql';
import { storefrontPaths } from '../../../routes/paths';
import {
  OrderTrackingView,
  type OrderTrackingViewProps,
  type TrackingValues,
} from './OrderTrackingView';

export function OrderTrackingScreen() {
  const storeName = useStoreName();
  const [searchParams] = useSearchParams();
  useSeo({
    title: 'Acompanhe seu pedido',
    siteName: storeName,
    description: 'Veja o andamento do seu pedido com o número e o e-mail da compra.',
    canonicalPath: storefrontPaths.tracking,
  });
  const [lookUp, result] = useLazyQuery(ORDER_STATUS_QUERY, { fetchPolicy: 'network-only' });
  const [asked, setAsked] = useState(false);

  function submit(values: TrackingValues) {
    setAsked(true);
    void lookUp({
      variables: { number: values.number.trim().toUpperCase(), email: values.email.trim() },
    });
  }

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
  return (
    <OrderTrackingView
      status={status}
      order={result.data?.orderStatus ?? null}
      defaultValues={{ number: searchParams.get('numero') ?? '' }}
      onSubmit={submit}
    />
  );
}
