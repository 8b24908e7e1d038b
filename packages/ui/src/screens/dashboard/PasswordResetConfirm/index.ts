export { PasswordResetConfirmScreen } from './PasswordResetConfirmScreen';
export {
  PASSWORDS_DO_NOT_MATCH,
  PasswordResetConfirmView,
  passwordResetConfirmSchema,
  type PasswordResetConfirmStatus,
  type PasswordResetConfirmValues,
  type PasswordResetConfirmViewProps,
} from './PasswordResetConfirmView';
