// The mails the SMTP stand-in (smtp-stand-in.mjs) received, as the journeys read them.
import { SMTP_STAND_IN_URL } from './env';

export interface Mail {
  subject: string;
  text: string;
}

/** The mails the SMTP stand-in received for `email`, oldest first. */
export async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${SMTP_STAND_IN_URL}/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as Mail[];
}
