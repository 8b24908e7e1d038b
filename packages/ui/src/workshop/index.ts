export { WorkshopProviders, type WorkshopProvidersProps } from './WorkshopProviders';
export { WorkshopRoutes, type WorkshopRoutesProps } from './WorkshopRoutes';
export { clearSession, signInAsStaff } from './session';
export {
  findSmallTouchTargets,
  formatTouchTargetReport,
  type TouchTargetParameters,
} from './touchTarget';
export {
  STORE_THEME_VALUE,
  WORKSHOP_BRANDS,
  workshopBrandColor,
  type WorkshopBrand,
} from './brands';
export { WORKSHOP_VIEWPORTS, workshopViewportSizes, type WorkshopViewport } from './viewports';
export {
  registerStoryHandlers,
  SETUP_TURN_LIMIT_MS,
  STORY_REQUEST_HEADER,
  storyHandlersOf,
  storyRequestDispatcher,
  takeSetupTurn,
  type SetupTurn,
} from './storyIsolation';
