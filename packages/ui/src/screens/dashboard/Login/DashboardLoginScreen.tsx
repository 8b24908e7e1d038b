// The dashboard login: signs in through the auth session, then goes to the dashboard.
import { isAuthError } from '@vitrine/auth';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import { safeNextPath, useAuth, useAuthState } from '../../../auth';
import { useStoreName } from '../../shared/useStoreName';
import { DashboardLoginView, type DashboardLoginValues } from './DashboardLoginView';
import { loginErrorMessage } from './loginErrorMessage';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

function pickFieldErrors(error: unknown): FieldErrors {
  if (!isAuthError(error) || error.fieldErrors === undefined) return {};
  const result: FieldErrors = {};
  const { email, password } = error.fieldErrors;
  if (email?.[0]) result.email = email[0];
  if (password?.[0]) result.password = password[0];
  return result;
}

export function DashboardLoginScreen() {
  const auth = useAuth();
  const { authenticated } = useAuthState();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const storeName = useStoreName();
  const [sending, setSending] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const next = safeNextPath(searchParams.get('next'));

  async function handleSubmit(values: DashboardLoginValues) {
    setSending(true);
    setErrorMessage(null);
    setFieldErrors({});
    try {
      await auth.login(values);
      void navigate(next, { replace: true });
    } catch (error) {
      setErrorMessage(loginErrorMessage(error));
      setFieldErrors(pickFieldErrors(error));
      setSending(false);
    }
  }

  // Already signed in (a remembered session): nothing to do here.
  if (authenticated && !sending) return <Navigate to={next} replace />;

  return (
    <DashboardLoginView
      onSubmit={handleSubmit}
      sending={sending}
      errorMessage={errorMessage}
      fieldErrors={fieldErrors}
      storeName={storeName}
    />
  );
}
