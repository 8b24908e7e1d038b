// The home with real data: the period in the URL (?periodo= or ?de=&ate=), the brand scope
// (?marca=), the figures and the "A fazer" list; refreshed live when an order is placed or paid.
import { useQuery } from '@apollo/client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useOrderEvents } from '../../../live';
import { useMailDelivery } from '../shared';
import { useBrandScope } from '../shared/brandScope';
import {
  parsePeriodParam,
  periodRange,
  todayInSaoPaulo,
  withPeriodParam,
  type Period,
} from '../shared/period';
import { DASHBOARD_HOME_QUERY, DASHBOARD_TODO_QUERY } from './DashboardHomeScreen.graphql';
import { DashboardHomeView } from './DashboardHomeView';

/** Unpaid orders whose hold ends within this window are "about to expire". */
export const EXPIRING_SOON_MS = 2 * 60 * 60 * 1000;

export const HOME_ERROR_MESSAGE = 'Não foi possível carregar os números. Tente de novo.';
export const TODO_ERROR_MESSAGE = 'Não foi possível carregar a lista de tarefas.';

export function DashboardHomeScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { brandId } = useBrandScope();
  const [now, setNow] = useState(() => Date.now());
  const period = parsePeriodParam(searchParams);
  const clock = useMemo(() => new Date(now), [now]);
  const today = todayInSaoPaulo(clock);
  const range = periodRange(period, clock);
  const [notice, setNotice] = useState<string | null>(null);

  const home = useQuery(DASHBOARD_HOME_QUERY, {
    variables: { range, brandId },
    notifyOnNetworkStatusChange: true,
  });
  const expiresBefore = useMemo(() => new Date(now + EXPIRING_SOON_MS).toISOString(), [now]);
  const todo = useQuery(DASHBOARD_TODO_QUERY, {
    variables: { brandId, expiresBefore },
    errorPolicy: 'all',
  });

  const role = home.data?.me.role;
  const mailDelivery = useMailDelivery(role === 'ADMIN');
  const changePeriod = useCallback(
    (next: Period) =>
      setSearchParams((current) => withPeriodParam(current, next), { replace: true }),
    [setSearchParams],
  );

  const refresh = useCallback(() => {
    setNow(Date.now());
    void home.refetch();
    void todo.refetch();
  }, [home, todo]);

  // Live: a new or newly paid order refreshes the figures and the list, with a discreet notice.
  useOrderEvents(
    (event) => {
      if (event.type === 'changed') return;
      refresh();
      setNotice(
        event.type === 'placed'
          ? `Novo pedido ${event.number}`
          : `Pagamento confirmado: ${event.number}`,
      );
    },
    { onResync: refresh },
  );

  const stats = home.data?.dashboardStats ?? null;
  const todoData = todo.data;
  return (
    <DashboardHomeView
      staffName={home.data?.me.name ?? null}
      period={period}
      range={range}
      today={today}
      onPeriodChange={changePeriod}
      stats={stats}
      loading={home.loading}
      error={home.error ? HOME_ERROR_MESSAGE : null}
      onRetry={refresh}
      todo={
        todoData?.toShip && todoData.expiringSoon
          ? {
              // Confirming Pix payments is the store's money: ADMIN only.
              pixToConfirm: role === 'ADMIN' ? (todoData.pixToConfirm ?? null) : null,
              toShip: todoData.toShip,
              expiringSoon: todoData.expiringSoon,
            }
          : null
      }
      todoLoading={todo.loading}
      todoError={todo.error && !todoData?.toShip ? TODO_ERROR_MESSAGE : null}
      onRetryTodo={refresh}
      brandId={brandId}
      now={now}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
      mailDelivery={mailDelivery}
    />
  );
}
