export { DashboardHomeScreen } from './DashboardHomeScreen';
export { DashboardHomeView, type DashboardHomeViewProps } from './DashboardHomeView';
