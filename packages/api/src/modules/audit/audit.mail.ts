// The mail outbox's resend (ADMIN), here rather than in the mail module: it writes the audit log,
// and the mail module depends on nothing.
import type { Database } from '../../db';
import { notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { findOutboxMail, outboxStatusOf, requeueOutboxMail } from '../mail/mail.repository';
import { MAX_DELIVERY_ATTEMPTS } from '../mail/mail.service';
import type { MailOutboxRow } from '../mail/mail.tables';
import { recordAudit, type AuditActor } from './audit';

/**
 * Queues a mail of the outbox for a new attempt (a FAILED one gets a fresh round of attempts, a
 * SENT one is sent again) and records mail.resend in the audit log, in one transaction. The
 * caller kicks the sender after it returns.
 */
export async function resendMail(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<MailOutboxRow> {
  if (!isUuid(id)) throw notFound('E-mail não encontrado.');
  return db.transaction(async (tx) => {
    const current = await findOutboxMail(tx, id);
    if (!current) throw notFound('E-mail não encontrado.');
    const before = outboxStatusOf(current);
    const row = (await requeueOutboxMail(tx, id, MAX_DELIVERY_ATTEMPTS))!;
    await recordAudit(tx, actor, {
      action: 'mail.resend',
      entity: 'MAIL',
      entityId: id,
      entityLabel: current.subject,
      summary: `E-mail reenviado: ${current.subject}${before === 'SENT' ? ' (já enviado antes)' : before === 'FAILED' ? ' (tinha falhado)' : ''}`,
      before: {
        status: before,
        attempts: current.attempts,
        sentAt: current.sentAt?.toISOString() ?? null,
        lastError: current.lastError,
      },
      after: { status: outboxStatusOf(row), maxAttempts: row.maxAttempts },
    });
    return row;
  });
}
