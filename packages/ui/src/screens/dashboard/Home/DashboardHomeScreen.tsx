import { useQuery } from '@apollo/client';

import { DASHBOARD_HOME_QUERY } from './DashboardHomeScreen.graphql';
import { DashboardHomeView } from './DashboardHomeView';

export function DashboardHomeScreen() {
  const { data, loading } = useQuery(DASHBOARD_HOME_QUERY, { errorPolicy: 'all' });
  return <DashboardHomeView staffName={data?.me?.name ?? null} loading={loading} />;
}
