// The store's settings as staff see and change them: store_settings (core) and payment_settings
// (the Pix receiving account) in one view, updated together in one transaction with a log row.
import type { Database, Executor } from '../../db';
import { recordAudit, type AuditActor } from '../audit/audit';
import {
  findPaymentSettings,
  getStoreSettings,
  insertSettingsChange,
  lockStoreSettings,
  updatePaymentSettingsRow,
  updateStoreSettingsRow,
} from './settings.repository';
import {
  fieldLabel,
  formatCnpj,
  formatPhone,
  installmentTableOf,
  SETTINGS_MESSAGES,
  type InstallmentTableSettings,
} from '@vitrine/rules';
import {
  FISCAL_SETTINGS_FIELDS,
  fiscalConflict,
  fiscalSettingsView,
  type FiscalSettingsView,
} from './settings.fiscal';
import type { StoreSettingsRow } from './settings.tables';
import type { SettingsPatch } from './settings.validation';

/** Every setting as staff see it; the NF-e's fiscal data (settings.fiscal.ts) included. */
export interface AdminSettingsView extends FiscalSettingsView {
  storeName: string;
  pixKey: string | null;
  pixMerchantName: string;
  pixMerchantCity: string;
  pixExpiryMinutes: number;
  /** A Pix order's total told apart from other open ones by a few centavos of Pix discount. */
  pixUniqueCents: boolean;
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
  /** Instalments carrying no interest: at most maxInstallments. */
  interestFreeInstallments: number;
  /** Monthly interest of the plans past the interest-free ones (0: none offered). */
  installmentInterestPercent: number;
  /** Every staff member must sign in with a second factor (enforced by the auth module). */
  requireTwoFactor: boolean;
  exchangesPolicyText: string | null;
  privacyPolicyText: string | null;
  contactPageText: string | null;
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
  'interestFreeInstallments',
  'installmentInterestPercent',
  'requireTwoFactor',
  'exchangesPolicyText',
  'privacyPolicyText',
  'contactPageText',
  ...FISCAL_SETTINGS_FIELDS,
] as const;
const PAYMENT_FIELDS = [
  'pixKey',
  'pixMerchantName',
  'pixMerchantCity',
  'pixExpiryMinutes',
  'pixUniqueCents',
] as const;

/** The legal identity as shown: CNPJ and phone masked ('12.345.678/0001-95', '(11) 3456-7890'). */
export function legalIdentityView(store: StoreSettingsRow) {
  const cnpj = store.cnpj;
  return {
    legalName: store.legalName,
    cnpj: cnpj === null ? null : formatCnpj(cnpj),
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
    pixUniqueCents: payment.pixUniqueCents,
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
    interestFreeInstallments: store.interestFreeInstallments,
    installmentInterestPercent: store.installmentInterestPercent,
    requireTwoFactor: store.requireTwoFactor,
    exchangesPolicyText: store.exchangesPolicyText,
    privacyPolicyText: store.privacyPolicyText,
    contactPageText: store.contactPageText,
    ...fiscalSettingsView(store),
    updatedAt: latest.updatedAt.toISOString(),
    updatedByName: latest.updatedByName,
  };
}

export interface SettingsActor {
  staffId: string;
  name: string;
}

/**
 * The store's instalment table (@vitrine/rules installmentTableOf). The checkout, the payment and
 * the storefront's InstallmentRules all read it from here.
 */
export function installmentSettingsOf(
  store: Pick<
    StoreSettingsRow,
    | 'maxInstallments'
    | 'interestFreeInstallments'
    | 'minInstallmentCents'
    | 'installmentInterestPercent'
  >,
): InstallmentTableSettings {
  return installmentTableOf(store);
}

/** Thrown when a patch is valid alone but not with the stored settings (field named). */
export class SettingsConflictError extends Error {
  override name = 'SettingsConflictError';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** 'chave@loja.com.br' -> 'ch***@loja.com.br', '12345678909' -> '123******09': for the audit log. */
export function maskPixKey(key: string | null): string | null {
  if (key === null) return null;
  const at = key.indexOf('@');
  if (at > 0) return `${key.slice(0, Math.min(2, at))}***${key.slice(at)}`;
  if (key.length <= 6) return '***';
  return `${key.slice(0, 3)}${'*'.repeat(Math.max(3, key.length - 5))}${key.slice(-2)}`;
}

/** Long texts go into the audit log as their length only. */
function auditValue(field: string, value: unknown): unknown {
  if (field === 'pixKey') return maskPixKey(value as string | null);
  if (typeof value === 'string' && value.length > 200) return `(${value.length} caracteres)`;
  return value;
}

/**
 * Interest-free installments never exceed maxInstallments: lowering maxInstallments below them
 * lowers them too (every installment offered is interest-free, so nothing else changes for the
 * shopper); raising interestFreeInstallments above maxInstallments is refused.
 */
function reconcileInstallments(store: StoreSettingsRow, patch: SettingsPatch): SettingsPatch {
  const max = patch.maxInstallments ?? store.maxInstallments;
  if (patch.interestFreeInstallments !== undefined) {
    if (patch.interestFreeInstallments > max) {
      throw new SettingsConflictError(
        SETTINGS_MESSAGES.interestFreeAboveMax(max),
        'interestFreeInstallments',
      );
    }
    return patch;
  }
  if (store.interestFreeInstallments > max) return { ...patch, interestFreeInstallments: max };
  return patch;
}

/**
 * Applies a validated patch: only fields whose value really changes are written, with who and
 * when on the row, a settings_changes entry listing each field's old and new value and an audit
 * entry (settings.update, the Pix key masked) in the same transaction.
 */
export async function updateSettings(
  db: Database,
  actor: SettingsActor,
  rawPatch: SettingsPatch,
  audit: AuditActor,
): Promise<AdminSettingsView> {
  return db.transaction(async (tx) => {
    const store = await lockStoreSettings(tx);
    if (!store) throw new Error('store_settings row is missing');
    const patch = reconcileInstallments(store, rawPatch);
    const conflict = fiscalConflict(store, patch);
    if (conflict) throw new SettingsConflictError(conflict.message, conflict.field);
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
    const changed = Object.keys(changes);
    if (changed.length > 0) {
      await insertSettingsChange(tx, actor, changes);
      await recordAudit(tx, audit, {
        action: 'settings.update',
        entity: 'SETTINGS',
        entityId: 'store',
        entityLabel: 'Configurações da loja',
        summary: `Configurações alteradas: ${changed.map((field) => fieldLabel(field)).join(', ')}.`,
        before: Object.fromEntries(changed.map((f) => [f, auditValue(f, changes[f]!.from)])),
        after: Object.fromEntries(changed.map((f) => [f, auditValue(f, changes[f]!.to)])),
      });
    }
    return getAdminSettings(tx);
  });
}
