export { DashboardLayout } from './DashboardLayout';
export { DashboardShellScreen, type DashboardShellScreenProps } from './DashboardShellScreen';
export {
  DashboardShellView,
  DRAWER_WIDTH,
  type DashboardShellViewProps,
  type ShellBrand,
  type ShellStaff,
} from './DashboardShellView';
export {
  isCurrentSection,
  navItemsFor,
  ROLE_LABELS,
  type DashboardNavItem,
  type StaffRole,
} from './navigation';
