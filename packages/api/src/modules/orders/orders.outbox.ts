// Writes a mail to the outbox inside the caller's transaction: committed together with the change
// it announces (a mail failure never loses the change, a crash never loses the mail). The caller
// kicks the sender (`app.mail.kick()`) once the transaction has committed.
import type { Executor } from '../../db';
import { enqueueMail } from '../mail/mail.service';
import type { MailMessage } from './orders.mail';

export async function enqueueOutboxMail(tx: Executor, message: MailMessage): Promise<void> {
  await enqueueMail(tx, message);
}
