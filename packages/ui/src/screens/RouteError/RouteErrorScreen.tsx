import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router-dom';

import { DASHBOARD_PATH, STOREFRONT_PATH } from '../paths';
import { RouteErrorView } from './RouteErrorView';

/**
 * The router's error boundary for the whole app: logs the failure and offers a fresh load (a
 * chunk that failed to load after a deploy is fetched anew) or the way home of the area.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);
  const inDashboard = pathname.startsWith(DASHBOARD_PATH);
  return (
    <RouteErrorView
      homePath={inDashboard ? DASHBOARD_PATH : STOREFRONT_PATH}
      homeLabel={inDashboard ? 'Voltar para o painel' : 'Voltar para a página inicial'}
      onRetry={() => window.location.reload()}
    />
  );
}
