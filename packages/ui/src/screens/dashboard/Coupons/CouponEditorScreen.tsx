// The coupon editor with real data ('dashboard/cupons/novo' and 'dashboard/cupons/:id', ADMIN
// only): the :id page finds its coupon in `coupons`; couponCreate, couponUpdate (also to
// deactivate and reactivate) and couponDelete. After a create the page of the new coupon opens
// with the news; after a delete, the list. Leaving with unsaved changes asks first.
import { useMutation, useQuery } from '@apollo/client';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { useLeaveGuard } from '../../../components/dashboard/LeaveDialog';
import { inputFromCoupon } from './couponForm';
import { CouponEditorView, type CouponActionError } from './CouponEditorView';
import {
  COUPON_CREATE_MUTATION,
  COUPON_DELETE_MUTATION,
  COUPON_UPDATE_MUTATION,
  COUPONS_ME_QUERY,
  COUPONS_QUERY,
  type CouponInputValue,
  type CouponNode,
} from './CouponsScreen.graphql';
import { loadError, type CouponsLocationState } from './CouponsScreen';

export interface CouponEditorScreenProps {
  /** Now, for the status (stories and tests fix it). */
  now?: number;
}

function actionError(error: unknown): CouponActionError {
  const read = readServerError(error as Error);
  return { field: read.field, message: read.message };
}

export function CouponEditorScreen({ now }: CouponEditorScreenProps = {}) {
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useQuery(COUPONS_ME_QUERY);
  const role = me.data?.me.role ?? null;
  const list = useQuery(COUPONS_QUERY, {
    fetchPolicy: 'cache-and-network',
    skip: role !== 'ADMIN',
  });
  const [create] = useMutation(COUPON_CREATE_MUTATION, {
    refetchQueries: [{ query: COUPONS_QUERY }],
  });
  const [update] = useMutation(COUPON_UPDATE_MUTATION);
  const [remove] = useMutation(COUPON_DELETE_MUTATION);
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);

  const mode = id === undefined ? 'new' : 'edit';
  const coupon: CouponNode | null =
    id === undefined ? null : (list.data?.coupons.find((item) => item.id === id) ?? null);
  const notice = (location.state as CouponsLocationState | null)?.notice ?? null;
  const error = loadError(me.error ?? list.error, role);

  async function save(input: CouponInputValue) {
    try {
      if (id === undefined) {
        const result = await create({ variables: { input } });
        const created = result.data?.couponCreate;
        if (!created) throw new Error('no coupon');
        guard.release();
        void navigate(dashboardPaths.coupon(created.id), {
          replace: true,
          state: { notice: `Cupom ${created.code} criado.` } satisfies CouponsLocationState,
        });
        return created;
      }
      const result = await update({ variables: { id, input } });
      const saved = result.data?.couponUpdate;
      if (!saved) throw new Error('no coupon');
      // The cache keeps no type names, so it cannot merge the answer into the list: read it again.
      await list.refetch();
      return saved;
    } catch (cause) {
      throw actionError(cause);
    }
  }

  return (
    <CouponEditorView
      mode={mode}
      coupon={coupon}
      brands={list.data?.staffBrands ?? []}
      categories={list.data?.staffCategories ?? []}
      loading={me.loading || (list.loading && !list.data)}
      error={error}
      onRetry={() => void (me.error ? me.refetch() : list.refetch())}
      notFound={mode === 'edit' && list.data !== undefined && coupon === null}
      listHref={dashboardPaths.coupons}
      onSave={save}
      onSetActive={async (active) => {
        if (!coupon) throw { field: null, message: 'Cupom não encontrado.' };
        try {
          const result = await update({
            variables: { id: coupon.id, input: inputFromCoupon(coupon, active) },
          });
          const saved = result.data?.couponUpdate;
          if (!saved) throw new Error('no coupon');
          await list.refetch();
          return saved;
        } catch (cause) {
          throw actionError(cause);
        }
      }}
      onDelete={async () => {
        if (!coupon) return;
        try {
          await remove({ variables: { id: coupon.id } });
        } catch (cause) {
          throw actionError(cause);
        }
        guard.release();
        void navigate(dashboardPaths.coupons, {
          state: { notice: `Cupom ${coupon.code} excluído.` } satisfies CouponsLocationState,
        });
      }}
      notice={notice}
      onDirtyChange={onDirtyChange}
      leaveAsking={guard.asking}
      onLeave={guard.proceed}
      onStay={guard.stay}
      {...(now === undefined ? {} : { now })}
    />
  );
}
