// The staff domain's audit log and mail outbox resolvers (Auditoria, E-mails), answering as the
// server does: ADMIN only, newest first, the filters' validation in Portuguese with the field.
// Their data hangs on the mock world's staff member (fresh on each reset); a story or test gives
// its own with `staffMock.answers(withAuditFixtures({ auditEntries: [] }))`.
import { checkAuditFilter, checkAuditPage, checkMailOutboxInput, foldText } from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  makeAuditEntries,
  type AuditEntityFixture,
  type AuditEntryFixture,
} from './audit.fixtures';
import { makeMailMessages, type MailMessageFixture, type MailStatusFixture } from './mail.fixtures';
import type { StaffFixture } from '../auth/staff.fixtures';
import {
  badInput,
  requireStaff,
  type MockWorld,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

export const AUDIT_FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
export const MAIL_NOT_FOUND_MESSAGE = 'E-mail não encontrado.';

const AUDIT_FIXTURES = Symbol('auditFixtures');

export interface AuditFixturesInput {
  auditEntries?: AuditEntryFixture[];
  mails?: MailMessageFixture[];
  /** false: no mail server (mailDelivery says so, mailResend is refused). Default true. */
  mailConfigured?: boolean;
  /**
   * 'fails': auditLog and mailOutbox answer the server's internal error; 'pending': they never
   * answer. `me` still answers, so the dashboard's frame shows around the screen's state.
   */
  availability?: 'fails' | 'pending';
}

interface AuditState {
  auditEntries: AuditEntryFixture[];
  mails: MailMessageFixture[];
  mailConfigured: boolean;
  availability: AuditFixturesInput['availability'];
}

type WithAuditFixtures<T> = T & { [AUDIT_FIXTURES]?: AuditFixturesInput };

/**
 * The staff mock's input carrying this domain's fixtures:
 * `staffMock.answers(withAuditFixtures({ mails: [] }, { role: 'ADMIN' }))`.
 */
export function withAuditFixtures<T extends object>(
  fixtures: AuditFixturesInput,
  staff: T = {} as T,
): T {
  return { ...staff, [AUDIT_FIXTURES]: fixtures };
}

const states = new WeakMap<StaffFixture, AuditState>();

function stateOf(staff: StaffFixture): AuditState {
  let state = states.get(staff);
  if (!state) {
    const input = (staff as WithAuditFixtures<StaffFixture>)[AUDIT_FIXTURES];
    // A copy: resending and new entries change it, never the fixtures a story passed.
    state = {
      auditEntries: structuredClone(input?.auditEntries ?? makeAuditEntries()),
      mails: structuredClone(input?.mails ?? makeMailMessages()),
      mailConfigured: input?.mailConfigured ?? true,
      availability: input?.availability,
    };
    states.set(staff, state);
  }
  return state;
}

function requireAdmin(context: RequestContext): StaffFixture {
  const staff = requireStaff(context);
  if (staff.role !== 'ADMIN') {
    throw new GraphQLError(AUDIT_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
  }
  return staff;
}

/** The answer, or the failure / silence a story asked for (withAuditFixtures' availability). */
function answer<T>(staff: StaffFixture, value: () => T): T | Promise<T> {
  const availability = stateOf(staff).availability;
  if (availability === 'pending') return new Promise<T>(() => undefined);
  if (availability === 'fails') {
    throw new GraphQLError('Erro interno do servidor.', {
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  }
  return value();
}

let nextEntry = 1;

/** Appends an entry to the world's log as the server's recordAudit does (other mocks call it). */
export function appendAuditEntry(
  world: MockWorld,
  entry: Omit<AuditEntryFixture, 'id' | 'at' | 'actorId' | 'actorName' | 'actorEmail'>,
): AuditEntryFixture {
  const staff = world.staff;
  const made: AuditEntryFixture = {
    id: `audit-new-${nextEntry++}`,
    at: new Date().toISOString(),
    actorId: staff.id,
    actorName: staff.name,
    actorEmail: staff.email,
    ...entry,
  };
  stateOf(staff).auditEntries.unshift(made);
  return made;
}

const dayKey = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

export interface AuditFilterInput {
  actorId?: string | null;
  brandId?: string | null;
  entity?: AuditEntityFixture | null;
  entityId?: string | null;
  action?: string | null;
  range?: { from: string; to: string } | null;
  search?: string | null;
}

/** The entries a filter keeps, newest first (the query's rows and the CSV export's). */
export function filterAuditEntries(
  entries: AuditEntryFixture[],
  filter: AuditFilterInput,
): AuditEntryFixture[] {
  // The server's rule for the filter (@vitrine/rules checkAuditFilter), its fields under 'filter'.
  const checked = checkAuditFilter(filter);
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
  const { action, from, to } = checked.value;
  const words = checked.value.words.map(foldText);
  return entries
    .filter((entry) => {
      if (filter.actorId && entry.actorId !== filter.actorId) return false;
      if (filter.brandId && !entry.brandIds.includes(filter.brandId)) return false;
      if (filter.entity && entry.entity !== filter.entity) return false;
      if (filter.entityId && entry.entityId !== filter.entityId) return false;
      if (action) {
        if (action.endsWith('.') ? !entry.action.startsWith(action) : entry.action !== action) {
          return false;
        }
      }
      if (from || to) {
        const day = dayKey.format(new Date(entry.at));
        if ((from && day < from) || (to && day > to)) return false;
      }
      if (words.length > 0) {
        const text = foldText(`${entry.summary} ${entry.entityLabel ?? ''}`);
        if (!words.every((word) => text.includes(word))) return false;
      }
      return true;
    })
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
}

/** The world's log as ADMIN reads it (the audit export's mock uses it too). */
export function auditEntriesOf(world: MockWorld): AuditEntryFixture[] {
  return stateOf(world.staff).auditEntries;
}

export const MAIL_RESEND_NOT_CONFIGURED_MESSAGE =
  'O envio de e-mails não está configurado (SMTP_URL): este e-mail ficaria retido de novo. Configure o servidor de e-mail e reenvie.';

export const staffAuditResolvers = {
  auditLog: (
    args: { filter?: AuditFilterInput | null; first?: number | null; offset?: number | null },
    context: RequestContext,
  ) => {
    const staff = requireAdmin(context);
    return answer(staff, () => {
      const checkedPage = checkAuditPage(args.first, args.offset);
      if (!checkedPage.ok) throw badInput(checkedPage.issue.message, checkedPage.issue.field);
      const { first: size, offset: skip } = checkedPage.value;
      const rows = filterAuditEntries(stateOf(staff).auditEntries, args.filter ?? {});
      return { nodes: rows.slice(skip, skip + size), totalCount: rows.length };
    });
  },
  mailOutbox: (
    args: {
      filter?: { status?: MailStatusFixture | null; search?: string | null } | null;
      first?: number | null;
      offset?: number | null;
    },
    context: RequestContext,
  ) => {
    const staff = requireAdmin(context);
    return answer(staff, () => mailPage(staff, args));
  },
  mailDelivery: (_args: unknown, context: RequestContext) => {
    const staff = requireAdmin(context);
    const state = stateOf(staff);
    return answer(staff, () => ({
      configured: state.mailConfigured,
      heldCount: state.mails.filter((mail) => mail.status === 'NOT_CONFIGURED').length,
    }));
  },
  mailResend: ({ id }: { id: string }, context: RequestContext) => {
    const staff = requireAdmin(context);
    if (!stateOf(staff).mailConfigured) throw badInput(MAIL_RESEND_NOT_CONFIGURED_MESSAGE, 'id');
    const mail = stateOf(staff).mails.find((item) => item.id === id);
    if (!mail) {
      throw new GraphQLError(MAIL_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
    }
    mail.status = 'PENDING';
    mail.sentAt = null;
    appendAuditEntry(context.world, {
      ip: '127.0.0.1',
      userAgent: null,
      action: 'mail.resend',
      entity: 'MAIL',
      entityId: mail.id,
      entityLabel: mail.to,
      brandIds: [],
      summary: `E-mail "${mail.subject}" reenviado.`,
      before: null,
      after: null,
    });
    return mail;
  },
} satisfies RootResolvers;

function mailPage(
  staff: StaffFixture,
  args: {
    filter?: { status?: MailStatusFixture | null; search?: string | null } | null;
    first?: number | null;
    offset?: number | null;
  },
) {
  // The server's rule for the page and the filter (@vitrine/rules checkMailOutboxInput): each word
  // of the search in the address or the subject.
  const checked = checkMailOutboxInput(args);
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
  const { first: size, offset: skip, status } = checked.value;
  const words = checked.value.words.map(foldText);
  const rows = stateOf(staff)
    .mails.filter(
      (mail) =>
        (!status || mail.status === status) &&
        words.every(
          (word) => foldText(mail.to).includes(word) || foldText(mail.subject).includes(word),
        ),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { nodes: rows.slice(skip, skip + size), totalCount: rows.length };
}
