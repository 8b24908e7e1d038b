// The store requires two-factor sign-in and this account has not enrolled: the shell keeps the
// person on Minha conta, with a banner saying why, until they do. The gate reads
// me.twoFactorSetupRequired, and reads it again whenever an operation the shell made was refused
// with TWO_FACTOR_SETUP_REQUIRED (the store turned the requirement on since the page opened).
import type { ApolloError } from '@apollo/client';
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useEffect } from 'react';

import { TWO_FACTOR_GATE_QUERY } from './AccountScreen.graphql';

export const TWO_FACTOR_SETUP_MESSAGE =
  'A loja exige verificação em duas etapas para toda a equipe. Ative-a abaixo para voltar a usar o painel: os outros menus ficam bloqueados até lá.';

export function isTwoFactorSetupRequiredError(error: ApolloError | undefined | null): boolean {
  return (
    error?.graphQLErrors?.some(
      (item) => item.extensions?.['code'] === 'TWO_FACTOR_SETUP_REQUIRED',
    ) ?? false
  );
}

/**
 * Whether the signed-in account must enrol before using anything else. `errors`: the results of
 * other operations (the shell's) whose refusal makes the gate ask again.
 */
export function useTwoFactorGate(
  errors: readonly (ApolloError | undefined | null)[] = [],
  { skip = false }: { skip?: boolean } = {},
): { required: boolean } {
  const gate = useQuery(TWO_FACTOR_GATE_QUERY, { errorPolicy: 'all', skip });
  const required = gate.data?.me?.twoFactorSetupRequired === true;
  const refused = errors.some(isTwoFactorSetupRequiredError);
  const { refetch } = gate;
  useEffect(() => {
    if (refused && !required && !skip) void refetch();
  }, [refused, required, skip, refetch]);
  return { required };
}

export function TwoFactorSetupBanner() {
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 3 }}>
      <AlertTitle>Ative a verificação em duas etapas para continuar</AlertTitle>
      {TWO_FACTOR_SETUP_MESSAGE}
    </Alert>
  );
}
