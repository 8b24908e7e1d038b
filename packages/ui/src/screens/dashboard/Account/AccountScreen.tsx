// Minha conta with real data ('dashboard/minha-conta', every role): `me`, myProfileUpdate,
// myPasswordChange (its new token pair is adopted as this session's: the others end) and the
// two-factor mutations. After the enrolment the shell's gate and `me` are read again.
import type { ApolloError } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client';

import { useAuth } from '../../../auth';
import { readServerError } from '../../shared/graphqlErrors';
import {
  MY_ACCOUNT_QUERY,
  MY_PASSWORD_CHANGE_MUTATION,
  MY_PROFILE_UPDATE_MUTATION,
  TWO_FACTOR_DISABLE_MUTATION,
  TWO_FACTOR_ENROL_CONFIRM_MUTATION,
  TWO_FACTOR_ENROL_START_MUTATION,
  TWO_FACTOR_GATE_QUERY,
  TWO_FACTOR_RECOVERY_CODES_REGENERATE_MUTATION,
} from './AccountScreen.graphql';
import { AccountView } from './AccountView';
import type { AccountActionError } from './TwoFactorDialogs';

export const ACCOUNT_LOAD_ERROR = 'Não foi possível carregar sua conta.';

/** The server's refusal as the view shows it: at its field, or above the form. */
function actionError(error: unknown): AccountActionError {
  const read = readServerError(error as ApolloError);
  return { field: read.field, message: read.message };
}

async function orFieldError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw actionError(error);
  }
}

export function AccountScreen() {
  const auth = useAuth();
  const account = useQuery(MY_ACCOUNT_QUERY, { fetchPolicy: 'cache-and-network' });
  const [updateProfile] = useMutation(MY_PROFILE_UPDATE_MUTATION);
  const [changePassword] = useMutation(MY_PASSWORD_CHANGE_MUTATION);
  const [enrolStart] = useMutation(TWO_FACTOR_ENROL_START_MUTATION);
  const [enrolConfirm] = useMutation(TWO_FACTOR_ENROL_CONFIRM_MUTATION);
  const [disable] = useMutation(TWO_FACTOR_DISABLE_MUTATION);
  const [regenerate] = useMutation(TWO_FACTOR_RECOVERY_CODES_REGENERATE_MUTATION);

  return (
    <AccountView
      account={account.data?.me ?? null}
      loading={account.loading}
      error={account.error ? ACCOUNT_LOAD_ERROR : null}
      onRetry={() => void account.refetch()}
      onSaveProfile={(name) =>
        orFieldError(async () => {
          await updateProfile({ variables: { name } });
          // The name in the shell's account menu too.
          await account.client.refetchQueries({ include: [MY_ACCOUNT_QUERY, 'DashboardShell'] });
        })
      }
      onChangePassword={(values) =>
        orFieldError(async () => {
          const result = await changePassword({ variables: values });
          const tokens = result.data?.myPasswordChange;
          if (!tokens) throw new Error('myPasswordChange answered no tokens');
          // The server ended every other session; this one goes on with the new pair.
          auth.adoptSession(tokens);
        })
      }
      onEnrolStart={() =>
        orFieldError(async () => {
          const result = await enrolStart();
          if (!result.data) throw new Error('twoFactorEnrolStart answered nothing');
          return result.data.twoFactorEnrolStart;
        })
      }
      onEnrolConfirm={(code) =>
        orFieldError(async () => {
          const result = await enrolConfirm({ variables: { code } });
          if (!result.data) throw new Error('twoFactorEnrolConfirm answered nothing');
          return result.data.twoFactorEnrolConfirm;
        })
      }
      onEnrolDone={() => {
        void account.refetch();
        void account.client.refetchQueries({ include: [TWO_FACTOR_GATE_QUERY] });
      }}
      onDisable={(code) =>
        orFieldError(async () => {
          await disable({ variables: { code } });
          // The client keeps no type names, so answers are not merged by id: read `me` again.
          await account.refetch();
        })
      }
      onRegenerate={(code) =>
        orFieldError(async () => {
          const result = await regenerate({ variables: { code } });
          if (!result.data) throw new Error('twoFactorRecoveryCodesRegenerate answered nothing');
          return result.data.twoFactorRecoveryCodesRegenerate;
        })
      }
    />
  );
}
