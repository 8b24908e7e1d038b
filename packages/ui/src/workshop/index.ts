export { WorkshopProviders, type WorkshopProvidersProps } from './WorkshopProviders';
export { WorkshopRoutes, type WorkshopRoutesProps } from './WorkshopRoutes';
export { clearSession, signInAsStaff } from './session';
export {
  findSmallTouchTargets,
  formatTouchTargetReport,
  type TouchTargetParameters,
} from './touchTarget';
