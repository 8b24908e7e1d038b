// Two-factor sign-in with an authenticator app (TOTP, totp.ts): enrolment, the check of a code at
// the login and for changes, recovery codes, and the store-wide requirement. A code is accepted
// once: the last accepted time step is kept on the staff row and moved forward atomically
// (UPDATE ... WHERE two_factor_last_step IS NULL OR two_factor_last_step < step), so the same code
// (or an older one) is refused afterwards, on every instance. A recovery code is spent the same
// way (UPDATE ... WHERE used_at IS NULL).
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { loadQrCode } from '../../lib/lazy-modules';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db';
import { AppGraphQLError, badUserInput, forbidden, rateLimited } from '../../graphql/errors';
import type { StaffPrincipal } from '../../graphql/context';
import { staff, staffRecoveryCodes, type StaffRow } from '../staff/staff.tables';
import { recordAudit, type AuditActor } from '../audit/audit';
import { reserveTwoFactorCode } from './login-throttle';
import type { RateLimitStore } from './rate-limit';
import type { TokenService } from './tokens';
import {
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  looksLikeTotp,
  matchTotp,
  normalizeRecoveryCode,
  otpauthUri,
} from './totp';
import { TwoFactorSecretBox } from './twofactor-secret-box';

export const TWO_FACTOR_ISSUER = 'Vitrine';
export const INVALID_CODE_MESSAGE =
  'Código inválido. Confira o horário do celular e tente de novo.';
export const CODE_REQUIRED_MESSAGE = 'Digite o código de 6 dígitos do seu aplicativo autenticador.';
export const SETUP_REQUIRED_MESSAGE =
  'A loja exige verificação em duas etapas. Ative-a em Minha conta para continuar.';
export const ALREADY_ENABLED_MESSAGE = 'A verificação em duas etapas já está ativa nesta conta.';
export const NOT_ENABLED_MESSAGE = 'A verificação em duas etapas não está ativa nesta conta.';
export const NO_ENROLMENT_MESSAGE =
  'Nenhum aplicativo está sendo cadastrado. Comece a ativação de novo.';
export const STORE_REQUIRES_MESSAGE =
  'A loja exige verificação em duas etapas: ela não pode ser desativada.';
/** The longest `otp` / `code` accepted (a recovery code typed with spaces fits easily). */
export const MAX_CODE_LENGTH = 20;

export function twoFactorSetupRequiredError(): AppGraphQLError {
  return new AppGraphQLError(SETUP_REQUIRED_MESSAGE, 'TWO_FACTOR_SETUP_REQUIRED');
}

export interface TwoFactorDeps {
  db: Database;
  clock: Clock;
  tokens: TokenService;
  rateLimits: RateLimitStore;
}

/** How a sign-in code was accepted. */
export type CodeKind = 'totp' | 'recovery';

export interface TwoFactorEnrolment {
  secret: string;
  otpauthUri: string;
  qrCodeSvg: string;
}

/** The staff row as GraphQL's Staff parent: everything but the credentials. */
export function staffParent(row: StaffRow) {
  const { passwordHash: _password, twoFactorSecret: _secret, ...rest } = row;
  return rest;
}

export async function storeRequiresTwoFactor(db: Executor): Promise<boolean> {
  // Plain SQL: the auth module does not depend on the settings module (module-graph.json).
  const result = await db.execute<{ required: boolean }>(
    sql`SELECT require_two_factor AS required FROM store_settings WHERE id = true`,
  );
  return result.rows[0]?.required === true;
}

/** The otpauth URI as an SVG QR code (as payments/brcode.ts draws the Pix one). */
async function qrSvg(text: string): Promise<string> {
  const QRCode = await loadQrCode();
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

const services = new WeakMap<TokenService, TwoFactorService>();

/** One service per app (keyed by its token service, whose key seals the secrets). */
export function twoFactorService(deps: TwoFactorDeps): TwoFactorService {
  let service = services.get(deps.tokens);
  if (!service) {
    service = new TwoFactorService(deps);
    services.set(deps.tokens, service);
  }
  return service;
}

export class TwoFactorService {
  readonly #deps: TwoFactorDeps;
  readonly #box: TwoFactorSecretBox;

  constructor(deps: TwoFactorDeps) {
    this.#deps = deps;
    this.#box = new TwoFactorSecretBox(deps.tokens.deriveSecret('two-factor-secret'));
  }

  /** Whether the account signs in with a second factor. */
  static enabled(row: Pick<StaffRow, 'twoFactorEnabledAt'>): boolean {
    return row.twoFactorEnabledAt !== null && row.twoFactorEnabledAt !== undefined;
  }

  /**
   * Checks and spends a code of an enrolled account: a current TOTP code (its step not used
   * before) or, when `allowRecovery`, an unused recovery code. Null when refused.
   */
  async consumeCode(
    row: StaffRow,
    input: string,
    options: { allowRecovery: boolean } = { allowRecovery: true },
  ): Promise<CodeKind | null> {
    const { db, clock } = this.#deps;
    if (!TwoFactorService.enabled(row) || input.length > MAX_CODE_LENGTH) return null;
    if (looksLikeTotp(input)) {
      const secret = this.#box.open(row.twoFactorSecret);
      if (!secret) return null;
      const step = matchTotp(secret, input, clock.now());
      if (step === null) return null;
      const moved = await db
        .update(staff)
        .set({ twoFactorLastStep: step })
        .where(
          and(
            eq(staff.id, row.id),
            isNotNull(staff.twoFactorEnabledAt),
            or(isNull(staff.twoFactorLastStep), lt(staff.twoFactorLastStep, step)),
          ),
        )
        .returning({ id: staff.id });
      return moved.length > 0 ? 'totp' : null;
    }
    if (!options.allowRecovery) return null;
    const code = normalizeRecoveryCode(input);
    if (!code) return null;
    const spent = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date(clock.now()) })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, row.id),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return spent.length > 0 ? 'recovery' : null;
  }

  /** Unused recovery codes left (after one was used at the login, say). */
  async recoveryCodesLeft(staffId: string): Promise<number> {
    const rows = await this.#deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
    return rows[0]?.n ?? 0;
  }

  async #row(principal: StaffPrincipal): Promise<StaffRow> {
    const rows = await this.#deps.db.select().from(staff).where(eq(staff.id, principal.id));
    const row = rows[0];
    if (!row) throw forbidden();
    return row;
  }

  /** Runs `check` under the code throttle of the account; a wrong code counts as a failure. */
  async #throttled<T>(
    principal: StaffPrincipal,
    actor: AuditActor,
    check: () => Promise<T | null>,
  ): Promise<T> {
    const { rateLimits, clock, db } = this.#deps;
    const reserved = await reserveTwoFactorCode(rateLimits, principal.id, () => clock.now());
    if (!reserved.allowed) throw rateLimited(reserved.retryAfterMs / 1000);
    let result: T | null;
    try {
      result = await check();
    } catch (err) {
      await reserved.reservation.release().catch(() => undefined);
      throw err;
    }
    if (result === null) {
      await reserved.reservation.settle('failure');
      await recordAudit(db, actor, {
        action: 'auth.two_factor_failed',
        entity: 'SESSION',
        entityId: principal.id,
        entityLabel: principal.email,
        summary: 'Código de verificação em duas etapas incorreto',
      });
      throw badUserInput(INVALID_CODE_MESSAGE, 'code');
    }
    await reserved.reservation.settle('success');
    return result;
  }

  /** A new secret for the account (replacing an unconfirmed one); nothing changes until confirmed. */
  async enrolStart(principal: StaffPrincipal): Promise<TwoFactorEnrolment> {
    const { db } = this.#deps;
    const row = await this.#row(principal);
    if (TwoFactorService.enabled(row)) throw badUserInput(ALREADY_ENABLED_MESSAGE);
    const secret = generateTotpSecret();
    const updated = await db
      .update(staff)
      .set({ twoFactorSecret: this.#box.seal(secret), twoFactorLastStep: null })
      .where(and(eq(staff.id, row.id), isNull(staff.twoFactorEnabledAt)))
      .returning({ id: staff.id });
    if (updated.length === 0) throw badUserInput(ALREADY_ENABLED_MESSAGE);
    const uri = otpauthUri({ secret, issuer: TWO_FACTOR_ISSUER, label: row.email });
    return { secret, otpauthUri: uri, qrCodeSvg: await qrSvg(uri) };
  }

  /** Enables two-factor sign-in with a code of the enrolment; answers 10 new recovery codes. */
  async enrolConfirm(
    principal: StaffPrincipal,
    code: string,
    actor: AuditActor,
  ): Promise<string[]> {
    const { db, clock } = this.#deps;
    const row = await this.#row(principal);
    if (TwoFactorService.enabled(row)) throw badUserInput(ALREADY_ENABLED_MESSAGE);
    const stored = row.twoFactorSecret;
    const secret = this.#box.open(stored);
    if (!stored || !secret) throw badUserInput(NO_ENROLMENT_MESSAGE, 'code');
    return this.#throttled(principal, actor, async () => {
      if (code.length > MAX_CODE_LENGTH) return null;
      const step = matchTotp(secret, code, clock.now());
      if (step === null) return null;
      const codes = generateRecoveryCodes();
      const done = await db.transaction(async (tx) => {
        // Still the same enrolment (not restarted meanwhile) and not confirmed twice.
        const enabled = await tx
          .update(staff)
          .set({
            twoFactorEnabledAt: new Date(clock.now()),
            twoFactorLastStep: step,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(staff.id, row.id),
              isNull(staff.twoFactorEnabledAt),
              eq(staff.twoFactorSecret, stored),
            ),
          )
          .returning({ id: staff.id });
        if (enabled.length === 0) return false;
        await this.#replaceRecoveryCodes(tx, row.id, codes);
        await recordAudit(tx, actor, {
          action: 'auth.two_factor_enabled',
          entity: 'STAFF',
          entityId: row.id,
          entityLabel: row.email,
          summary: 'Verificação em duas etapas ativada',
        });
        return true;
      });
      return done ? codes : null;
    });
  }

  /** Turns two-factor sign-in off (a current code or a recovery code); not while the store requires it. */
  async disable(principal: StaffPrincipal, code: string, actor: AuditActor): Promise<StaffRow> {
    const { db } = this.#deps;
    const row = await this.#row(principal);
    if (!TwoFactorService.enabled(row)) throw badUserInput(NOT_ENABLED_MESSAGE);
    if (await storeRequiresTwoFactor(db)) throw forbidden(STORE_REQUIRES_MESSAGE);
    await this.#throttled(principal, actor, () => this.consumeCode(row, code));
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(staff)
        .set({
          twoFactorSecret: null,
          twoFactorEnabledAt: null,
          twoFactorLastStep: null,
          updatedAt: sql`now()`,
        })
        .where(eq(staff.id, row.id))
        .returning();
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id));
      await recordAudit(tx, actor, {
        action: 'auth.two_factor_disabled',
        entity: 'STAFF',
        entityId: row.id,
        entityLabel: row.email,
        summary: 'Verificação em duas etapas desativada',
      });
      return updated!;
    });
  }

  /** New recovery codes (the old ones stop working), with a current code. */
  async regenerateRecoveryCodes(
    principal: StaffPrincipal,
    code: string,
    actor: AuditActor,
  ): Promise<string[]> {
    const { db } = this.#deps;
    const row = await this.#row(principal);
    if (!TwoFactorService.enabled(row)) throw badUserInput(NOT_ENABLED_MESSAGE);
    await this.#throttled(principal, actor, () => this.consumeCode(row, code));
    const codes = generateRecoveryCodes();
    await db.transaction(async (tx) => {
      await this.#replaceRecoveryCodes(tx, row.id, codes);
      await recordAudit(tx, actor, {
        action: 'auth.two_factor_recovery_codes_regenerated',
        entity: 'STAFF',
        entityId: row.id,
        entityLabel: row.email,
        summary: 'Novos códigos de recuperação gerados',
      });
    });
    return codes;
  }

  async #replaceRecoveryCodes(tx: Executor, staffId: string, codes: string[]): Promise<void> {
    const now = new Date(this.#deps.clock.now());
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((code) => ({ staffId, codeHash: hashRecoveryCode(code), createdAt: now })));
  }
}
