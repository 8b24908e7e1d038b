// Staff account management shared by the server start-up (first admin) and the CLI.
import { randomBytes } from 'node:crypto';
import { checkEmail as checkEmailRule } from '@vitrine/rules';
import type { Database } from '../../db';
import type { PasswordHasher } from './password';
import { passwordProblems } from './password-rules';
import {
  countStaff,
  deactivateStaff,
  findStaffByEmail,
  insertStaff,
  lockFirstAdminCreation,
  normalizeEmail,
  setPasswordAndRevokeTokens,
} from './staff.repository';
import { staffRoles, type StaffRole, type StaffRow } from './staff.tables';

/** A mistake in what the operator asked for; the message is meant for them (pt-BR). */
export class StaffInputError extends Error {}

export const DEFAULT_ADMIN_EMAIL = 'admin@vitrine.local';

/** A random password that passes the rules: 24 base64url characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export function parseRole(value: string): StaffRole {
  const role = value.trim().toUpperCase();
  if (!(staffRoles as readonly string[]).includes(role)) {
    throw new StaffInputError(`Papel inválido: "${value}". Use ${staffRoles.join(', ')}.`);
  }
  return role as StaffRole;
}

function checkEmail(email: string): string {
  // The store's one e-mail rule (@vitrine/rules): no quoted local part, no invisible character.
  const checked = checkEmailRule(email);
  if (!checked.ok)
    throw new StaffInputError(`E-mail inválido: ${JSON.stringify(email)}. ${checked.message}`);
  return normalizeEmail(checked.email);
}

function checkPassword(password: string, email: string): void {
  const problems = passwordProblems(password, email);
  if (problems.length > 0) throw new StaffInputError(`Senha recusada: ${problems.join(' ')}`);
}

export interface CreateStaffInput {
  email: string;
  name: string;
  role: StaffRole;
  password?: string;
  brandIds?: string[];
}

export interface CreatedStaff {
  staff: StaffRow;
  /** Set when the password was generated: show it once, it is stored only as a hash. */
  generatedPassword: string | null;
}

export async function createStaffAccount(
  db: Database,
  hasher: PasswordHasher,
  input: CreateStaffInput,
): Promise<CreatedStaff> {
  const email = checkEmail(input.email);
  const name = input.name.trim();
  if (!name) throw new StaffInputError('Informe o nome.');
  const generatedPassword = input.password === undefined ? generatePassword() : null;
  const password = input.password ?? generatedPassword!;
  checkPassword(password, email);
  if (await findStaffByEmail(db, email)) {
    throw new StaffInputError(`Já existe uma conta com o e-mail ${email}.`);
  }
  const staff = await insertStaff(db, {
    email,
    name,
    role: input.role,
    brandIds: input.brandIds,
    passwordHash: await hasher.hash(password),
  });
  return { staff, generatedPassword };
}

/** Sets a new password (given or generated) and ends every session of the account. */
export async function resetStaffPassword(
  db: Database,
  hasher: PasswordHasher,
  emailInput: string,
  password?: string,
): Promise<{ staff: StaffRow; generatedPassword: string | null }> {
  const email = checkEmail(emailInput);
  const staff = await findStaffByEmail(db, email);
  if (!staff) throw new StaffInputError(`Nenhuma conta com o e-mail ${email}.`);
  const generatedPassword = password === undefined ? generatePassword() : null;
  const chosen = password ?? generatedPassword!;
  checkPassword(chosen, email);
  await setPasswordAndRevokeTokens(db, staff.id, await hasher.hash(chosen));
  return { staff, generatedPassword };
}

export async function deactivateStaffAccount(db: Database, emailInput: string): Promise<StaffRow> {
  const email = checkEmail(emailInput);
  const staff = await findStaffByEmail(db, email);
  if (!staff) throw new StaffInputError(`Nenhuma conta com o e-mail ${email}.`);
  // Also bumps the token version: every session of the account ends at once.
  await deactivateStaff(db, staff.id);
  return staff;
}

export interface FirstAdminLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * On an empty staff table, creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * random password printed once to the log. Returns the created account, or null when staff exist.
 */
export async function ensureFirstAdmin(
  db: Database,
  hasher: PasswordHasher,
  settings: { adminEmail: string | null; adminPassword: string | null },
  log: FirstAdminLog,
): Promise<CreatedStaff | null> {
  if ((await countStaff(db)) > 0) return null;
  const email = checkEmail(settings.adminEmail ?? DEFAULT_ADMIN_EMAIL);
  const generatedPassword = settings.adminPassword ? null : generatePassword();
  const password = settings.adminPassword ?? generatedPassword!;
  if (settings.adminPassword) {
    const problems = passwordProblems(password, email);
    if (problems.length > 0) {
      throw new StaffInputError(`ADMIN_PASSWORD recusada: ${problems.join(' ')}`);
    }
  }
  const passwordHash = await hasher.hash(password);
  const created = await db.transaction(async (tx) => {
    await lockFirstAdminCreation(tx);
    if ((await countStaff(tx)) > 0) return null;
    return insertStaff(tx, { email, name: 'Administrador', role: 'ADMIN', passwordHash });
  });
  if (!created) return null;
  if (generatedPassword) {
    log.warn(
      `Primeira conta de administrador criada: ${email} com a senha ${generatedPassword} — ` +
        'ela não será mostrada de novo; troque-a pelo painel ou com "npm run staff -- reset-password".',
    );
  } else {
    log.info(`Primeira conta de administrador criada: ${email} (senha de ADMIN_PASSWORD).`);
  }
  return { staff: created, generatedPassword };
}

/** The demo store's extra staff, one per role below ADMIN (DEMO_STAFF_PASSWORD). */
export const DEMO_STAFF = [
  {
    email: 'marcas@vitrine.local',
    name: 'Marina Souza',
    role: 'BRAND_MANAGER',
    brandSlugs: ['aurora-textil', 'mandacaru-calcados'],
  },
  { email: 'atendimento@vitrine.local', name: 'Bruno Lima', role: 'SUPPORT', brandSlugs: [] },
] as const satisfies readonly {
  email: string;
  name: string;
  role: StaffRole;
  brandSlugs: readonly string[];
}[];

/**
 * A demo store just seeded gets a brand manager and a support account with DEMO_STAFF_PASSWORD,
 * so each role can be tried from the browser; accounts that exist already are left alone.
 * `brandIdOf` turns a demo brand's slug into its id (the catalog's, passed in by the caller).
 */
export async function seedDemoStaff(
  db: Database,
  hasher: PasswordHasher,
  password: string,
  brandIdOf: (slug: string) => Promise<string | null>,
): Promise<StaffRow[]> {
  const created: StaffRow[] = [];
  for (const account of DEMO_STAFF) {
    if (await findStaffByEmail(db, account.email)) continue;
    const brandIds: string[] = [];
    for (const slug of account.brandSlugs) {
      const id = await brandIdOf(slug);
      if (id) brandIds.push(id);
    }
    const { staff } = await createStaffAccount(db, hasher, {
      email: account.email,
      name: account.name,
      role: account.role,
      brandIds,
      password,
    });
    created.push(staff);
  }
  return created;
}
