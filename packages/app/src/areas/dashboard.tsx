// The dashboard area (its own chunk): sign-in, password reset and the staff shell.
export {
  DashboardLayout,
  DashboardLoginScreen as DashboardLogin,
  PasswordResetRequestScreen as PasswordResetRequest,
  PasswordResetConfirmScreen as PasswordResetConfirm,
  DashboardHomeScreen as DashboardHome,
} from '@vitrine/ui/dashboard';
