// The mail outbox's resend (ADMIN), here rather than in the mail module: it writes the audit log,
// and the mail module depends on nothing.
import type { Database } from '../../db';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { maskPersonalText } from '../../lib/personal-data';
import {
  findOutboxMail,
  outboxStatusOf,
  requeueOutboxMail,
  type OutboxStatus,
} from '../mail/mail.repository';
import { MAX_DELIVERY_ATTEMPTS, ONE_TIME_TOKEN_MARK } from '../mail/mail.service';
import type { MailOutboxRow } from '../mail/mail.tables';
import { recordAudit, type AuditActor } from './audit';

const RESEND_NOTE: Record<OutboxStatus, string> = {
  SENT: ' (já enviado antes)',
  FAILED: ' (tinha falhado)',
  NOT_CONFIGURED: ' (estava retido: e-mail não configurado)',
  PENDING: '',
};

/**
 * Queues a mail of the outbox for a new attempt (a FAILED one gets a fresh round of attempts, a
 * SENT or held one is sent again; a one-time link gets a new token when it goes). Refused while no
 * mail server is configured: the mail would only be held again and records mail.resend in the audit log, in one transaction. The
 * caller kicks the sender after it returns.
 */
export async function resendMail(
  db: Database,
  actor: AuditActor,
  id: string,
  delivery: { configured: boolean },
): Promise<MailOutboxRow> {
  if (!isUuid(id)) throw notFound('E-mail não encontrado.');
  if (!delivery.configured) {
    throw badUserInput(
      'O envio de e-mails não está configurado (SMTP_URL): este e-mail ficaria retido de novo. Configure o servidor de e-mail e reenvie.',
      'id',
    );
  }
  return db.transaction(async (tx) => {
    const current = await findOutboxMail(tx, id);
    if (!current) throw notFound('E-mail não encontrado.');
    if (!current.linkKind && current.textBody.includes(ONE_TIME_TOKEN_MARK)) {
      throw badUserInput(
        'Este e-mail levava um link de uso único que foi retirado por segurança e não pode ser reenviado. Peça um novo link (redefinição de senha, convite ou aviso de estoque).',
        'id',
      );
    }
    const before = outboxStatusOf(current);
    const row = (await requeueOutboxMail(tx, id, MAX_DELIVERY_ATTEMPTS))!;
    await recordAudit(tx, actor, {
      action: 'mail.resend',
      entity: 'MAIL',
      entityId: id,
      entityLabel: current.subject,
      summary: `E-mail reenviado: ${current.subject}${RESEND_NOTE[before]}${current.linkKind ? ' — com um novo link de uso único' : ''}`,
      before: {
        status: before,
        attempts: current.attempts,
        sentAt: current.sentAt?.toISOString() ?? null,
        // The mail server's answer often names the recipient: masked (the log outlives an LGPD
        // anonymisation).
        lastError: current.lastError === null ? null : maskPersonalText(current.lastError),
      },
      after: { status: outboxStatusOf(row), maxAttempts: row.maxAttempts },
    });
    return row;
  });
}
