// The one audit log: every staff action and security event appends a row here, in the caller's
// transaction where there is one (so a change and its entry land together or not at all). Rows
// are never updated or deleted (the database refuses it: migrations/0019_audit_log.sql).
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db';
import type { GraphQLContext, StaffPrincipal } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { isUuid } from '../../lib/ids';
import { insertAuditLog } from './audit.repository';
import type { AuditEntity, AuditLogRow } from './audit.tables';

/** Who acted and from where. */
export interface AuditActor {
  /** null: the system (a resumed import, an expiry job) or an anonymous sign-in attempt. */
  staff: Pick<StaffPrincipal, 'id' | 'name' | 'email'> | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEvent {
  /** A code: product.save, order.ship, settings.update, staff.invite, auth.login_failed, ... */
  action: string;
  entity: AuditEntity;
  entityId?: string | null;
  /** The product's name, VT-10023, the staff member's e-mail... */
  entityLabel?: string | null;
  brandIds?: readonly string[];
  /** In Portuguese, one line, as the audit screen shows it. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

const SUMMARY_MAX = 500;
const LABEL_MAX = 200;
const USER_AGENT_MAX = 500;

function clip(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
}

/** The actor of a request: its signed-in staff member (if any), address and browser. */
export function auditActorOfRequest(
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  staff: AuditActor['staff'],
): AuditActor {
  const agent = request.headers['user-agent'];
  return {
    staff,
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent : null,
  };
}

/** The actor of a GraphQL operation (the signed-in staff member). */
export function auditActor(ctx: Pick<GraphQLContext, 'request' | 'staff'>): AuditActor {
  return auditActorOfRequest(ctx.request, ctx.staff);
}

/** The system as the actor (background jobs). */
export const SYSTEM_ACTOR: AuditActor = { staff: null, ip: null, userAgent: null };

/** Where a request came from: its address and browser. */
export type AuditOrigin = Pick<AuditActor, 'ip' | 'userAgent'>;

/**
 * A staff principal that carries where its request came from, so services that take a principal
 * (and not the GraphQL context) can write who and from where in the audit log.
 */
export type AuditedPrincipal = StaffPrincipal & { readonly origin?: AuditOrigin };

/**
 * requireStaff for mutations that write the audit log: the caller's principal (UNAUTHENTICATED
 * without one, FORBIDDEN outside `roles`) with the request's address and browser.
 */
export function requireAuditedStaff(
  ctx: Pick<GraphQLContext, 'request' | 'staff'>,
  roles?: Parameters<typeof requireStaff>[1],
): AuditedPrincipal {
  const principal = requireStaff(ctx, roles);
  const { ip, userAgent } = auditActor(ctx);
  return { ...principal, origin: { ip, userAgent } };
}

/** The actor of a staff member given as a (possibly audited) principal; null: the system. */
export function auditActorOfStaff(
  staff: (Pick<StaffPrincipal, 'id' | 'name'> & { email?: string; origin?: AuditOrigin }) | null,
): AuditActor {
  if (!staff) return SYSTEM_ACTOR;
  return {
    staff: { id: staff.id, name: staff.name, email: staff.email ?? '' },
    ip: staff.origin?.ip ?? null,
    userAgent: staff.origin?.userAgent ?? null,
  };
}

/** Appends one entry; inside a transaction, pass the transaction. Returns the row. */
export async function recordAudit(
  db: Executor,
  actor: AuditActor,
  event: AuditEvent,
): Promise<AuditLogRow> {
  const staffId = actor.staff && isUuid(actor.staff.id) ? actor.staff.id : null;
  const row = await insertAuditLog(db, {
    actorId: staffId,
    actorName: actor.staff?.name ?? null,
    actorEmail: actor.staff?.email || null,
    ip: clip(actor.ip, 100),
    userAgent: clip(actor.userAgent, USER_AGENT_MAX),
    action: event.action,
    entity: event.entity,
    entityId: clip(event.entityId, LABEL_MAX),
    entityLabel: clip(event.entityLabel, LABEL_MAX),
    brandIds: [...new Set(event.brandIds ?? [])].filter(isUuid),
    summary: clip(event.summary, SUMMARY_MAX) ?? event.action,
    before: event.before === undefined ? null : event.before,
    after: event.after === undefined ? null : event.after,
  });
  if (!row) throw new Error('audit_log insert returned no row');
  return row;
}
