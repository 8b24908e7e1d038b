// What every dashboard screen shares: the page frame, the brand scope, the São Paulo periods.
export {
  DashboardPage,
  useDashboardTitle,
  type DashboardBreadcrumb,
  type DashboardPageProps,
} from './DashboardPage';
export { useBrandScope, withBrandScope, type BrandScope } from './brandScope';
export * from './period';
export * from './categoryTree';
export {
  MailDeliveryAlert,
  useMailDelivery,
  type MailDeliveryAlertProps,
} from './MailDeliveryAlert';
export type { MailDelivery } from './mailDelivery.graphql';
