// Requests the reset e-mail. Whatever the server answers, the person sees the same neutral
// confirmation (no account enumeration); only failures they can act on are shown.
import { isAuthError } from '@vitrine/auth';
import { useState } from 'react';

import { useAuth } from '../../auth';
import { NETWORK_ERROR_MESSAGE, rateLimitedMessage } from '../DashboardLogin/loginErrorMessage';
import { useStoreName } from '../shared/useStoreName';
import {
  PasswordResetRequestView,
  type PasswordResetRequestValues,
} from './PasswordResetRequestView';

export function PasswordResetRequestScreen() {
  const auth = useAuth();
  const storeName = useStoreName();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  async function handleSubmit({ email }: PasswordResetRequestValues) {
    setSending(true);
    setErrorMessage(null);
    try {
      await auth.requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      if (isAuthError(error) && error.kind === 'network') {
        setErrorMessage(NETWORK_ERROR_MESSAGE);
      } else if (isAuthError(error) && error.kind === 'rate_limited') {
        setErrorMessage(rateLimitedMessage(error.retryAfterSeconds));
      } else {
        setSent(true);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <PasswordResetRequestView
      onSubmit={handleSubmit}
      sending={sending}
      sent={sent}
      errorMessage={errorMessage}
      storeName={storeName}
    />
  );
}
