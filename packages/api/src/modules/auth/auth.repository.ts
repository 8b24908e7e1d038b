import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
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

/** A new reset link's row; its id names the link in the mail outbox. */
export async function insertResetToken(
  tx: Executor,
  input: {
    staffId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    requestedIp: string | null;
    requestedUserAgent: string | null;
  },
): Promise<string> {
  const [row] = await tx
    .insert(passwordResetTokens)
    .values(input)
    .returning({ id: passwordResetTokens.id });
  return row!.id;
}

/**
 * Gives a still usable reset link a new token (its hash): the mail outbox draws the token when it
 * sends the mail. False when the link was used, replaced or expired.
 */
export async function replaceResetTokenHash(
  tx: Executor,
  id: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ tokenHash })
    .where(
      and(
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
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
): Promise<{
  staffId: string;
  createdAt: Date;
  requestedIp: string | null;
  requestedUserAgent: string | null;
} | null> {
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
    .returning({
      staffId: passwordResetTokens.staffId,
      createdAt: passwordResetTokens.createdAt,
      requestedIp: passwordResetTokens.requestedIp,
      requestedUserAgent: passwordResetTokens.requestedUserAgent,
    });
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

/** Keeps `candidate` as the secret `name` unless one is there already (the first insert wins). */
export async function insertSecretIfAbsent(
  db: Executor,
  name: string,
  candidate: string,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO secrets (name, value) VALUES (${name}, ${candidate}) ON CONFLICT (name) DO NOTHING`,
  );
}

/** The secret `name` as stored, or undefined. */
export async function readSecret(db: Executor, name: string): Promise<string | undefined> {
  const result = await db.execute<{ value: string }>(
    sql`SELECT value FROM secrets WHERE name = ${name}`,
  );
  return result.rows[0]?.value;
}

/** Whether the staff member has not enrolled in two-factor sign-in while the store requires it. */
export async function isTwoFactorSetupPending(db: Executor, staffId: string): Promise<boolean> {
  const result = await db.execute<{ pending: boolean }>(
    sql`SELECT (s.two_factor_enabled_at IS NULL AND ss.require_two_factor) AS pending
          FROM staff s CROSS JOIN store_settings ss
         WHERE s.id = ${staffId} AND ss.id = true`,
  );
  return result.rows[0]?.pending === true;
}

export async function setLastSignInAt(db: Executor, staffId: string, now: Date): Promise<void> {
  await db.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, staffId));
}
