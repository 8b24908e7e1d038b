// The simulator's data: the CEP, weight and subtotal in the URL (?cep=&peso=&subtotal=, so a link
// reproduces a quote) and the shippingSimulate query they run.
import { useQuery } from '@apollo/client';
import { useSearchParams } from 'react-router-dom';

import { readServerError } from '../../shared/graphqlErrors';
import type { SimulationState, SimulationValues } from './ShippingSimulator';
import { SHIPPING_SIMULATE_QUERY } from './ShippingScreen.graphql';

const CEP_PARAM = 'cep';
const WEIGHT_PARAM = 'peso';
const SUBTOTAL_PARAM = 'subtotal';

function wholeParam(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

export function useShippingSimulation(enabled: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const cep = searchParams.get(CEP_PARAM) ?? undefined;
  const weightGrams = wholeParam(searchParams.get(WEIGHT_PARAM));
  const subtotalCents = wholeParam(searchParams.get(SUBTOTAL_PARAM));
  const ready = enabled && cep !== undefined && weightGrams !== undefined;
  const query = useQuery(SHIPPING_SIMULATE_QUERY, {
    variables: {
      postalCode: cep ?? '',
      weightGrams: weightGrams ?? 0,
      subtotalCents: subtotalCents ?? null,
    },
    skip: !ready,
    fetchPolicy: 'network-only',
  });

  let state: SimulationState = { kind: 'idle' };
  if (ready) {
    if (query.loading) state = { kind: 'loading' };
    else if (query.error) {
      const read = readServerError(query.error);
      state = { kind: 'failed', field: read.field, message: read.message };
    } else if (query.data) state = { kind: 'ready', options: query.data.shippingSimulate };
  }

  const values: Partial<SimulationValues> = {
    ...(cep === undefined ? {} : { cep }),
    ...(weightGrams === undefined ? {} : { weightGrams }),
    ...(subtotalCents === undefined ? {} : { subtotalCents }),
  };

  function simulate(next: SimulationValues) {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set(CEP_PARAM, next.cep);
        params.set(WEIGHT_PARAM, String(next.weightGrams));
        if (next.subtotalCents === null) params.delete(SUBTOTAL_PARAM);
        else params.set(SUBTOTAL_PARAM, String(next.subtotalCents));
        return params;
      },
      { replace: true },
    );
    // The same simulation again (methods changed since): ask the server anew.
    if (
      next.cep === cep &&
      next.weightGrams === weightGrams &&
      (next.subtotalCents ?? undefined) === subtotalCents
    ) {
      void query.refetch();
    }
  }

  return { values, state, simulate, refetch: () => (ready ? query.refetch() : undefined) };
}
