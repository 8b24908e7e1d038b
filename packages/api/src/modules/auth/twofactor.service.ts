// Two-factor sign-in with an authenticator app (TOTP, totp.ts): enrolment, the check of a code at
// the login and for changes, recovery codes, and the store-wide requirement. A code is accepted
// once: the last accepted time step is kept on the staff row and moved forward atomically
// (UPDATE ... WHERE two_factor_last_step IS NULL OR two_factor_last_step < step), so the same code
// (or an older one) is refused afterwards, on every instance. A recovery code is spent the same
// way (UPDATE ... WHERE used_at IS NULL).
import { loadQrCode } from '../../lib/lazy-modules';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db';
import { AppGraphQLError, badUserInput, forbidden, rateLimited } from '../../graphql/errors';
import type { StaffPrincipal } from '../../graphql/context';
import type { StaffRow } from '../staff/staff.tables';
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
import {
  advanceTwoFactorStep,
  clearTwoFactor,
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  enableTwoFactor,
  insertRecoveryCodes,
  readStoreRequiresTwoFactor,
  spendRecoveryCode,
  storeEnrolmentSecret,
  twoFactorStaffRow,
} from './twofactor.repository';
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

export function storeRequiresTwoFactor(db: Executor): Promise<boolean> {
  return readStoreRequiresTwoFactor(db);
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
      return (await advanceTwoFactorStep(db, row.id, step)) ? 'totp' : null;
    }
    if (!options.allowRecovery) return null;
    const code = normalizeRecoveryCode(input);
    if (!code) return null;
    const spent = await spendRecoveryCode(
      db,
      row.id,
      hashRecoveryCode(code),
      new Date(clock.now()),
    );
    return spent ? 'recovery' : null;
  }

  /** Unused recovery codes left (after one was used at the login, say). */
  async recoveryCodesLeft(staffId: string): Promise<number> {
    return countUnusedRecoveryCodes(this.#deps.db, staffId);
  }

  async #row(principal: StaffPrincipal): Promise<StaffRow> {
    const row = await twoFactorStaffRow(this.#deps.db, principal.id);
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
    const stored = await storeEnrolmentSecret(db, row.id, this.#box.seal(secret));
    if (!stored) throw badUserInput(ALREADY_ENABLED_MESSAGE);
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
        const enabled = await enableTwoFactor(tx, row.id, stored, new Date(clock.now()), step);
        if (!enabled) return false;
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
      const updated = await clearTwoFactor(tx, row.id);
      await deleteRecoveryCodes(tx, row.id);
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
    await deleteRecoveryCodes(tx, staffId);
    await insertRecoveryCodes(
      tx,
      staffId,
      codes.map((code) => hashRecoveryCode(code)),
      now,
    );
  }
}
