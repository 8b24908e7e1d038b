import { eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { storeSettings, type StoreSettingsRow } from './settings.tables';

export async function getStoreSettings(db: Executor): Promise<StoreSettingsRow> {
  const rows = await db.select().from(storeSettings).where(eq(storeSettings.id, true)).limit(1);
  const row = rows[0];
  // The migration inserts the row; its absence means the database was tampered with.
  if (!row) throw new Error('store_settings row is missing');
  return row;
}
