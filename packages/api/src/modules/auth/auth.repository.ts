import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db';
import { staff } from '../staff/staff.tables';
import { passwordResetTokens, revokedRefreshTokens } from './auth.tables';

/** Locks the staff row for the rest of the transaction (serialises reset requests per account). */
export async function lockStaffRow(tx: Executor, staffId: string): Promise<void> {
  await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).for('update');
}

export async function latestResetTokenCreatedAt(
  tx: Executor,
  staffId: string,
): Promise<Date | null> {
  const rows = await tx
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.staffId, staffId))
    .orderBy(desc(passwordResetTokens.createdAt))
    .limit(1);
  return rows[0]?.createdAt ?? null;
}

/** Earlier unused tokens stop working when a new one is issued. */
export async function invalidateUnusedResetTokens(tx: Executor, staffId: string, now: Date) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.staffId, staffId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(
  tx: Executor,
  input: { staffId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await tx.insert(passwordResetTokens).values(input);
}

/** The staff id behind a usable token (unused, unexpired), without consuming it. */
export async function findUsableResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ staffId: string } | null> {
  const rows = await db
    .select({ staffId: passwordResetTokens.staffId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Consumes the token: a conditional update, so of any number of concurrent confirmations exactly
 * one gets the row back.
 */
export async function consumeResetToken(
  tx: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ staffId: string } | null> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ staffId: passwordResetTokens.staffId });
  return rows[0] ?? null;
}

/** Ends one refresh token (idempotent); also drops revocations of tokens that expired anyway. */
export async function revokeRefreshToken(
  db: Executor,
  input: { jti: string; staffId: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(revokedRefreshTokens).where(lt(revokedRefreshTokens.expiresAt, now));
  await db.insert(revokedRefreshTokens).values(input).onConflictDoNothing();
}

export async function isRefreshTokenRevoked(db: Executor, jti: string): Promise<boolean> {
  const rows = await db
    .select({ jti: revokedRefreshTokens.jti })
    .from(revokedRefreshTokens)
    .where(eq(revokedRefreshTokens.jti, jti))
    .limit(1);
  return rows.length > 0;
}
