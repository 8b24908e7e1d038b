// The dashboard area's layout route: the staff shell behind the session guard.
import { RequireStaffSession } from '../../../auth';
import { DashboardShellScreen } from './DashboardShellScreen';

export function DashboardLayout() {
  return (
    <RequireStaffSession>
      <DashboardShellScreen />
    </RequireStaffSession>
  );
}
