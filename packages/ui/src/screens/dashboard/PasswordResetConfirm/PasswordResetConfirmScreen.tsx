// Confirms the reset with the token from the e-mailed link (`?token=`).
import { isAuthError } from '@vitrine/auth';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAuth } from '../../../auth';
import {
  NETWORK_ERROR_MESSAGE,
  rateLimitedMessage,
  SERVER_ERROR_MESSAGE,
} from '../Login/loginErrorMessage';
import { useStoreName } from '../../shared/useStoreName';
import {
  PasswordResetConfirmView,
  type PasswordResetConfirmStatus,
  type PasswordResetConfirmValues,
} from './PasswordResetConfirmView';

export function PasswordResetConfirmScreen() {
  const auth = useAuth();
  const storeName = useStoreName();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [status, setStatus] = useState<PasswordResetConfirmStatus>(
    token === '' ? 'invalid_token' : 'form',
  );
  const [sending, setSending] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [invalidTokenMessage, setInvalidTokenMessage] = useState<string | null>(null);

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
