// Confirms the reset with the token from the e-mailed link (`?token=`). The link is checked as
// the page opens: a bad, used or expired one shows the way to a new link before anything is typed.
import { isAuthError } from '@vitrine/auth';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAuth } from '../../../auth';
import {
  NETWORK_ERROR_MESSAGE,
  rateLimitedMessage,
  SERVER_ERROR_MESSAGE,
} from '../Login/loginErrorMessage';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import {
  PasswordResetConfirmView,
  type PasswordResetConfirmStatus,
  type PasswordResetConfirmValues,
} from './PasswordResetConfirmView';

export function PasswordResetConfirmScreen() {
  const auth = useAuth();
  const storeName = useStoreName();
  // The same title as the server's head (packages/api seo.page.ts).
  useSeo({ title: 'Redefinir senha', siteName: storeName, noIndex: true });
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [status, setStatus] = useState<PasswordResetConfirmStatus>(
    token === '' ? 'invalid_token' : 'checking',
  );
  const [sending, setSending] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [invalidTokenMessage, setInvalidTokenMessage] = useState<string | null>(null);

  useEffect(() => {
    if (token === '') return;
    let live = true;
    auth.checkPasswordReset(token).then(
      () => live && setStatus('form'),
      (error: unknown) => {
        if (!live) return;
        if (isAuthError(error) && error.kind === 'validation') {
          setInvalidTokenMessage(error.fieldErrors?.['token']?.[0] ?? error.detail ?? null);
          setStatus('invalid_token');
        } else {
          // No answer, a server error or too many checks: the form, whose saving checks again.
          setStatus('form');
        }
      },
    );
    return () => {
      live = false;
    };
  }, [auth, token]);

  async function handleSubmit({ password }: PasswordResetConfirmValues) {
    setSending(true);
    setErrorMessage(null);
    setPasswordError(null);
    try {
      await auth.confirmPasswordReset({ token, password });
      setStatus('success');
    } catch (error) {
      if (!isAuthError(error)) {
        setErrorMessage(SERVER_ERROR_MESSAGE);
      } else if (error.kind === 'network') {
        setErrorMessage(NETWORK_ERROR_MESSAGE);
      } else if (error.kind === 'rate_limited') {
        setErrorMessage(rateLimitedMessage(error.retryAfterSeconds));
      } else if (error.kind === 'validation') {
        const fieldMessage = error.fieldErrors?.['password']?.[0];
        if (fieldMessage !== undefined) {
          setPasswordError(fieldMessage);
        } else {
          // A 400 that names no password problem is about the link: bad, used or expired.
          setInvalidTokenMessage(error.fieldErrors?.['token']?.[0] ?? error.detail ?? null);
          setStatus('invalid_token');
        }
      } else {
        setErrorMessage(SERVER_ERROR_MESSAGE);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <PasswordResetConfirmView
      onSubmit={handleSubmit}
      status={status}
      sending={sending}
      errorMessage={errorMessage}
      passwordError={passwordError}
      invalidTokenMessage={invalidTokenMessage}
      storeName={storeName}
    />
  );
}
