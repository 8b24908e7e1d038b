// The mail outbox with real data: its filters in the URL, a page of `mailOutbox` (ADMIN), reading
// a message, and `mailResend` after a confirmation.
import { useMutation } from '@apollo/client';
import { useState } from 'react';

import type { DashboardMailOutboxQuery } from '../../../graphql/generated';
import { readServerError } from '../../shared/graphqlErrors';
import { useMailDelivery } from '../shared';
import { useListUrlState, useServerList } from '../shared/list';
import {
  DASHBOARD_MAIL_OUTBOX_QUERY,
  MAIL_RESEND_MUTATION,
  type MailMessageNode,
} from './MailScreen.graphql';
import { DASHBOARD_MAIL_DELIVERY_QUERY } from '../shared/mailDelivery.graphql';
import { mailCodec, mailVariables } from './mailUrlState';
import { MailView } from './MailView';

const outboxPage = (data: DashboardMailOutboxQuery) => data.mailOutbox;

export function MailScreen() {
  const [state, setState] = useListUrlState(mailCodec);
  const list = useServerList(DASHBOARD_MAIL_OUTBOX_QUERY, mailVariables(state), {
    page: outboxPage,
    forbiddenMessage: 'Só administradores veem os e-mails da loja.',
  });
  // The cache keeps no type names (SPEC): the page is asked again to show the new status.
  const [resendMail, resending] = useMutation(MAIL_RESEND_MUTATION, {
    refetchQueries: [DASHBOARD_MAIL_OUTBOX_QUERY, DASHBOARD_MAIL_DELIVERY_QUERY],
    awaitRefetchQueries: true,
  });
  // Only an ADMIN reads the outbox: a refused page means another role, which asks nothing more.
  const delivery = useMailDelivery(list.error === null);
  const messages = list.rows;

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

  return (
    <MailView
      state={state}
      onStateChange={setState}
      messages={messages}
      totalCount={list.totalCount}
      loading={list.loading}
      error={list.error}
      onRetry={list.retry}
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
