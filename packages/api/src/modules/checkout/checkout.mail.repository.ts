// The outbox insert of the "order received" e-mail (checkout.mail.ts), in the caller's transaction.
import type { Executor } from '../../db';
import { mailOutbox } from '../mail/mail.tables';

export async function insertOrderMail(
  tx: Executor,
  mail: { to: string; subject: string; text: string; html: string },
): Promise<void> {
  await tx.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}
