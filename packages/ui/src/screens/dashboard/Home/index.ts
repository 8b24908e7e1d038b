export { DashboardHomeScreen, EXPIRING_SOON_MS } from './DashboardHomeScreen';
export {
  DashboardHomeView,
  type DashboardHomeViewProps,
  type HomeStats,
} from './DashboardHomeView';
export type { HomeTodo, TodoGroup, TodoOrder } from './HomeLists';
export { kpisOf, percentChange, type KpiKey, type PeriodFigures } from './homeFigures';
