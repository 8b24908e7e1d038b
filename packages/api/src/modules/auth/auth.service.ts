// Staff authentication: login with brute-force protection, access-token refresh, password reset.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db';
import { recordAudit, type AuditActor, type AuditEvent } from '../audit/audit';
import type { Mailer } from '../../plugins/mail';
import { enqueueMail, ONE_TIME_TOKEN_MARK, type LinkIssuer } from '../mail/mail.service';
import { passwordChangedMail, passwordResetMail } from '../mail/mail.templates';
import { getStoreSettings } from '../settings/settings.repository';
import {
  findStaffByEmail,
  findStaffById,
  normalizeEmail,
  setPasswordAndRevokeTokens,
  updatePasswordHash,
} from '../staff/staff.repository';
import {
  consumeResetToken,
  findUsableResetToken,
  insertResetToken,
  invalidateUnusedResetTokens,
  isRefreshTokenRevoked,
  latestResetTokenCreatedAt,
  lockStaffRow,
  replaceResetTokenHash,
  revokeRefreshToken,
  setLastSignInAt,
} from './auth.repository';
import { DeviceCookies, type IssuedDeviceCookie } from './device-cookie';
import {
  LoginHashBudget,
  LoginThrottle,
  takeClientThrottledAuditSlot,
  takeResetCheck,
  takeResetRequest,
  takeThrottledAuditSlot,
} from './login-throttle';
import { PasswordHashingBusyError, type PasswordHasher } from '../staff/password';
import type { StaffRow } from '../staff/staff.tables';
import { passwordProblems } from '../staff/password-rules';
import type { RateLimitStore } from './rate-limit';
import type { TokenService } from './tokens';
import { TwoFactorService, twoFactorService } from './twofactor.service';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** At most one reset mail per account in this period; extra requests send nothing. */
export const RESET_MAIL_INTERVAL_MS = 15 * 60 * 1000;
export const RESET_PATH = '/senha/redefinir';

export type LoginResult =
  | { kind: 'ok'; access: string; refresh: string; device: IssuedDeviceCookie }
  | { kind: 'invalid' }
  /** Password right, the account signs in with a second factor and no code came. */
  | { kind: 'two-factor-required' }
  /** Password right, the code was wrong, used already, or not a code. */
  | { kind: 'two-factor-invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  /** The hashing queue is full (PasswordHashingBusyError): nothing was checked nor counted. */
  | { kind: 'busy'; retryAfterSeconds: number };

/** Where a request comes from, for the audit log. */
export interface RequestOrigin {
  ip: string;
  userAgent?: string | null;
}

function actorOf(
  origin: RequestOrigin,
  row: Pick<StaffRow, 'id' | 'name' | 'email'> | null,
): AuditActor {
  return {
    staff: row ? { id: row.id, name: row.name, email: row.email } : null,
    ip: origin.ip,
    userAgent: origin.userAgent ?? null,
  };
}

export type ResetRequestResult = { kind: 'ok' } | { kind: 'throttled'; retryAfterSeconds: number };

export type ResetCheckResult =
  { kind: 'valid' } | { kind: 'invalid-token' } | { kind: 'throttled'; retryAfterSeconds: number };

export type ResetConfirmResult =
  { kind: 'ok' } | { kind: 'invalid-token' } | { kind: 'weak-password'; problems: string[] };

export interface AuthServiceDeps {
  db: Database;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  passwords: PasswordHasher;
  rateLimits: RateLimitStore;
  mail: Mailer;
  log: FastifyBaseLogger;
  /**
   * Runs work after the answer was sent; by default tracked by the mailer, so `mail.flush()` and
   * shutdown wait for it. Tests inject their own to hold the work back.
   */
  runInBackground?: (work: () => Promise<void>) => void;
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The mail outbox's issuer of reset links: draws the token when the mail is sent (the outbox
 * never holds a working link), or null when the link was used, replaced or expired meanwhile.
 */
export const issueResetLinkToken: LinkIssuer = async (tx, ref, now) => {
  const token = randomBytes(32).toString('base64url');
  return (await replaceResetTokenHash(tx, ref, hashResetToken(token), now)) ? token : null;
};

/** "29/11/2026 10:05" in Brasília time, for audit summaries. */
function auditTime(date: Date): string {
  return date.toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

function retrySeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export class AuthService {
  readonly #deps: AuthServiceDeps;
  readonly #throttle: LoginThrottle;
  readonly #hashBudget: LoginHashBudget;
  readonly #devices: DeviceCookies;
  readonly #twoFactor: TwoFactorService;
  readonly #runInBackground: (work: () => Promise<void>) => void;

  constructor(deps: AuthServiceDeps) {
    this.#deps = deps;
    this.#runInBackground =
      deps.runInBackground ?? ((work) => deps.mail.track(Promise.resolve().then(work)));
    this.#throttle = new LoginThrottle(deps.rateLimits, () => deps.clock.now());
    this.#hashBudget = new LoginHashBudget(
      deps.rateLimits,
      () => deps.clock.now(),
      deps.config.passwordHashing,
    );
    this.#devices = new DeviceCookies(deps.tokens.deriveSecret('device-cookie'), () =>
      deps.clock.now(),
    );
    this.#twoFactor = twoFactorService(deps);
  }

  /**
   * One audit entry of a security event. On the sign-in path a failed write is logged, never
   * turned into a failed sign-in (the entry is one insert, awaited: the log stays in order).
   */
  async #audit(db: Executor, actor: AuditActor, event: AuditEvent): Promise<void> {
    try {
      await recordAudit(db, actor, event);
    } catch (err) {
      this.#deps.log.error({ err, action: event.action }, 'audit entry failed');
    }
  }

  async login(input: {
    email: string;
    password: string;
    remember: boolean;
    ip: string;
    userAgent?: string | null;
    /** A code of the authenticator app or a recovery code (accounts with two-factor sign-in). */
    otp?: string | null;
    /** The request's cookies: a device cookie of this account makes the browser trusted. */
    cookies?: Readonly<Record<string, string | undefined>>;
  }): Promise<LoginResult> {
    const { db, passwords, tokens, clock } = this.#deps;
    const email = normalizeEmail(input.email);
    const device = this.#devices.verify(email, input.cookies ?? {});
    // What this client's logins may cost across accounts, taken first: a refused attempt costs
    // no hash and leaves no trace on any account's limits (random e-mails included).
    const budget = await this.#hashBudget.take(email, input.ip, device);
    if (!budget.allowed) {
      const retryAfterSeconds = retrySeconds(budget.retryAfterMs);
      if (
        budget.audit &&
        (await takeClientThrottledAuditSlot(this.#deps.rateLimits, input.ip, clock.now()))
      ) {
        await this.#audit(db, actorOf(input, null), {
          action: 'auth.login_throttled',
          entity: 'SESSION',
          entityLabel: email,
          summary: `Login bloqueado por excesso de tentativas deste endereço (aguardar ${retryAfterSeconds} s)`,
        });
      }
      return { kind: 'throttled', retryAfterSeconds };
    }
    const { ticket } = budget;
    const reserved = await this.#throttle.reserve(email, input.ip, device).catch((err: unknown) => {
      ticket.finish();
      throw err;
    });
    // Inside the delay the password is not even looked at (nor the account looked up).
    if (!reserved.allowed) {
      ticket.finish();
      await ticket.giveBack();
      const retryAfterSeconds = retrySeconds(reserved.retryAfterMs);
      if (await takeThrottledAuditSlot(this.#deps.rateLimits, email, input.ip, clock.now())) {
        await this.#audit(db, actorOf(input, null), {
          action: 'auth.login_throttled',
          entity: 'SESSION',
          entityLabel: email,
          summary: `Login bloqueado por excesso de tentativas (aguardar ${retryAfterSeconds} s)`,
        });
      }
      return { kind: 'throttled', retryAfterSeconds };
    }
    const { reservation } = reserved;
    try {
      const row = await findStaffByEmail(db, email);
      let ok = false;
      if (row) {
        // An invited account (active false) has an unusable hash: verify answers false.
        const verified = await passwords.verify(input.password, row.passwordHash);
        ok = verified.ok && row.active;
        if (ok && verified.needsRehash) {
          // Best effort: with the hashing queue full the stronger hash waits for another login.
          const rehashed = await passwords.hash(input.password).catch((err: unknown) => {
            if (err instanceof PasswordHashingBusyError) return null;
            throw err;
          });
          if (rehashed) await updatePasswordHash(db, row.id, rehashed);
        }
      } else {
        // Unknown e-mail: the same scrypt work as a wrong password, so timing tells nothing.
        await passwords.verifyDummy(input.password);
      }
      if (!row || !ok) {
        await reservation.settle('failure');
        await this.#audit(db, actorOf(input, row), {
          action: 'auth.login_failed',
          entity: 'SESSION',
          entityId: row?.id ?? null,
          entityLabel: email,
          summary: !row
            ? 'Tentativa de login com e-mail desconhecido'
            : row.active
              ? 'Tentativa de login com senha incorreta'
              : 'Tentativa de login em conta inativa ou convidada',
        });
        return { kind: 'invalid' };
      }
      let usedRecoveryCode = false;
      if (TwoFactorService.enabled(row)) {
        const otp = input.otp?.trim() ?? '';
        if (otp === '') {
          // The first step of a two-step sign-in: neither a failure nor a success.
          await reservation.release();
          return { kind: 'two-factor-required' };
        }
        const accepted = await this.#twoFactor.consumeCode(row, otp);
        if (!accepted) {
          await reservation.settle('failure');
          await this.#audit(db, actorOf(input, row), {
            action: 'auth.two_factor_failed',
            entity: 'SESSION',
            entityId: row.id,
            entityLabel: email,
            summary: 'Código de verificação em duas etapas incorreto no login',
          });
          return { kind: 'two-factor-invalid' };
        }
        usedRecoveryCode = accepted === 'recovery';
      }
      await reservation.settle('success');
      const now = new Date(clock.now());
      await setLastSignInAt(db, row.id, now);
      if (usedRecoveryCode) {
        const left = await this.#twoFactor.recoveryCodesLeft(row.id);
        await this.#audit(db, actorOf(input, row), {
          action: 'auth.recovery_code_used',
          entity: 'SESSION',
          entityId: row.id,
          entityLabel: email,
          summary: `Código de recuperação usado no login (restam ${left})`,
          after: { recoveryCodesLeft: left },
        });
      }
      await this.#audit(db, actorOf(input, row), {
        action: 'auth.login',
        entity: 'SESSION',
        entityId: row.id,
        entityLabel: email,
        summary: TwoFactorService.enabled(row) ? 'Login com verificação em duas etapas' : 'Login',
      });
      return {
        kind: 'ok',
        access: await tokens.signAccess(row),
        refresh: await tokens.signRefresh(row, input.remember),
        // A new nonce on each success: this browser is trusted for this account from now on.
        device: this.#devices.issue(email),
      };
    } catch (err) {
      await reservation.release().catch(() => undefined);
      // The queue was full: no check ran, so nothing counts (the client's units go back too).
      if (err instanceof PasswordHashingBusyError) {
        await ticket.giveBack();
        return { kind: 'busy', retryAfterSeconds: err.retryAfterSeconds };
      }
      throw err;
    } finally {
      ticket.finish();
    }
  }

  /** A new access token for a valid refresh token of an active account; null otherwise. */
  async refresh(refreshToken: string): Promise<string | null> {
    const { db, tokens } = this.#deps;
    const claims = await tokens.verify(refreshToken, 'refresh');
    if (!claims) return null;
    const row = await findStaffById(db, claims.sub);
    if (!row || !row.active || row.tokenVersion !== claims.ver) return null;
    if (await isRefreshTokenRevoked(db, claims.jti)) return null;
    return tokens.signAccess(row);
  }

  /**
   * Server-side logout: the refresh token stops refreshing, at once and on every instance. An
   * invalid or expired token needs nothing (it refreshes nothing already); the answer is the same.
   */
  async logout(refreshToken: string, origin?: RequestOrigin): Promise<void> {
    const { db, tokens, clock } = this.#deps;
    const claims = await tokens.verify(refreshToken, 'refresh');
    if (!claims) return;
    await revokeRefreshToken(
      db,
      { jti: claims.jti, staffId: claims.sub, expiresAt: new Date(claims.exp * 1000) },
      new Date(clock.now()),
    );
    if (origin) {
      const row = await findStaffById(db, claims.sub);
      await this.#audit(db, actorOf(origin, row), {
        action: 'auth.logout',
        entity: 'SESSION',
        entityId: claims.sub,
        entityLabel: row?.email ?? null,
        summary: 'Logout',
      });
    }
  }

  /**
   * Answers once the request limits are checked; the look-up, the token and the mail happen after
   * the answer, for a known and an unknown e-mail alike, so neither the body nor the time of the
   * answer tells whether the account exists.
   */
  async requestPasswordReset(
    input: { email: string } & RequestOrigin,
  ): Promise<ResetRequestResult> {
    const { clock, rateLimits, log } = this.#deps;
    const email = normalizeEmail(input.email);
    const decision = await takeResetRequest(rateLimits, email, input.ip, clock.now());
    if (!decision.allowed) {
      return { kind: 'throttled', retryAfterSeconds: retrySeconds(decision.retryAfterMs) };
    }
    const now = new Date(clock.now());
    this.#runInBackground(async () => {
      try {
        await this.#issueResetToken(email, now, input);
      } catch (err) {
        log.error({ err }, 'password reset request failed');
      }
    });
    return { kind: 'ok' };
  }

  /** Mails a reset link to an active account (at most one per RESET_MAIL_INTERVAL_MS). */
  async #issueResetToken(email: string, now: Date, origin: RequestOrigin): Promise<void> {
    const { db, config, mail } = this.#deps;
    const row = await findStaffByEmail(db, email);
    // The request comes from the anonymous recovery page: the actor is that visitor (address and
    // browser), never the account's owner, who may not have asked.
    await this.#audit(db, actorOf(origin, null), {
      action: 'auth.password_reset_requested',
      entity: 'SESSION',
      entityId: row?.id ?? null,
      entityLabel: email,
      summary: !row
        ? 'Redefinição de senha pedida para e-mail desconhecido'
        : `Redefinição de senha pedida na página "Esqueci minha senha" de ${origin.ip || 'endereço desconhecido'}`,
    });
    if (!row || !row.active) return;

    const enqueued = await db.transaction(async (tx) => {
      await lockStaffRow(tx, row.id);
      const latest = await latestResetTokenCreatedAt(tx, row.id);
      if (latest && now.getTime() - latest.getTime() < RESET_MAIL_INTERVAL_MS) return false;
      await invalidateUnusedResetTokens(tx, row.id, now);
      // The row's token is drawn when the mail is sent (issueResetLinkToken): until then it holds
      // the hash of a token nobody knows, and the outbox only the mark where the token goes.
      const linkId = await insertResetToken(tx, {
        staffId: row.id,
        tokenHash: hashResetToken(randomBytes(32).toString('base64url')),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        requestedIp: origin.ip || null,
        requestedUserAgent: origin.userAgent?.slice(0, 500) ?? null,
      });
      // The link comes from configuration, never from the request's Host header.
      const link = `${config.publicUrl}${RESET_PATH}?token=${ONE_TIME_TOKEN_MARK}`;
      await enqueueMail(
        tx,
        passwordResetMail({
          to: row.email,
          name: row.name,
          storeName: (await getStoreSettings(tx)).storeName,
          link,
          validMinutes: RESET_TOKEN_TTL_MS / 60_000,
        }),
        { kind: 'password_reset', ref: linkId },
      );
      return true;
    });
    if (enqueued) mail.kick();
  }

  /**
   * Whether a reset link still works (the reset page asks when it opens), without consuming it:
   * the same 'invalid-token' for an unknown, used or expired token, or an inactive account.
   */
  async checkPasswordReset(input: { token: string; ip: string }): Promise<ResetCheckResult> {
    const { db, clock, rateLimits } = this.#deps;
    const decision = await takeResetCheck(rateLimits, input.ip, clock.now());
    if (!decision.allowed) {
      return { kind: 'throttled', retryAfterSeconds: retrySeconds(decision.retryAfterMs) };
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) return { kind: 'invalid-token' };
    const usable = await findUsableResetToken(
      db,
      hashResetToken(input.token),
      new Date(clock.now()),
    );
    const owner = usable ? await findStaffById(db, usable.staffId) : null;
    if (!owner || !owner.active) return { kind: 'invalid-token' };
    return { kind: 'valid' };
  }

  async confirmPasswordReset(
    input: {
      token: string;
      password: string;
    } & Partial<RequestOrigin>,
  ): Promise<ResetConfirmResult> {
    const { db, config, clock, passwords, mail, log } = this.#deps;
    if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) return { kind: 'invalid-token' };
    const tokenHash = hashResetToken(input.token);
    const now = new Date(clock.now());
    const usable = await findUsableResetToken(db, tokenHash, now);
    const owner = usable ? await findStaffById(db, usable.staffId) : null;
    if (!owner || !owner.active) return { kind: 'invalid-token' };
    // A weak password leaves the token usable so the person can try another one.
    const problems = passwordProblems(input.password, owner.email);
    if (problems.length > 0) return { kind: 'weak-password', problems };

    const passwordHash = await passwords.hash(input.password);
    const done = await db.transaction(async (tx) => {
      const consumed = await consumeResetToken(tx, tokenHash, now);
      if (!consumed) return false;
      // Bumps the token version: every session of the account ends; nobody is logged in.
      await setPasswordAndRevokeTokens(tx, consumed.staffId, passwordHash);
      // Whoever opened the link acted (address and browser), not necessarily the owner; the
      // entry also says where and when the link was asked for.
      const requested = `pedido em ${auditTime(consumed.createdAt)} de ${consumed.requestedIp ?? 'endereço desconhecido'}`;
      await recordAudit(
        tx,
        actorOf({ ip: input.ip ?? '', userAgent: input.userAgent ?? null }, null),
        {
          action: 'auth.password_reset',
          entity: 'SESSION',
          entityId: owner.id,
          entityLabel: owner.email,
          summary: `Senha de ${owner.name} redefinida pelo link enviado por e-mail (${requested})`,
          after: {
            requestedAt: consumed.createdAt.toISOString(),
            requestedIp: consumed.requestedIp,
            requestedUserAgent: consumed.requestedUserAgent,
          },
        },
      );
      await enqueueMail(
        tx,
        passwordChangedMail({
          to: owner.email,
          name: owner.name,
          storeName: (await getStoreSettings(tx)).storeName,
          loginUrl: `${config.publicUrl}/dashboard/login`,
        }),
      );
      return true;
    });
    if (!done) return { kind: 'invalid-token' };
    log.info({ staffId: owner.id }, 'staff password reset');
    // The owner proved control of the mailbox: the old password's failed guesses stop counting.
    await this.#throttle.clearAccount(normalizeEmail(owner.email));
    mail.kick();
    return { kind: 'ok' };
  }
}
