export { PasswordResetRequestScreen } from './PasswordResetRequestScreen';
export {
  PasswordResetRequestView,
  passwordResetRequestSchema,
  RESET_REQUEST_CONFIRMATION,
  type PasswordResetRequestValues,
  type PasswordResetRequestViewProps,
} from './PasswordResetRequestView';
