export { WorkshopProviders, type WorkshopProvidersProps } from './WorkshopProviders';
export { WorkshopRoutes } from './WorkshopRoutes';
export { clearSession, signInAsStaff } from './session';
