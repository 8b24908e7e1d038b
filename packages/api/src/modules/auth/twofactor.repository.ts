// The SQL of two-factor sign-in (twofactor.service.ts): the staff row's secret, enablement and last
// accepted time step, the recovery codes, and the store's requirement.
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { staff, staffRecoveryCodes, type StaffRow } from '../staff/staff.tables';

export async function readStoreRequiresTwoFactor(db: Executor): Promise<boolean> {
  // Plain SQL: the auth module does not depend on the settings module (module-graph.json).
  const result = await db.execute<{ required: boolean }>(
    sql`SELECT require_two_factor AS required FROM store_settings WHERE id = true`,
  );
  return result.rows[0]?.required === true;
}

/**
 * Moves the enrolled account's last accepted time step forward to `step` (only when it is newer);
 * whether it moved.
 */
export async function advanceTwoFactorStep(
  db: Executor,
  staffId: string,
  step: number,
): Promise<boolean> {
  const moved = await db
    .update(staff)
    .set({ twoFactorLastStep: step })
    .where(
      and(
        eq(staff.id, staffId),
        isNotNull(staff.twoFactorEnabledAt),
        or(isNull(staff.twoFactorLastStep), lt(staff.twoFactorLastStep, step)),
      ),
    )
    .returning({ id: staff.id });
  return moved.length > 0;
}

/** Marks the account's unused recovery code with this hash used; whether there was one. */
export async function spendRecoveryCode(
  db: Executor,
  staffId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return spent.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, staffId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return rows[0]?.n ?? 0;
}

export async function twoFactorStaffRow(
  db: Executor,
  staffId: string,
): Promise<StaffRow | undefined> {
  const rows = await db.select().from(staff).where(eq(staff.id, staffId));
  return rows[0];
}

/**
 * Stores a new sealed secret (and clears the last step) while two-factor sign-in is not enabled;
 * whether it was stored.
 */
export async function storeEnrolmentSecret(
  db: Executor,
  staffId: string,
  sealedSecret: string,
): Promise<boolean> {
  const updated = await db
    .update(staff)
    .set({ twoFactorSecret: sealedSecret, twoFactorLastStep: null })
    .where(and(eq(staff.id, staffId), isNull(staff.twoFactorEnabledAt)))
    .returning({ id: staff.id });
  return updated.length > 0;
}

/**
 * Enables two-factor sign-in with the enrolment's secret `storedSecret` (still the same, not
 * confirmed twice), `step` as the last accepted one; whether it was enabled.
 */
export async function enableTwoFactor(
  tx: Executor,
  staffId: string,
  storedSecret: string,
  enabledAt: Date,
  step: number,
): Promise<boolean> {
  const enabled = await tx
    .update(staff)
    .set({
      twoFactorEnabledAt: enabledAt,
      twoFactorLastStep: step,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(staff.id, staffId),
        isNull(staff.twoFactorEnabledAt),
        eq(staff.twoFactorSecret, storedSecret),
      ),
    )
    .returning({ id: staff.id });
  return enabled.length > 0;
}

/** Clears the account's secret, enablement and last step; answers the row as it is now. */
export async function clearTwoFactor(tx: Executor, staffId: string): Promise<StaffRow | undefined> {
  const [updated] = await tx
    .update(staff)
    .set({
      twoFactorSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
      updatedAt: sql`now()`,
    })
    .where(eq(staff.id, staffId))
    .returning();
  return updated;
}

export async function deleteRecoveryCodes(tx: Executor, staffId: string): Promise<void> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
}

export async function insertRecoveryCodes(
  tx: Executor,
  staffId: string,
  codeHashes: string[],
  createdAt: Date,
): Promise<void> {
  await tx
    .insert(staffRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ staffId, codeHash, createdAt })));
}
