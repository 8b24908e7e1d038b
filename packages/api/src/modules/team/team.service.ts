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
import { checkEmail as checkEmailRule, STAFF_ROLE_LABELS } from '@vitrine/rules';
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
  normalizeEmail,
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
export const NAME_MAX_LENGTH = 80;
export const MAX_BRANDS = 100;

export const INVITATION_INVALID =
  'Este convite é inválido, expirou ou já foi usado. Peça um novo a quem convidou você.';
export const LAST_ADMIN_MESSAGE = 'É preciso manter pelo menos um administrador ativo.';
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta.';
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

export function checkName(value: string, field: string): string {
  const name = value.trim();
  if (name === '') throw badUserInput('Informe o nome.', field);
  if (/\p{Cc}/u.test(name)) {
    throw badUserInput('O nome não pode ter quebras de linha nem caracteres de controle.', field);
  }
  if ([...name].length > NAME_MAX_LENGTH) {
    throw badUserInput(`O nome deve ter no máximo ${NAME_MAX_LENGTH} caracteres.`, field);
  }
  return name;
}

function checkEmail(value: string, field: string): string {
  // The store's one e-mail rule (@vitrine/rules): no quoted local part, no invisible character.
  const checked = checkEmailRule(value);
  if (!checked.ok) throw badUserInput(checked.message, field);
  return normalizeEmail(checked.email);
}

/** BRAND_MANAGER: one or more existing brands; other roles: none. Returns them deduplicated. */
async function checkBrands(
  db: Executor,
  role: StaffRole,
  brandIds: readonly string[] | null | undefined,
  field: string,
): Promise<string[]> {
  const unique = [...new Set(brandIds ?? [])];
  if (role !== 'BRAND_MANAGER') {
    if (unique.length > 0) {
      throw badUserInput(
        'Só o gerente de marca tem marcas: deixe a lista de marcas vazia para este papel.',
        field,
      );
    }
    return [];
  }
  if (unique.length === 0) throw badUserInput('Escolha pelo menos uma marca.', field);
  if (unique.length > MAX_BRANDS) {
    throw badUserInput(`Escolha no máximo ${MAX_BRANDS} marcas.`, field);
  }
  if (!unique.every(isUuid)) throw badUserInput('Marca não encontrada.', field);
  const found = await existingBrandIds(db, unique);
  if (found.length !== unique.length) throw badUserInput('Marca não encontrada.', field);
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

const EMAIL_TAKEN = 'Já existe uma conta com este e-mail.';

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
  const email = checkEmail(input.email, 'input.email');
  const name = checkName(input.name, 'input.name');
  const brandIds = await checkBrands(deps.db, input.role, input.brandIds, 'input.brandIds');
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
      throw badUserInput('Esta conta já aceitou o convite: não há convite para reenviar.', 'id');
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
  const brandIds = await checkBrands(deps.db, input.role, input.brandIds, 'input.brandIds');
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
        throw badUserInput(
          'Esta pessoa ainda não aceitou o convite: reenvie o convite em vez de reativar a conta.',
          'active',
        );
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
