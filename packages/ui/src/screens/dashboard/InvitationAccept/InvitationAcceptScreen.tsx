// Accepts a staff invitation with the token of the e-mailed link (`?token=`): the link is checked
// as the page opens (a bad, used or expired one says so before anything is typed), the password
// is sent to POST /auth/invitation/accept/, and the session it answers is adopted: the new member
// lands in the dashboard, signed in.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { useAuth } from '../../../auth';
import { DASHBOARD_PATH } from '../../../routes/paths';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import {
  acceptInvitation,
  checkInvitation,
  InvitationError,
  type InvitationDetails,
} from './invitationApi';
import {
  InvitationAcceptView,
  type InvitationAcceptStatus,
  type InvitationAcceptValues,
} from './InvitationAcceptView';

export function InvitationAcceptScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const storeName = useStoreName();
  // The same title as the server's head (packages/api seo.page.ts).
  useSeo({ title: 'Convite para a equipe', siteName: storeName, noIndex: true });
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [status, setStatus] = useState<InvitationAcceptStatus>(
    token === '' ? 'invalid_token' : 'checking',
  );
  const [invitation, setInvitation] = useState<InvitationDetails | null>(null);
  const [sending, setSending] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [invalidTokenMessage, setInvalidTokenMessage] = useState<string | null>(null);

  useEffect(() => {
    if (token === '') return;
    let live = true;
    checkInvitation(auth, token).then(
      (details) => {
        if (!live) return;
        setInvitation(details);
        setStatus('form');
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof InvitationError && error.kind === 'invalid') {
          setInvalidTokenMessage(error.message);
          setStatus('invalid_token');
        } else {
          // No answer or a server error: the form, whose sending checks the link again.
          setStatus('form');
        }
      },
    );
    return () => {
      live = false;
    };
  }, [auth, token]);

  async function handleSubmit({ password }: InvitationAcceptValues) {
    setSending(true);
    setErrorMessage(null);
    setPasswordError(null);
    try {
      const tokens = await acceptInvitation(auth, token, password);
      auth.adoptSession(tokens, { remember: false });
      void navigate(DASHBOARD_PATH, { replace: true });
    } catch (error) {
      setSending(false);
      if (!(error instanceof InvitationError)) {
        setErrorMessage(error instanceof Error ? error.message : String(error));
      } else if (error.kind === 'password') {
        setPasswordError(error.message);
      } else if (error.kind === 'invalid') {
        setInvalidTokenMessage(error.message);
        setStatus('invalid_token');
      } else {
        setErrorMessage(error.message);
      }
    }
  }

  return (
    <InvitationAcceptView
      onSubmit={handleSubmit}
      status={status}
      invitation={invitation}
      sending={sending}
      errorMessage={errorMessage}
      passwordError={passwordError}
      invalidTokenMessage={invalidTokenMessage}
      storeName={storeName}
    />
  );
}
