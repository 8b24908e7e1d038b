// The dashboard area (its own chunk): sign-in, password reset and the staff shell.
import { DashboardShellScreen, RequireStaffSession } from '@vitrine/ui/dashboard';

export {
  DashboardLoginScreen as DashboardLogin,
  PasswordResetRequestScreen as PasswordResetRequest,
  PasswordResetConfirmScreen as PasswordResetConfirm,
  DashboardHomeScreen as DashboardHome,
} from '@vitrine/ui/dashboard';

export function DashboardLayout() {
  return (
    <RequireStaffSession>
      <DashboardShellScreen />
    </RequireStaffSession>
  );
}
