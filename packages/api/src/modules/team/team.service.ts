// The team (ADMIN): staff invitations by e-mail (a single-use link, 72 hours, stored as its
// SHA-256 only), role and brands, deactivation and reactivation; and my account (any staff): name
// and password. Every action writes one audit entry in its own transaction.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db';
import type { GraphQLContext, StaffPrincipal } from '../../graphql/context';
import { badUserInput, forbidden, notFound, unauthenticated } from '../../graphql/errors';
import {
  checkStaffAccess,
  checkStaffInvite,
  checkStaffName,
  STAFF_ROLE_LABELS,
  TEAM_MESSAGES,
} from '@vitrine/rules';
import { isUuid } from '../../lib/ids';
import type { Mailer } from '../../plugins/mail';
import { auditActor, auditActorOfRequest, recordAudit, type AuditActor } from '../audit/audit';
import type { RateLimitStore } from '../auth/rate-limit';
import type { TokenService } from '../auth/tokens';
import { enqueueMail, ONE_TIME_TOKEN_MARK, type LinkIssuer } from '../mail/mail.service';
import { staffInvitationMail } from '../mail/mail.templates';
import { getStoreSettings } from '../settings/settings.repository';
import { type PasswordHasher } from '../staff/password';
import { passwordProblems } from '../staff/password-rules';
import { toStaffNode, type StaffNode } from '../staff/staff.graphql';
import {
  activateInvitedStaff,
  consumeInvitation,
  findStaffByEmail,
  findStaffById,
  findUsableInvitation,
  insertInvitation,
  replaceInvitationTokenHash,
  insertStaff,
  invitationStates,
  lockActiveAdmins,
  lockStaffById,
  revokeOpenInvitations,
  setStaffActive,
  updateStaffAccess,
} from '../staff/staff.repository';
import type { StaffRole, StaffRow } from '../staff/staff.tables';
import { existingBrandIds } from './team.repository';

export { updateMyProfile, changeMyPassword, type SessionTokens } from './team.account';

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** The invitation page of the dashboard (packages/ui routePatterns.invitationAccept). */
export const INVITATION_PATH = '/convite';

export const INVITATION_INVALID =
  'Este convite é inválido, expirou ou já foi usado. Peça um novo a quem convidou você.';
export const LAST_ADMIN_MESSAGE = TEAM_MESSAGES.lastAdmin;
export const WRONG_CURRENT_PASSWORD = TEAM_MESSAGES.wrongCurrentPassword;
export const STAFF_NOT_FOUND = 'Membro da equipe não encontrado.';

/** Invitation-link checks and acceptances per client address in any hour (each its own budget). */
export const INVITATION_REQUESTS_PER_IP_PER_HOUR = 30;
export const HOUR_MS = 60 * 60 * 1000;

/** One name per role, as the dashboard shows it (@vitrine/rules). */
export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = STAFF_ROLE_LABELS;

export interface TeamDeps {
  db: Database;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  passwords: PasswordHasher;
  rateLimits: RateLimitStore;
  mail: Mailer;
}

export function teamDeps(server: FastifyInstance): TeamDeps {
  return {
    db: server.db,
    config: server.config,
    clock: server.clock,
    tokens: server.tokens,
    passwords: server.passwords,
    rateLimits: server.rateLimits,
    mail: server.mail,
  };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The mail outbox's issuer of invitation links: draws the token when the mail is sent (the outbox
 * never holds a working link), or null when the link was used, revoked or expired meanwhile.
 */
export const issueInvitationLinkToken: LinkIssuer = async (tx, ref, now) => {
  const token = randomBytes(32).toString('base64url');
  return (await replaceInvitationTokenHash(tx, ref, hashInvitationToken(token), now))
    ? token
    : null;
};

/** Rate-limit keys never hold an address or an id in clear. */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 24);
}

/** A hash no password ever matches (not an scrypt encoding: verify refuses it after dummy work). */
function unusablePasswordHash(): string {
  return `invited$${randomBytes(32).toString('base64url')}`;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// ---- Validation ---------------------------------------------------------------------------------

/** The name as stored (@vitrine/rules checkStaffName: trimmed, one line, at most 80). */
export function checkName(value: string, field: string): string {
  const checked = checkStaffName(value, field);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  return checked.value;
}

/**
 * The role's brands (@vitrine/rules checkStaffAccess: a BRAND_MANAGER's 1 to 100, none for the
 * other roles), deduplicated; then each must be a brand of the store.
 */
async function checkBrands(
  db: Executor,
  input: { role: StaffRole; brandIds?: readonly string[] | null },
): Promise<string[]> {
  const checked = checkStaffAccess(input);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  return existingBrands(db, checked.value.brandIds);
}

async function existingBrands(db: Executor, unique: string[]): Promise<string[]> {
  if (unique.length === 0) return unique;
  const notFound = () => badUserInput(TEAM_MESSAGES.brandNotFound, 'input.brandIds');
  if (!unique.every(isUuid)) throw notFound();
  const found = await existingBrandIds(db, unique);
  if (found.length !== unique.length) throw notFound();
  return unique;
}

/** The unique e-mail index refused the insert (two invitations of one address at once). */
function isEmailTaken(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause && typeof cause === 'object'; depth += 1) {
    const pg = cause as { code?: string; constraint?: string; cause?: unknown };
    if (pg.code === '23505' && pg.constraint === 'staff_email_key') return true;
    cause = pg.cause;
  }
  return false;
}

const EMAIL_TAKEN = TEAM_MESSAGES.emailTaken;

// ---- Team (ADMIN) -------------------------------------------------------------------------------

function requireAdmin(ctx: GraphQLContext): StaffPrincipal {
  if (!ctx.staff) throw unauthenticated();
  if (ctx.staff.role !== 'ADMIN') throw forbidden();
  return ctx.staff;
}

function invitationLink(config: Config): string {
  // From configuration, never from the request's Host header; the token is drawn at send time.
  return `${config.publicUrl}${INVITATION_PATH}?token=${ONE_TIME_TOKEN_MARK}`;
}

/** A new link for `row`: the earlier open ones are revoked, the mail is queued (same tx). */
async function issueInvitation(
  tx: Executor,
  deps: TeamDeps,
  row: StaffRow,
  invitedBy: string,
  now: Date,
): Promise<void> {
  await revokeOpenInvitations(tx, row.id, now);
  // Holds the hash of a token nobody knows until the mail is sent (issueInvitationLinkToken).
  const linkId = await insertInvitation(tx, {
    staffId: row.id,
    tokenHash: hashInvitationToken(randomBytes(32).toString('base64url')),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  await enqueueMail(
    tx,
    staffInvitationMail({
      to: row.email,
      name: row.name,
      storeName: (await getStoreSettings(tx)).storeName,
      invitedBy,
      roleLabel: ROLE_LABELS[row.role],
      link: invitationLink(deps.config),
      validHours: INVITATION_TTL_MS / HOUR_MS,
    }),
    { kind: 'staff_invitation', ref: linkId },
  );
}

export interface InviteInput {
  email: string;
  name: string;
  role: StaffRole;
  brandIds?: string[] | null;
}

export async function inviteStaff(
  ctx: GraphQLContext,
  deps: TeamDeps,
  input: InviteInput,
): Promise<StaffNode> {
  const admin = requireAdmin(ctx);
  const checked = checkStaffInvite(input);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  const { email, name } = checked.value;
  const brandIds = await existingBrands(deps.db, checked.value.brandIds);
  if (await findStaffByEmail(deps.db, email)) throw badUserInput(EMAIL_TAKEN, 'input.email');
  const now = new Date(deps.clock.now());
  let row: StaffRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const created = await insertStaff(tx, {
        email,
        name,
        role: input.role,
        brandIds,
        passwordHash: unusablePasswordHash(),
        active: false,
        invitedAt: now,
        invitedBy: admin.id,
      });
      await issueInvitation(tx, deps, created, admin.name, now);
      await recordAudit(tx, auditActor(ctx), {
        action: 'staff.invite',
        entity: 'STAFF',
        entityId: created.id,
        entityLabel: created.email,
        brandIds,
        summary: `Convidou ${created.name} (${created.email}) como ${ROLE_LABELS[created.role]}`,
        after: { email, name, role: input.role, brandIds },
      });
      return created;
    });
  } catch (error) {
    if (isEmailTaken(error)) throw badUserInput(EMAIL_TAKEN, 'input.email');
    throw error;
  }
  deps.mail.kick();
  return toStaffNode(row);
}

/** INVITED: never accepted an invitation and not active. */
async function isInvited(db: Executor, row: StaffRow): Promise<boolean> {
  if (row.active || !row.invitedAt) return false;
  const state = (await invitationStates(db, [row.id])).get(row.id);
  return !state?.accepted;
}

export async function resendInvitation(
  ctx: GraphQLContext,
  deps: TeamDeps,
  id: string,
): Promise<StaffNode> {
  const admin = requireAdmin(ctx);
  const now = new Date(deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    const target = await lockStaffById(tx, id);
    if (!target) throw notFound(STAFF_NOT_FOUND);
    if (!(await isInvited(tx, target))) {
      throw badUserInput(TEAM_MESSAGES.resendAccepted, 'id');
    }
    await issueInvitation(tx, deps, target, admin.name, now);
    await recordAudit(tx, auditActor(ctx), {
      action: 'staff.invitation_resend',
      entity: 'STAFF',
      entityId: target.id,
      entityLabel: target.email,
      brandIds: target.brandIds,
      summary: `Reenviou o convite de ${target.email} (o link anterior deixou de valer)`,
    });
    return target;
  });
  deps.mail.kick();
  return toStaffNode(row);
}

export interface AccessInput {
  role: StaffRole;
  brandIds?: string[] | null;
}

/**
 * Role and brands. The role is read from the database on every request (plugins/auth.ts), so the
 * member's next request already has the new access: no session needs to end.
 */
export async function updateAccess(
  ctx: GraphQLContext,
  deps: TeamDeps,
  id: string,
  input: AccessInput,
): Promise<StaffNode> {
  const admin = requireAdmin(ctx);
  if (id === admin.id) throw forbidden('Você não pode alterar o seu próprio acesso.');
  const brandIds = await checkBrands(deps.db, input);
  const row = await deps.db.transaction(async (tx) => {
    // Admin rows first, always in the same order: concurrent demotions queue here.
    const admins = await lockActiveAdmins(tx);
    const target = await lockStaffById(tx, id);
    if (!target) throw notFound(STAFF_NOT_FOUND);
    if (target.active && target.role === 'ADMIN' && input.role !== 'ADMIN' && admins.length <= 1) {
      throw badUserInput(LAST_ADMIN_MESSAGE, 'input.role');
    }
    // Demoted or deactivated meanwhile: no longer allowed to change anyone's access.
    if (!admins.includes(admin.id)) throw forbidden();
    const sameBrands =
      target.brandIds.length === brandIds.length &&
      target.brandIds.every((brand) => brandIds.includes(brand));
    if (target.role === input.role && sameBrands) return target;
    const updated = await updateStaffAccess(tx, target.id, { role: input.role, brandIds });
    const summary =
      target.role === input.role
        ? `Alterou as marcas de ${target.email} (${ROLE_LABELS[input.role]})`
        : `Alterou o papel de ${target.email}: ${ROLE_LABELS[target.role]} → ${ROLE_LABELS[input.role]}`;
    await recordAudit(tx, auditActor(ctx), {
      action: 'staff.access_change',
      entity: 'STAFF',
      entityId: target.id,
      entityLabel: target.email,
      brandIds: [...target.brandIds, ...brandIds],
      summary,
      before: { role: target.role, brandIds: target.brandIds },
      after: { role: updated.role, brandIds: updated.brandIds },
    });
    return updated;
  });
  return toStaffNode(row);
}

export async function setActive(
  ctx: GraphQLContext,
  deps: TeamDeps,
  id: string,
  active: boolean,
): Promise<StaffNode> {
  const admin = requireAdmin(ctx);
  if (id === admin.id) {
    throw forbidden(
      active
        ? 'Você não pode reativar a sua própria conta.'
        : 'Você não pode desativar a sua própria conta.',
    );
  }
  const now = new Date(deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockStaffById(tx, id);
    if (!target) throw notFound(STAFF_NOT_FOUND);
    const invited = await isInvited(tx, target);
    if (active) {
      if (target.active) return target;
      if (invited) {
        throw badUserInput(TEAM_MESSAGES.reactivateInvited, 'active');
      }
    } else {
      if (target.active && target.role === 'ADMIN' && admins.length <= 1) {
        throw badUserInput(LAST_ADMIN_MESSAGE, 'active');
      }
      // Already inactive: nothing to do, except an invitation still open, which is cancelled.
      if (!target.active && !invited) return target;
    }
    if (!admins.includes(admin.id)) throw forbidden();
    if (!active && invited) {
      await revokeOpenInvitations(tx, target.id, now);
      await recordAudit(tx, auditActor(ctx), {
        action: 'staff.deactivate',
        entity: 'STAFF',
        entityId: target.id,
        entityLabel: target.email,
        brandIds: target.brandIds,
        summary: `Cancelou o convite de ${target.email}`,
        before: { active: false, invitation: 'open' },
        after: { active: false, invitation: 'revoked' },
      });
      return target;
    }
    // Deactivation bumps the token version: every session of the account ends at once.
    const updated = await setStaffActive(tx, target.id, active);
    await recordAudit(tx, auditActor(ctx), {
      action: active ? 'staff.reactivate' : 'staff.deactivate',
      entity: 'STAFF',
      entityId: target.id,
      entityLabel: target.email,
      brandIds: target.brandIds,
      summary: active
        ? `Reativou a conta de ${target.email}`
        : `Desativou a conta de ${target.email} e encerrou todas as sessões`,
      before: { active: target.active },
      after: { active: updated.active },
    });
    return updated;
  });
  return toStaffNode(row);
}

// ---- Invitation links (REST, anonymous) ---------------------------------------------------------

export type InvitationCheckResult =
  | { kind: 'valid'; email: string; name: string }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export type InvitationAcceptResult =
  | { kind: 'ok'; access: string; refresh: string }
  | { kind: 'invalid' }
  | { kind: 'weak-password'; problems: string[] }
  | { kind: 'throttled'; retryAfterSeconds: number };

async function takeInvitationRequest(
  deps: TeamDeps,
  purpose: 'check' | 'accept',
  ip: string,
): Promise<number | null> {
  const decision = await deps.rateLimits.take(
    `invitation-${purpose}:ip:${digest(ip)}`,
    INVITATION_REQUESTS_PER_IP_PER_HOUR,
    HOUR_MS,
    deps.clock.now(),
  );
  return decision.allowed ? null : Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}

/** The invited account behind a token while its link works; null otherwise. */
async function invitedOwner(
  deps: TeamDeps,
  token: string,
  now: Date,
): Promise<{ owner: StaffRow; tokenHash: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashInvitationToken(token);
  const invitation = await findUsableInvitation(deps.db, tokenHash, now);
  const owner = invitation ? await findStaffById(deps.db, invitation.staffId) : null;
  if (!owner || owner.active) return null;
  return { owner, tokenHash };
}

/** Whether a link still works (the page asks when it opens), without consuming it. */
export async function checkInvitation(
  deps: TeamDeps,
  input: { token: string; ip: string },
): Promise<InvitationCheckResult> {
  const wait = await takeInvitationRequest(deps, 'check', input.ip);
  if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
  const found = await invitedOwner(deps, input.token, new Date(deps.clock.now()));
  if (!found) return { kind: 'invalid' };
  return { kind: 'valid', email: found.owner.email, name: found.owner.name };
}

/**
 * Sets the invitee's password, activates the account and uses the link, in one transaction; then
 * signs the invitee in (the pair /auth/login/ answers). A weak password leaves the link usable.
 */
export async function acceptInvitation(
  deps: TeamDeps,
  input: { token: string; password: string; request: Pick<FastifyRequest, 'ip' | 'headers'> },
): Promise<InvitationAcceptResult> {
  const wait = await takeInvitationRequest(deps, 'accept', input.request.ip);
  if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
  const now = new Date(deps.clock.now());
  const found = await invitedOwner(deps, input.token, now);
  if (!found) return { kind: 'invalid' };
  const problems = passwordProblems(input.password, found.owner.email);
  if (problems.length > 0) return { kind: 'weak-password', problems };
  const passwordHash = await deps.passwords.hash(input.password);
  const row = await deps.db.transaction(async (tx) => {
    const owner = await lockStaffById(tx, found.owner.id);
    if (!owner || owner.active) return null;
    const consumed = await consumeInvitation(tx, found.tokenHash, now);
    if (!consumed || consumed.staffId !== owner.id) return null;
    await revokeOpenInvitations(tx, owner.id, now);
    const activated = await activateInvitedStaff(tx, owner.id, passwordHash, now);
    const actor: AuditActor = auditActorOfRequest(input.request, {
      id: activated.id,
      name: activated.name,
      email: activated.email,
    });
    await recordAudit(tx, actor, {
      action: 'staff.invitation_accept',
      entity: 'STAFF',
      entityId: activated.id,
      entityLabel: activated.email,
      brandIds: activated.brandIds,
      summary: `${activated.name} aceitou o convite e escolheu a senha`,
    });
    return activated;
  });
  if (!row) return { kind: 'invalid' };
  return {
    kind: 'ok',
    access: await deps.tokens.signAccess(row),
    refresh: await deps.tokens.signRefresh(row, false),
  };
}
