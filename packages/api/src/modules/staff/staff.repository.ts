import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db';
import { isUuid } from '../../lib/ids';
import { staff, staffInvitations, type StaffRole, type StaffRow } from './staff.tables';

// Arbitrary constant: two instances starting on an empty database create one admin.
const FIRST_ADMIN_LOCK_KEY = 7_413_029_003;

/** Serialises the first admin's creation (advisory lock held until the transaction ends). */
export async function lockFirstAdminCreation(tx: Transaction): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findStaffById(db: Executor, id: string): Promise<StaffRow | null> {
  // A malformed id is simply nobody (the column is uuid and would raise otherwise).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const rows = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | null> {
  const rows = await db
    .select()
    .from(staff)
    .where(eq(staff.email, normalizeEmail(email)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countStaff(db: Executor): Promise<number> {
  const rows = await db.select({ value: count() }).from(staff);
  return rows[0]?.value ?? 0;
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string;
  brandIds?: string[];
  active?: boolean;
  invitedAt?: Date | null;
  invitedBy?: string | null;
}

export async function insertStaff(db: Executor, input: NewStaff): Promise<StaffRow> {
  const rows = await db
    .insert(staff)
    .values({
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      role: input.role,
      passwordHash: input.passwordHash,
      brandIds: input.brandIds ?? [],
      active: input.active ?? true,
      invitedAt: input.invitedAt ?? null,
      invitedBy: input.invitedBy ?? null,
    })
    .returning();
  return rows[0]!;
}

/** Replaces the stored hash (a rehash at login keeps every session). */
export async function updatePasswordHash(db: Executor, id: string, passwordHash: string) {
  await db
    .update(staff)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(staff.id, id));
}

/** Sets a new password and revokes every token issued before. */
export async function setPasswordAndRevokeTokens(db: Executor, id: string, passwordHash: string) {
  await db
    .update(staff)
    .set({ passwordHash, tokenVersion: sql`${staff.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(staff.id, id));
}

export async function revokeTokens(db: Executor, id: string) {
  await db
    .update(staff)
    .set({ tokenVersion: sql`${staff.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(staff.id, id));
}

export async function deactivateStaff(db: Executor, id: string) {
  await db
    .update(staff)
    .set({ active: false, tokenVersion: sql`${staff.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(staff.id, id));
}

// ---- The team (modules/team) -------------------------------------------------------------------

/** Every staff account, by name (then e-mail, so equal names keep a stable order). */
export async function listStaff(db: Executor): Promise<StaffRow[]> {
  return db
    .select()
    .from(staff)
    .orderBy(asc(sql`lower(${staff.name})`), asc(staff.email));
}

/** The row, locked for the rest of the transaction; null for an unknown or malformed id. */
export async function lockStaffById(tx: Executor, id: string): Promise<StaffRow | null> {
  if (!isUuid(id)) return null;
  const rows = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  return rows[0] ?? null;
}

/**
 * Locks every active ADMIN row (in id order, so concurrent callers queue instead of deadlocking)
 * and returns their ids: a demotion or deactivation that counts admins after this holds under
 * concurrency (the second caller waits and then sees the first one's change).
 */
export async function lockActiveAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'ADMIN'), eq(staff.active, true)))
    .orderBy(asc(staff.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function updateStaffAccess(
  db: Executor,
  id: string,
  access: { role: StaffRole; brandIds: string[] },
): Promise<StaffRow> {
  const rows = await db
    .update(staff)
    .set({ role: access.role, brandIds: access.brandIds, updatedAt: sql`now()` })
    .where(eq(staff.id, id))
    .returning();
  return rows[0]!;
}

/** Activates, or deactivates and ends every session (token version bump), the account. */
export async function setStaffActive(db: Executor, id: string, active: boolean): Promise<StaffRow> {
  const rows = await db
    .update(staff)
    .set(
      active
        ? { active: true, updatedAt: sql`now()` }
        : { active: false, tokenVersion: sql`${staff.tokenVersion} + 1`, updatedAt: sql`now()` },
    )
    .where(eq(staff.id, id))
    .returning();
  return rows[0]!;
}

export async function updateStaffName(db: Executor, id: string, name: string): Promise<StaffRow> {
  const rows = await db
    .update(staff)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(staff.id, id))
    .returning();
  return rows[0]!;
}

/** New password, every earlier token revoked; returns the row (its new token version). */
export async function changePasswordReturning(
  db: Executor,
  id: string,
  passwordHash: string,
): Promise<StaffRow> {
  const rows = await db
    .update(staff)
    .set({ passwordHash, tokenVersion: sql`${staff.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(staff.id, id))
    .returning();
  return rows[0]!;
}

/** Revokes every token issued before; returns the row. */
export async function revokeTokensReturning(db: Executor, id: string): Promise<StaffRow | null> {
  const rows = await db
    .update(staff)
    .set({ tokenVersion: sql`${staff.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(staff.id, id))
    .returning();
  return rows[0] ?? null;
}

/** An accepted invitation: the chosen password, active, signed in now. */
export async function activateInvitedStaff(
  db: Executor,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<StaffRow> {
  const rows = await db
    .update(staff)
    .set({
      passwordHash,
      active: true,
      lastSignInAt: now,
      tokenVersion: sql`${staff.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(staff.id, id))
    .returning();
  return rows[0]!;
}

/** A new invitation link's row; its id names the link in the mail outbox. */
export async function insertInvitation(
  db: Executor,
  input: { staffId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(staffInvitations)
    .values(input)
    .returning({ id: staffInvitations.id });
  return row!.id;
}

/**
 * Gives a still open invitation link a new token (its hash): the mail outbox draws the token when
 * it sends the mail. False when the link was used, revoked or expired.
 */
export async function replaceInvitationTokenHash(
  db: Executor,
  id: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffInvitations)
    .set({ tokenHash })
    .where(
      and(
        eq(staffInvitations.id, id),
        isNull(staffInvitations.usedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning({ id: staffInvitations.id });
  return rows.length > 0;
}

/** Every link of the account not used nor revoked yet stops working. */
export async function revokeOpenInvitations(db: Executor, staffId: string, now: Date) {
  await db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffInvitations.staffId, staffId),
        isNull(staffInvitations.usedAt),
        isNull(staffInvitations.revokedAt),
      ),
    );
}

/** The link behind a token hash while it works (not used, not revoked, not expired). */
export async function findUsableInvitation(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.usedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Marks the link used if it still works; null when it did not (used meanwhile, say). */
export async function consumeInvitation(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.usedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export interface InvitationState {
  /** One of the account's links was used: it accepted its invitation. */
  accepted: boolean;
  /** When the latest link neither used nor revoked stops working (past when it expired). */
  openExpiresAt: Date | null;
}

/** The invitation state of each account (absent: never invited by link). */
export async function invitationStates(
  db: Executor,
  staffIds: readonly string[],
): Promise<Map<string, InvitationState>> {
  const ids = staffIds.filter(isUuid);
  const states = new Map<string, InvitationState>();
  if (ids.length === 0) return states;
  const rows = await db
    .select({
      staffId: staffInvitations.staffId,
      accepted: sql<boolean>`bool_or(${staffInvitations.usedAt} IS NOT NULL)`,
      openExpiresAt:
        sql<Date | null>`max(${staffInvitations.expiresAt}) FILTER (WHERE ${staffInvitations.usedAt} IS NULL AND ${staffInvitations.revokedAt} IS NULL)`.mapWith(
          staffInvitations.expiresAt,
        ),
    })
    .from(staffInvitations)
    .where(inArray(staffInvitations.staffId, ids))
    .groupBy(staffInvitations.staffId);
  for (const row of rows) {
    states.set(row.staffId, {
      accepted: Boolean(row.accepted),
      openExpiresAt: row.openExpiresAt ?? null,
    });
  }
  return states;
}
