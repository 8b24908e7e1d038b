// Requests the reset e-mail. Whatever the server answers about the address, the person sees the
// same neutral confirmation (no account enumeration). A request that did not get through (no
// connection, a server failure) is not "sent": it says so and offers to try again.
import { isAuthError } from '@vitrine/auth';
import { useState } from 'react';

import { useAuth } from '../../../auth';
import { rateLimitedMessage } from '../Login/loginErrorMessage';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import {
  PasswordResetRequestView,
  RESET_REQUEST_UNAVAILABLE_MESSAGE,
  type PasswordResetRequestValues,
} from './PasswordResetRequestView';

type RequestError = { message: string; retryable: boolean };

/**
 * null: show the neutral confirmation. Only a refusal about the address itself (400) gets it;
 * that is the answer that could otherwise tell whether an account exists.
 */
function requestError(error: unknown): RequestError | null {
  if (isAuthError(error)) {
    if (error.kind === 'validation') return null;
    if (error.kind === 'rate_limited') {
      return { message: rateLimitedMessage(error.retryAfterSeconds), retryable: false };
    }
  }
  // Network failures, 5xx and anything unexpected: the e-mail was not sent.
  return { message: RESET_REQUEST_UNAVAILABLE_MESSAGE, retryable: true };
}

export function PasswordResetRequestScreen() {
  const auth = useAuth();
  const storeName = useStoreName();
  // The same title as the server's head (packages/api seo.page.ts).
  useSeo({ title: 'Recuperar senha', siteName: storeName, noIndex: true });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<RequestError | null>(null);

  async function handleSubmit({ email }: PasswordResetRequestValues) {
    setSending(true);
    setError(null);
    try {
      await auth.requestPasswordReset(email);
      setSent(true);
    } catch (caught) {
      const failure = requestError(caught);
      if (failure === null) setSent(true);
      else setError(failure);
    } finally {
      setSending(false);
    }
  }

  return (
    <PasswordResetRequestView
      onSubmit={handleSubmit}
      sending={sending}
      sent={sent}
      errorMessage={error?.message ?? null}
      retryable={error?.retryable ?? false}
      storeName={storeName}
    />
  );
}
