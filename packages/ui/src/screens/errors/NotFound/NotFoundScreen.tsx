import { useLocation } from 'react-router-dom';

import { DASHBOARD_PATH, STOREFRONT_PATH } from '../../../routes/paths';
import { NotFoundView } from './NotFoundView';

/** The 404 page of either area; its link leads home within the area the person is in. */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  const inDashboard = pathname.startsWith(DASHBOARD_PATH);
  return inDashboard ? (
    <NotFoundView homePath={DASHBOARD_PATH} homeLabel="Voltar para o painel" />
  ) : (
    <NotFoundView homePath={STOREFRONT_PATH} homeLabel="Voltar para a página inicial" />
  );
}
