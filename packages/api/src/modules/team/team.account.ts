// My account (any staff): the profile and the password change, which revokes the other sessions
// and keeps this one.
import { passwordChangeProblems } from '@vitrine/rules';
import type { GraphQLContext, StaffPrincipal } from '../../graphql/context';
import { AppGraphQLError, badUserInput, rateLimited, unauthenticated } from '../../graphql/errors';
import { auditActor, recordAudit } from '../audit/audit';
import { ACCOUNT_FAILURES_PER_HOUR, LOGIN_BACKOFF } from '../auth/login-throttle';
import { enqueueMail } from '../mail/mail.service';
import { accountPasswordChangedMail } from '../mail/mail.templates';
import { getStoreSettings } from '../settings/settings.repository';
import { MAX_PASSWORD_LENGTH, passwordLength } from '../staff/password';
import { isCommonPassword } from '../staff/password-rules';
import { toStaffNode, type StaffNode } from '../staff/staff.graphql';
import {
  changePasswordReturning,
  findStaffById,
  lockStaffById,
  updateStaffName,
} from '../staff/staff.repository';
import type { StaffRow } from '../staff/staff.tables';
import { checkName, digest, HOUR_MS, WRONG_CURRENT_PASSWORD, type TeamDeps } from './team.service';

function requireSelf(ctx: GraphQLContext): StaffPrincipal {
  if (!ctx.staff) throw unauthenticated();
  return ctx.staff;
}

export async function updateMyProfile(
  ctx: GraphQLContext,
  deps: TeamDeps,
  nameInput: string,
): Promise<StaffNode> {
  const me = requireSelf(ctx);
  const name = checkName(nameInput, 'name');
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockStaffById(tx, me.id);
    if (!current) throw unauthenticated();
    if (current.name === name) return current;
    const updated = await updateStaffName(tx, me.id, name);
    await recordAudit(tx, auditActor(ctx), {
      action: 'account.profile_update',
      entity: 'STAFF',
      entityId: me.id,
      entityLabel: current.email,
      summary: `Alterou o próprio nome: ${current.name} → ${name}`,
      before: { name: current.name },
      after: { name },
    });
    return updated;
  });
  return toStaffNode(row);
}

/** Key prefix of the current-password checks of "Minha conta" (the login has its own keys). */
const PASSWORD_CHANGE_KEY = 'account-password';

export interface SessionTokens {
  access: string;
  refresh: string;
}

/**
 * Checks the current password, throttled as the login is (LOGIN_BACKOFF per account: the next
 * attempt after the n-th failure waits 2^(n-1) s; at most ACCOUNT_FAILURES_PER_HOUR failures in
 * any hour); sets the new one, ends every other session (token version bump) and answers a new
 * pair for this one.
 */
export async function changeMyPassword(
  ctx: GraphQLContext,
  deps: TeamDeps,
  currentPassword: string,
  newPassword: string,
): Promise<SessionTokens> {
  const me = requireSelf(ctx);
  const { db, clock, passwords, rateLimits, tokens } = deps;
  const account = digest(me.id);
  const delayKey = `${PASSWORD_CHANGE_KEY}:delay:${account}`;
  const budgetKey = `${PASSWORD_CHANGE_KEY}:budget:${account}`;
  const now = clock.now();
  const delay = await rateLimits.reserveAttempt(delayKey, now, LOGIN_BACKOFF);
  if (!delay.allowed) throw rateLimited(delay.retryAfterMs / 1000);
  const budget = await rateLimits.take(budgetKey, ACCOUNT_FAILURES_PER_HOUR, HOUR_MS, now);
  if (!budget.allowed) {
    await rateLimits.releaseAttempt(delayKey);
    throw rateLimited(budget.retryAfterMs / 1000);
  }
  let row: StaffRow | null;
  try {
    row = await findStaffById(db, me.id);
    if (!row) throw unauthenticated();
    const verified =
      passwordLength(currentPassword) > MAX_PASSWORD_LENGTH
        ? (await passwords.verifyDummy(currentPassword), { ok: false })
        : await passwords.verify(currentPassword, row.passwordHash);
    if (!verified.ok) {
      await rateLimits.recordFailure(delayKey, clock.now(), LOGIN_BACKOFF);
      throw badUserInput(WRONG_CURRENT_PASSWORD, 'currentPassword');
    }
    await rateLimits.clear(delayKey);
    await rateLimits.giveBack(budgetKey, budget.unit!);
  } catch (error) {
    if (!(error instanceof AppGraphQLError)) {
      await rateLimits.releaseAttempt(delayKey).catch(() => undefined);
      await rateLimits.giveBack(budgetKey, budget.unit!).catch(() => undefined);
    }
    throw error;
  }

  // The new password's rules, then that it differs (@vitrine/rules passwordChangeProblems).
  const problems = passwordChangeProblems(currentPassword, newPassword, row.email, {
    isCommon: isCommonPassword,
  });
  if (problems.length > 0) {
    throw new AppGraphQLError(problems.join(' '), 'BAD_USER_INPUT', {
      field: 'newPassword',
      problems,
    });
  }
  const passwordHash = await passwords.hash(newPassword);
  const checkedHash = row.passwordHash;
  const updated = await db.transaction(async (tx) => {
    const current = await lockStaffById(tx, me.id);
    if (!current || !current.active) throw unauthenticated();
    // Changed meanwhile (another session, a reset): the password checked is no longer current.
    if (current.passwordHash !== checkedHash) {
      throw badUserInput(WRONG_CURRENT_PASSWORD, 'currentPassword');
    }
    const changed = await changePasswordReturning(tx, me.id, passwordHash);
    await recordAudit(tx, auditActor(ctx), {
      action: 'account.password_change',
      entity: 'STAFF',
      entityId: me.id,
      entityLabel: current.email,
      summary: `Alterou a própria senha e encerrou as outras sessões`,
    });
    await enqueueMail(
      tx,
      accountPasswordChangedMail({
        to: current.email,
        name: current.name,
        storeName: (await getStoreSettings(tx)).storeName,
        loginUrl: `${deps.config.publicUrl}/dashboard/login`,
      }),
    );
    return changed;
  });
  deps.mail.kick();
  return {
    access: await tokens.signAccess(updated),
    refresh: await tokens.signRefresh(updated, false),
  };
}
