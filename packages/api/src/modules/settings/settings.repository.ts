// Settings SQL: the store_settings and payment_settings rows (one each) and the settings_changes log.
import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db';
import {
  paymentSettings,
  settingsChanges,
  storeSettings,
  type PaymentSettingsRow,
  type StoreSettingsRow,
} from './settings.tables';

export async function getStoreSettings(db: Executor): Promise<StoreSettingsRow> {
  const rows = await db.select().from(storeSettings).where(eq(storeSettings.id, true)).limit(1);
  const row = rows[0];
  // The migration inserts the row; its absence means the database was tampered with.
  if (!row) throw new Error('store_settings row is missing');
  return row;
}

/** The payment_settings row (the Pix receiving account), `for update` when `lock`; null if none. */
export async function findPaymentSettings(
  db: Executor,
  lock: boolean,
): Promise<PaymentSettingsRow | null> {
  const query = db.select().from(paymentSettings).where(eq(paymentSettings.id, true)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The store_settings row locked (`for update`) until the transaction ends; null if none. */
export async function lockStoreSettings(tx: Transaction): Promise<StoreSettingsRow | null> {
  const [row] = await tx
    .select()
    .from(storeSettings)
    .where(eq(storeSettings.id, true))
    .for('update');
  return row ?? null;
}

/** Who changes the settings: stamped on the rows they change and on the log entry. */
export interface SettingsEditor {
  staffId: string;
  name: string;
}

function stampedBy(editor: SettingsEditor) {
  return { updatedAt: sql`now()`, updatedBy: editor.staffId, updatedByName: editor.name };
}

export async function updateStoreSettingsRow(
  db: Executor,
  values: Record<string, unknown>,
  editor: SettingsEditor,
): Promise<void> {
  await db
    .update(storeSettings)
    .set({ ...values, ...stampedBy(editor) })
    .where(eq(storeSettings.id, true));
}

export async function updatePaymentSettingsRow(
  db: Executor,
  values: Record<string, unknown>,
  editor: SettingsEditor,
): Promise<void> {
  await db
    .update(paymentSettings)
    .set({ ...values, ...stampedBy(editor) })
    .where(eq(paymentSettings.id, true));
}

export async function insertSettingsChange(
  db: Executor,
  editor: SettingsEditor,
  changes: Record<string, { from: unknown; to: unknown }>,
): Promise<void> {
  await db
    .insert(settingsChanges)
    .values({ staffId: editor.staffId, staffName: editor.name, changes });
}
