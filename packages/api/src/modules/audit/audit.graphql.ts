// GraphQL of the audit log and the mail outbox (schema.graphql, "Dashboard, team and store"):
// auditLog, mailOutbox and mailResend, all ADMIN only.
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { countHeldMails } from '../mail/mail.repository';
import { mailMessageResolvers, mailOutboxPage } from '../mail/mail.service';
import { auditActor } from './audit';
import { resendMail } from './audit.mail';
import { auditLogPage } from './audit.repository';
import { auditEntryResolvers, checkAuditFilter, checkAuditPage } from './audit.service';

export const resolvers: Resolvers = {
  Query: {
    async auditLog(_root, args, ctx) {
      requireStaff(ctx, ['ADMIN']);
      const filter = checkAuditFilter(args.filter);
      const page = checkAuditPage(args.first, args.offset);
      return auditLogPage(ctx.db, filter, page.first, page.offset);
    },
    async mailOutbox(_root, args, ctx) {
      requireStaff(ctx, ['ADMIN']);
      return mailOutboxPage(ctx.db, args);
    },
    async mailDelivery(_root, _args, ctx) {
      requireStaff(ctx, ['ADMIN']);
      return {
        configured: ctx.request.server.mail.configured,
        heldCount: await countHeldMails(ctx.db),
      };
    },
  },
  Mutation: {
    async mailResend(_root, args, ctx) {
      requireStaff(ctx, ['ADMIN']);
      const row = await resendMail(ctx.db, auditActor(ctx), args.id, {
        configured: ctx.request.server.mail.configured,
      });
      ctx.request.server.mail.kick();
      return row;
    },
  },
  AuditEntry: auditEntryResolvers,
  MailMessage: mailMessageResolvers,
};
