// The coupons list with real data ('dashboard/cupons', ADMIN only): `coupons` with the brands and
// categories that name their scope. The API answers every coupon: the search, the status filter
// and the order are applied here, from the URL (?busca=, ?situacao=, ?ordem=).
import { useQuery } from '@apollo/client';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import type { ListError } from '../../../components/dashboard/ListStates';
import { readCouponsState, writeCouponsState } from './couponFormat';
import { COUPONS_ME_QUERY, COUPONS_QUERY } from './CouponsScreen.graphql';
import { COUPONS_FORBIDDEN, CouponsView } from './CouponsView';

export interface CouponsScreenProps {
  /** Now, for the statuses (stories and tests fix it). */
  now?: number;
}

/** What a page navigating here may leave in the location's state. */
export interface CouponsLocationState {
  notice?: string;
}

export function loadError(error: Error | undefined, role: string | null): ListError | null {
  if (role !== null && role !== 'ADMIN') return { kind: 'forbidden', message: COUPONS_FORBIDDEN };
  if (!error) return null;
  const read = readServerError(error);
  if (read.code === 'FORBIDDEN') return { kind: 'forbidden', message: COUPONS_FORBIDDEN };
  return { kind: 'failed', message: read.message };
}

export function CouponsScreen({ now }: CouponsScreenProps = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useQuery(COUPONS_ME_QUERY);
  const role = me.data?.me.role ?? null;
  const list = useQuery(COUPONS_QUERY, {
    fetchPolicy: 'cache-and-network',
    skip: role !== 'ADMIN',
  });
  const notice = (location.state as CouponsLocationState | null)?.notice ?? null;

  return (
    <CouponsView
      state={readCouponsState(searchParams)}
      onStateChange={(next) =>
        setSearchParams(
          (previous) => {
            const params = new URLSearchParams(previous);
            writeCouponsState(next, params);
            return params;
          },
          { replace: true },
        )
      }
      coupons={list.data?.coupons ?? null}
      brands={list.data?.staffBrands ?? []}
      categories={list.data?.staffCategories ?? []}
      loading={me.loading || list.loading}
      error={loadError(me.error ?? list.error, role)}
      onRetry={() => void (me.error ? me.refetch() : list.refetch())}
      couponHref={(id) => dashboardPaths.coupon(id)}
      createHref={dashboardPaths.couponNew}
      notice={notice}
      onNoticeClose={() =>
        void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
      }
      {...(now === undefined ? {} : { now })}
    />
  );
}
