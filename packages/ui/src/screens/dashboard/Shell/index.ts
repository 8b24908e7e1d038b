export { DashboardLayout } from './DashboardLayout';
export { DashboardShellScreen, type DashboardShellScreenProps } from './DashboardShellScreen';
export {
  DASHBOARD_NAV_ITEMS,
  DashboardShellView,
  type DashboardNavItem,
  type DashboardShellViewProps,
  type ShellStaff,
  type StaffRole,
} from './DashboardShellView';
