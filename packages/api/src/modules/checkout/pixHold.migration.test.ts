// Migration 0010 moves the Pix hold from hours to minutes (issue 11, item 1): a store that never
// chose one (the old 24-hour default) gets 30 minutes; a hold an admin chose is kept, at most
// 24 hours. Each case migrates a fresh database to 0009, sets the old value, then applies 0010.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationDatabases } from '../../../test/migrations';

const databaseBefore = migrationDatabases();

/** A database migrated up to 0009, and a function applying 0010 to it (the hold it leaves). */
async function databaseBefore0010() {
  const database = await databaseBefore('0010');
  return {
    db: database.db,
    async apply0010() {
      await database.apply();
      const result = await database.db.execute<{ minutes: number }>(
        sql`SELECT pix_expiry_minutes AS minutes FROM payment_settings`,
      );
      return Number(result.rows[0]!.minutes);
    },
  };
}

describe('migration 0010: the Pix hold in minutes', () => {
  it('gives a store that never chose a hold (24 hours by default) 30 minutes', async () => {
    const { apply0010 } = await databaseBefore0010();
    expect(await apply0010()).toBe(30);
  });

  it('keeps the hours an admin chose, in minutes', async () => {
    const { db, apply0010 } = await databaseBefore0010();
    await db.execute(sql`UPDATE payment_settings SET pix_expiry_hours = 6`);
    await db.execute(
      sql`INSERT INTO settings_changes (staff_name, changes) VALUES ('Ana Admin', '{"pixExpiryHours": {"from": 24, "to": 6}}')`,
    );
    expect(await apply0010()).toBe(360);
  });

  it('caps a chosen hold longer than 24 hours', async () => {
    const { db, apply0010 } = await databaseBefore0010();
    await db.execute(sql`UPDATE payment_settings SET pix_expiry_hours = 72`);
    await db.execute(
      sql`INSERT INTO settings_changes (staff_name, changes) VALUES ('Ana Admin', '{"pixExpiryHours": {"from": 24, "to": 72}}')`,
    );
    expect(await apply0010()).toBe(1440);
  });
});
