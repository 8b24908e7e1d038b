export { PasswordResetRequestScreen } from './PasswordResetRequestScreen';
export {
  PasswordResetRequestView,
  passwordResetRequestSchema,
  RESET_REQUEST_CONFIRMATION,
  RESET_REQUEST_UNAVAILABLE_MESSAGE,
  type PasswordResetRequestValues,
  type PasswordResetRequestViewProps,
} from './PasswordResetRequestView';
