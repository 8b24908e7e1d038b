// Migration 0010 moves the Pix hold from hours to minutes (issue 11, item 1): a store that never
// chose one (the old 24-hour default) gets 30 minutes; a hold an admin chose is kept, at most
// 24 hours. Each case migrates a fresh database to 0009, sets the old value, then applies 0010.
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/helpers';
import { openDatabase, type OpenedDatabase } from '../../db';
import { MIGRATIONS_DIR, migrate } from '../../db/migrate';

let opened: OpenedDatabase | null = null;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
let dir: string | null = null;

afterEach(async () => {
  await opened?.close();
  await scratch?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
  opened = null;
  scratch = null;
  dir = null;
});

/** A database migrated up to 0009, and a function applying 0010 to it. */
async function databaseBefore0010() {
  const baseUrl = process.env.TEST_DATABASE_URL?.trim();
  scratch = baseUrl ? await createScratchDatabase(baseUrl) : null;
  opened = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: 'memory://' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-0010-'));
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_.*\.sql$/.test(name));
  for (const name of names.filter((name) => name < '0010')) {
    await copyFile(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
  }
  const db = opened.db;
  await migrate(db, dir);
  const target = dir;
  return {
    db,
    async apply0010() {
      const name = names.find((candidate) => candidate.startsWith('0010_'))!;
      await copyFile(path.join(MIGRATIONS_DIR, name), path.join(target, name));
      expect(await migrate(db, target)).toEqual([name]);
      const result = await db.execute<{ minutes: number }>(
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
