// The issuers of the one-time links that mails carry (mail.service's LinkIssuers): the outbox
// draws a link's token only when it sends the mail, through the module that owns the link.
import { issueResetLinkToken } from '../modules/auth/auth.service';
import type { LinkIssuers } from '../modules/mail/mail.service';
import { issueRestockLinkToken } from '../modules/restock/restock.service';
import { issueInvitationLinkToken } from '../modules/team/team.service';

export const MAIL_LINK_ISSUERS: LinkIssuers = {
  password_reset: issueResetLinkToken,
  staff_invitation: issueInvitationLinkToken,
  restock_confirmation: issueRestockLinkToken,
};
