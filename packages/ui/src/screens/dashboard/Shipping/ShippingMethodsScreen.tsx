// The shipping methods page with real data ('dashboard/frete', ADMIN only): shippingMethods with
// the store's free-shipping threshold, the reorder (shippingMethodUpdate of the methods whose
// position changed: an update replaces every field, so each is read whole first) and the
// simulator, whose CEP and weight live in the URL (?cep=&peso=); the store's boxes below the list.
import { useApolloClient, useMutation, useQuery } from '@apollo/client';

import { readServerError } from '../../shared/graphqlErrors';
import { ShippingMethodsView } from './ShippingMethodsView';
import { inputFromMethod, reorder } from './shippingForm';
import {
  SHIPPING_ME_QUERY,
  SHIPPING_METHOD_QUERY,
  SHIPPING_METHOD_UPDATE_MUTATION,
  SHIPPING_METHODS_QUERY,
} from './ShippingScreen.graphql';
import { useShippingBoxes } from './useShippingBoxes';
import { useShippingSimulation } from './useShippingSimulation';

export const SHIPPING_ERROR = 'Não foi possível carregar as formas de entrega.';

export function ShippingMethodsScreen() {
  const me = useQuery(SHIPPING_ME_QUERY);
  const role = me.data?.me.role ?? null;
  const admin = role === 'ADMIN';
  const list = useQuery(SHIPPING_METHODS_QUERY, {
    fetchPolicy: 'cache-and-network',
    skip: !admin,
  });
  const client = useApolloClient();
  const [update] = useMutation(SHIPPING_METHOD_UPDATE_MUTATION);
  const simulation = useShippingSimulation(admin);
  const boxes = useShippingBoxes(admin);
  const methods = list.data?.shippingMethods ?? null;

  async function move(index: number, direction: -1 | 1) {
    if (!methods) return;
    try {
      for (const { method, position } of reorder(methods, index, direction)) {
        const { data } = await client.query({
          query: SHIPPING_METHOD_QUERY,
          variables: { id: method.id },
          fetchPolicy: 'network-only',
        });
        // Deleted meanwhile: the refetch below shows the list as it is now.
        if (!data.shippingMethod) continue;
        await update({
          variables: { id: method.id, input: inputFromMethod(data.shippingMethod, { position }) },
        });
      }
    } catch (error) {
      await list.refetch();
      throw new Error(readServerError(error as Error).message);
    }
    await list.refetch();
    await simulation.refetch();
  }

  const loadError = me.error ?? list.error;
  return (
    <ShippingMethodsView
      methods={methods}
      storeThresholdCents={list.data?.storeSettings.freeShippingThresholdCents ?? null}
      loading={me.loading || list.loading}
      error={loadError ? SHIPPING_ERROR : null}
      onRetry={() => {
        void (me.error ? me.refetch() : list.refetch());
        if (boxes.error) boxes.onRetry?.();
      }}
      forbidden={role !== null && !admin}
      onMove={move}
      boxes={boxes}
      simulator={{
        values: simulation.values,
        state: simulation.state,
        onSimulate: simulation.simulate,
      }}
    />
  );
}
