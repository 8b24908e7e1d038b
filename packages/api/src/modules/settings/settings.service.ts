// The store's settings as staff see and change them: store_settings (core) and payment_settings
// (the Pix receiving account) in one view, updated together in one transaction with a log row.
import type { Database, Executor } from '../../db';
import {
  findPaymentSettings,
  getStoreSettings,
  insertSettingsChange,
  lockStoreSettings,
  updatePaymentSettingsRow,
  updateStoreSettingsRow,
} from './settings.repository';
import { formatPhone } from '@vitrine/rules';
import type { StoreSettingsRow } from './settings.tables';
import type { SettingsPatch } from './settings.validation';

export interface AdminSettingsView {
  storeName: string;
  pixKey: string | null;
  pixMerchantName: string;
  pixMerchantCity: string;
  pixExpiryMinutes: number;
  /** Deprecated: pixExpiryMinutes in whole hours, rounded up. */
  pixExpiryHours: number;
  pixDiscountPercent: number;
  maxInstallments: number;
  minInstallmentCents: number;
  freeShippingThresholdCents: number | null;
  analyticsMeasurementId: string | null;
  heroTitle: string;
  heroSubtitle: string;
  /** The legal identity: razão social, CNPJ (masked), address, e-mail and phone (masked). */
  legalName: string | null;
  cnpj: string | null;
  legalAddress: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  guestMaxUnitsPerLine: number;
  guestMaxUnitsPerOrder: number;
  updatedAt: string;
  updatedByName: string | null;
}

const STORE_FIELDS = [
  'storeName',
  'pixDiscountPercent',
  'maxInstallments',
  'minInstallmentCents',
  'freeShippingThresholdCents',
  'analyticsMeasurementId',
  'heroTitle',
  'heroSubtitle',
  'legalName',
  'cnpj',
  'legalAddress',
  'contactEmail',
  'contactPhone',
  'guestMaxUnitsPerLine',
  'guestMaxUnitsPerOrder',
] as const;
const PAYMENT_FIELDS = [
  'pixKey',
  'pixMerchantName',
  'pixMerchantCity',
  'pixExpiryMinutes',
] as const;

/** The legal identity as shown: CNPJ and phone masked ('12.345.678/0001-95', '(11) 3456-7890'). */
export function legalIdentityView(store: StoreSettingsRow) {
  const cnpj = store.cnpj;
  return {
    legalName: store.legalName,
    cnpj:
      cnpj === null
        ? null
        : `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
    legalAddress: store.legalAddress,
    contactEmail: store.contactEmail,
    contactPhone: store.contactPhone === null ? null : formatPhone(store.contactPhone),
  };
}

async function paymentRow(db: Executor, lock: boolean) {
  const row = await findPaymentSettings(db, lock);
  if (!row) throw new Error('payment_settings row is missing');
  return row;
}

export async function getAdminSettings(db: Executor): Promise<AdminSettingsView> {
  const store = await getStoreSettings(db);
  const payment = await paymentRow(db, false);
  // The later of the two rows says when (and by whom) the settings last changed.
  const latest = payment.updatedAt > store.updatedAt ? payment : store;
  return {
    storeName: store.storeName,
    pixKey: payment.pixKey,
    pixMerchantName: payment.pixMerchantName,
    pixMerchantCity: payment.pixMerchantCity,
    pixExpiryMinutes: payment.pixExpiryMinutes,
    pixExpiryHours: Math.ceil(payment.pixExpiryMinutes / 60),
    pixDiscountPercent: store.pixDiscountPercent,
    maxInstallments: store.maxInstallments,
    minInstallmentCents: store.minInstallmentCents,
    freeShippingThresholdCents: store.freeShippingThresholdCents,
    analyticsMeasurementId: store.analyticsMeasurementId,
    heroTitle: store.heroTitle,
    heroSubtitle: store.heroSubtitle,
    ...legalIdentityView(store),
    guestMaxUnitsPerLine: store.guestMaxUnitsPerLine,
    guestMaxUnitsPerOrder: store.guestMaxUnitsPerOrder,
    updatedAt: latest.updatedAt.toISOString(),
    updatedByName: latest.updatedByName,
  };
}

export interface SettingsActor {
  staffId: string;
  name: string;
}

/**
 * Applies a validated patch: only fields whose value really changes are written, with who and
 * when on the row and a settings_changes entry listing each field's old and new value.
 */
export async function updateSettings(
  db: Database,
  actor: SettingsActor,
  patch: SettingsPatch,
): Promise<AdminSettingsView> {
  return db.transaction(async (tx) => {
    const store = await lockStoreSettings(tx);
    if (!store) throw new Error('store_settings row is missing');
    const payment = await paymentRow(tx, true);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const storeSet: Record<string, unknown> = {};
    const paymentSet: Record<string, unknown> = {};
    for (const field of STORE_FIELDS) {
      const next = patch[field];
      if (next === undefined || next === store[field]) continue;
      changes[field] = { from: store[field], to: next };
      storeSet[field] = next;
    }
    for (const field of PAYMENT_FIELDS) {
      const next = patch[field];
      if (next === undefined || next === payment[field]) continue;
      changes[field] = { from: payment[field], to: next };
      paymentSet[field] = next;
    }
    if (Object.keys(storeSet).length > 0) {
      await updateStoreSettingsRow(tx, storeSet, actor);
    }
    if (Object.keys(paymentSet).length > 0) {
      await updatePaymentSettingsRow(tx, paymentSet, actor);
    }
    if (Object.keys(changes).length > 0) {
      await insertSettingsChange(tx, actor, changes);
    }
    return getAdminSettings(tx);
  });
}
