// The mail outbox with real data: its filters in the URL, a page of `mailOutbox` (ADMIN), reading
// a message, and `mailResend` after a confirmation.
import { useMutation, useQuery } from '@apollo/client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { readServerError } from '../../shared/graphqlErrors';
import type { ListError } from '../../../components/dashboard/ListStates';
import { useMailDelivery } from '../shared';
import {
  DASHBOARD_MAIL_OUTBOX_QUERY,
  MAIL_RESEND_MUTATION,
  type MailMessageNode,
} from './MailScreen.graphql';
import { DASHBOARD_MAIL_DELIVERY_QUERY } from '../shared/mailDelivery.graphql';
import { mailParams, mailVariables, parseMailParams, type MailListState } from './mailUrlState';
import { MailView } from './MailView';

export function MailScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseMailParams(searchParams), [searchParams]);
  const setState = useCallback(
    (next: MailListState) => setSearchParams(mailParams(next)),
    [setSearchParams],
  );
  const { data, previousData, loading, error, refetch } = useQuery(DASHBOARD_MAIL_OUTBOX_QUERY, {
    variables: mailVariables(state),
    notifyOnNetworkStatusChange: true,
  });
  // The cache keeps no type names (SPEC): the page is asked again to show the new status.
  const [resendMail, resending] = useMutation(MAIL_RESEND_MUTATION, {
    refetchQueries: [DASHBOARD_MAIL_OUTBOX_QUERY, DASHBOARD_MAIL_DELIVERY_QUERY],
    awaitRefetchQueries: true,
  });
  const current = data ?? previousData;
  // Only an ADMIN reads the outbox: a refused page means another role, which asks nothing more.
  const delivery = useMailDelivery(!(error && !current));
  const messages = current?.mailOutbox.nodes ?? [];

  const [openId, setOpenId] = useState<string | null>(null);
  const [resendTarget, setResendTarget] = useState<MailMessageNode | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function handleResend() {
    if (!resendTarget) return;
    setResendError(null);
    try {
      const result = await resendMail({ variables: { id: resendTarget.id } });
      const sent = result.data?.mailResend;
      setResendTarget(null);
      setNotice(`“${sent?.subject ?? resendTarget.subject}” voltou para a fila de envio.`);
    } catch (cause) {
      setResendError(readServerError(cause as Error).message);
    }
  }

  let viewError: ListError | null = null;
  if (error && !current) {
    const read = readServerError(error);
    viewError =
      read.code === 'FORBIDDEN'
        ? { kind: 'forbidden', message: 'Só administradores veem os e-mails da loja.' }
        : { kind: 'failed', message: read.message };
  }

  return (
    <MailView
      state={state}
      onStateChange={setState}
      messages={messages}
      totalCount={current?.mailOutbox.totalCount ?? 0}
      loading={loading}
      error={viewError}
      onRetry={() => void refetch()}
      openMessage={messages.find((message) => message.id === openId) ?? null}
      onOpen={(message) => setOpenId(message.id)}
      onCloseMessage={() => setOpenId(null)}
      onAskResend={(message) => {
        setResendError(null);
        setNotice(null);
        setOpenId(null);
        setResendTarget(message);
      }}
      notice={notice}
      delivery={delivery}
      resend={{
        message: resendTarget,
        submitting: resending.loading,
        error: resendError,
        onConfirm: () => void handleResend(),
        onClose: () => setResendTarget(null),
      }}
    />
  );
}
