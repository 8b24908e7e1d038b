// The team page with real data ('dashboard/equipe', ADMIN only): staffMembers and staffBrands,
// staffInvite, staffInvitationResend, staffUpdateAccess and staffSetActive. The search, the
// status filter and the open invite dialog live in the URL (?busca=, ?situacao=, ?convidar=1).
import { useMutation, useQuery } from '@apollo/client';
import { useSearchParams } from 'react-router-dom';

import { readServerError } from '../../shared/graphqlErrors';
import type { TeamActionError } from './TeamDialogs';
import { parseStatusFilter } from './teamFormat';
import {
  STAFF_INVITATION_RESEND_MUTATION,
  STAFF_INVITE_MUTATION,
  STAFF_SET_ACTIVE_MUTATION,
  STAFF_UPDATE_ACCESS_MUTATION,
  TEAM_ME_QUERY,
  TEAM_MEMBERS_QUERY,
} from './TeamScreen.graphql';
import { TeamView, type TeamFilters } from './TeamView';

export const TEAM_ERROR = 'Não foi possível carregar a equipe.';
const SEARCH_PARAM = 'busca';
const STATUS_PARAM = 'situacao';
const INVITE_PARAM = 'convidar';

function actionError(error: unknown): TeamActionError {
  const read = readServerError(error as Error);
  return { field: read.field, message: read.message };
}

export interface TeamScreenProps {
  /** Now, for relative times (stories fix it). */
  now?: number;
}

export function TeamScreen({ now }: TeamScreenProps = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useQuery(TEAM_ME_QUERY);
  const role = me.data?.me.role ?? null;
  const list = useQuery(TEAM_MEMBERS_QUERY, {
    fetchPolicy: 'cache-and-network',
    skip: role !== 'ADMIN',
  });
  const [invite] = useMutation(STAFF_INVITE_MUTATION);
  const [resend] = useMutation(STAFF_INVITATION_RESEND_MUTATION);
  const [updateAccess] = useMutation(STAFF_UPDATE_ACCESS_MUTATION);
  const [setActive] = useMutation(STAFF_SET_ACTIVE_MUTATION);

  const filters: TeamFilters = {
    search: searchParams.get(SEARCH_PARAM) ?? '',
    status: parseStatusFilter(searchParams.get(STATUS_PARAM)),
  };

  function updateParams(change: (next: URLSearchParams) => void) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace: true },
    );
  }

  async function attempt(task: () => Promise<unknown>) {
    try {
      await task();
    } catch (error) {
      throw actionError(error);
    }
    await list.refetch();
  }

  const loadError = me.error ?? list.error;
  return (
    <TeamView
      meId={me.data?.me.id ?? null}
      members={list.data?.staffMembers ?? null}
      brands={list.data?.staffBrands ?? []}
      loading={me.loading || list.loading}
      error={loadError ? TEAM_ERROR : null}
      onRetry={() => void (me.error ? me.refetch() : list.refetch())}
      forbidden={role !== null && role !== 'ADMIN'}
      filters={filters}
      onFiltersChange={({ search, status }) =>
        updateParams((next) => {
          if (search === '') next.delete(SEARCH_PARAM);
          else next.set(SEARCH_PARAM, search);
          if (status === null) next.delete(STATUS_PARAM);
          else next.set(STATUS_PARAM, status);
        })
      }
      inviting={searchParams.get(INVITE_PARAM) === '1'}
      onInvitingChange={(open) =>
        updateParams((next) => {
          if (open) next.set(INVITE_PARAM, '1');
          else next.delete(INVITE_PARAM);
        })
      }
      onInvite={(values) =>
        attempt(() =>
          invite({
            variables: {
              input: {
                email: values.email,
                name: values.name,
                role: values.role,
                brandIds: values.role === 'BRAND_MANAGER' ? values.brandIds : null,
              },
            },
          }),
        )
      }
      onUpdateAccess={(member, values) =>
        attempt(() =>
          updateAccess({
            variables: {
              id: member.id,
              input: {
                role: values.role,
                brandIds: values.role === 'BRAND_MANAGER' ? values.brandIds : null,
              },
            },
          }),
        )
      }
      onResendInvitation={(member) => attempt(() => resend({ variables: { id: member.id } }))}
      onSetActive={(member, active) =>
        attempt(() => setActive({ variables: { id: member.id, active } }))
      }
      {...(now === undefined ? {} : { now })}
    />
  );
}
