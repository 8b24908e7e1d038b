export { DashboardLoginScreen } from './DashboardLoginScreen';
export {
  DashboardLoginView,
  dashboardLoginSchema,
  type DashboardLoginValues,
  type DashboardLoginViewProps,
} from './DashboardLoginView';
export {
  loginErrorMessage,
  NETWORK_ERROR_MESSAGE,
  rateLimitedMessage,
  SERVER_ERROR_MESSAGE,
} from './loginErrorMessage';
export {
  DashboardLoginCodeView,
  loginCodeProblem,
  normalizeLoginCode,
  type DashboardLoginCodeViewProps,
  type LoginCodeKind,
} from './DashboardLoginCodeView';
