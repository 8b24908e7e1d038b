// The checkout's CEP: the address look-up of each well-formed CEP typed (its answer names its CEP,
// so a late one never fills another), and the cart's CEP kept in step so shipping and totals are
// quoted for the form's.
import { useLazyQuery } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';

import { maskCep, onlyDigits } from '../../../forms/br';
import type { CheckoutInput } from './checkoutForm';
import { ADDRESS_BY_CEP_QUERY } from './CheckoutScreen.graphql';
import type { CepLookupState } from './CheckoutView';

export function useCheckoutCep({
  defaultValues,
  setPostalCode,
}: {
  /** The values the form opens with (the draft's, else the cart's CEP). */
  defaultValues: Partial<CheckoutInput>;
  /** The cart's CEP (masked), null to price without one. */
  setPostalCode: (postalCode: string | null) => void;
}) {
  const [lookupAddress] = useLazyQuery(ADDRESS_BY_CEP_QUERY, { fetchPolicy: 'cache-first' });
  const [cepLookup, setCepLookup] = useState<CepLookupState | null>(null);
  // The last well-formed CEP of the address form: shipping and totals are quoted for it.
  const latestCep = useRef<string | null>(null);
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

  return { cepLookup, latestCep, onPostalCodeChange };
}
