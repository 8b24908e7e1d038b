import { count, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db';
import { staff, type StaffRole, type StaffRow } from './staff.tables';

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
