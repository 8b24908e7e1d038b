// Every screen on the path packages/app mounts it on, for screen stories and flow tests: a
// story starts at a route and follows navigations (login -> dashboard, logout -> login).
import { Route, Routes } from 'react-router-dom';

import { RequireStaffSession } from '../auth';
import { DashboardHomeScreen } from '../screens/DashboardHome';
import { DashboardLoginScreen } from '../screens/DashboardLogin';
import { DashboardShellScreen } from '../screens/DashboardShell';
import { NotFoundScreen } from '../screens/NotFound';
import { PasswordResetConfirmScreen } from '../screens/PasswordResetConfirm';
import { PasswordResetRequestScreen } from '../screens/PasswordResetRequest';
import { StorefrontHomeScreen } from '../screens/StorefrontHome';
import { StorefrontShellScreen } from '../screens/StorefrontShell';

export function WorkshopRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/login" element={<DashboardLoginScreen />} />
      <Route path="/senha/recuperar" element={<PasswordResetRequestScreen />} />
      <Route path="/senha/redefinir" element={<PasswordResetConfirmScreen />} />
      <Route
        path="/dashboard"
        element={
          <RequireStaffSession>
            <DashboardShellScreen />
          </RequireStaffSession>
        }
      >
        <Route index element={<DashboardHomeScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
      <Route path="/" element={<StorefrontShellScreen />}>
        <Route index element={<StorefrontHomeScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
