// The dashboard login: signs in through the auth session, then goes to the dashboard. An account
// with two-factor sign-in gets a second step: the app's code (or a recovery code) is sent with the
// same e-mail and password.
import { isAuthError, isTwoFactorRequiredError } from '@vitrine/auth';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import { safeNextPath, useAuth, useAuthState } from '../../../auth';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { DashboardLoginCodeView } from './DashboardLoginCodeView';
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
  // The same title as the server's head (packages/api seo.page.ts).
  useSeo({ title: 'Entrar no painel', siteName: storeName, noIndex: true });
  const [sending, setSending] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** The e-mail and password the server accepted, while it asks for the second factor. */
  const [codeStep, setCodeStep] = useState<DashboardLoginValues | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  /** What the password form starts with after "Voltar" from the code step. */
  const [typed, setTyped] = useState<Partial<DashboardLoginValues> | undefined>(undefined);
  const next = safeNextPath(searchParams.get('next'));

  async function handleSubmit(values: DashboardLoginValues) {
    setSending(true);
    setErrorMessage(null);
    setFieldErrors({});
    try {
      await auth.login(values);
      void navigate(next, { replace: true });
    } catch (error) {
      setSending(false);
      if (isTwoFactorRequiredError(error)) {
        setCodeStep(values);
        setCodeError(null);
        return;
      }
      setErrorMessage(loginErrorMessage(error));
      setFieldErrors(pickFieldErrors(error));
    }
  }

  async function handleCode(otp: string) {
    if (codeStep === null) return;
    setSending(true);
    setErrorMessage(null);
    setCodeError(null);
    try {
      await auth.login({ ...codeStep, otp });
      void navigate(next, { replace: true });
    } catch (error) {
      setSending(false);
      if (isTwoFactorRequiredError(error)) {
        setCodeError(error.message);
        return;
      }
      setErrorMessage(loginErrorMessage(error));
    }
  }

  // Already signed in (a remembered session): nothing to do here.
  if (authenticated && !sending) return <Navigate to={next} replace />;

  if (codeStep !== null) {
    return (
      <DashboardLoginCodeView
        email={codeStep.email}
        onSubmit={handleCode}
        onBack={() => {
          setTyped({ email: codeStep.email, remember: codeStep.remember });
          setCodeStep(null);
          setErrorMessage(null);
          setCodeError(null);
        }}
        sending={sending}
        codeError={codeError}
        errorMessage={errorMessage}
        storeName={storeName}
      />
    );
  }

  return (
    <DashboardLoginView
      onSubmit={handleSubmit}
      sending={sending}
      errorMessage={errorMessage}
      fieldErrors={fieldErrors}
      storeName={storeName}
      {...(typed === undefined ? {} : { defaultValues: typed })}
    />
  );
}
