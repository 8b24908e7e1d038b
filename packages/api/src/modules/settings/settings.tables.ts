import { TAX_REGIMES } from '@vitrine/rules';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A single row (id = true) holding the store-wide settings. */
export const storeSettings = pgTable('store_settings', {
  id: boolean('id').primaryKey().default(true),
  storeName: text('store_name').notNull(),
  pixDiscountPercent: numeric('pix_discount_percent', { precision: 5, scale: 2, mode: 'number' })
    .notNull()
    .default(0),
  maxInstallments: integer('max_installments').notNull().default(1),
  minInstallmentCents: integer('min_installment_cents').notNull().default(0),
  freeShippingThresholdCents: integer('free_shipping_threshold_cents'),
  analyticsMeasurementId: text('analytics_measurement_id'),
  /** The storefront home's headline and subtitle (migrations/0007_home_hero.sql). */
  heroTitle: text('hero_title').notNull(),
  heroSubtitle: text('hero_subtitle').notNull(),
  /** Units a guest order may hold per line and in total (migrations/0010_guest_order_limits.sql). */
  guestMaxUnitsPerLine: integer('guest_max_units_per_line').notNull().default(10),
  guestMaxUnitsPerOrder: integer('guest_max_units_per_order').notNull().default(30),
  /** The legal identity the footer shows (migrations/0011_store_legal_identity.sql). */
  legalName: text('legal_name'),
  /** 14 digits. */
  cnpj: text('cnpj'),
  legalAddress: text('legal_address'),
  contactEmail: text('contact_email'),
  /** 10 or 11 digits with the DDD. */
  contactPhone: text('contact_phone'),
  /** Dashboard, team and store (migrations/0020_staff_security.sql). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  interestFreeInstallments: integer('interest_free_installments').notNull().default(10),
  /** Monthly interest past the interest-free instalments, in percent (0038; 0: none offered). */
  installmentInterestPercent: numeric('installment_interest_percent', {
    precision: 4,
    scale: 2,
    mode: 'number',
  })
    .notNull()
    .default(0),
  /** NF-e issuer data (migrations/0045_fiscal_data.sql; @vitrine/rules fiscal.ts). */
  stateRegistration: text('state_registration'),
  taxRegime: text('tax_regime', { enum: TAX_REGIMES }),
  ibgeCityCode: text('ibge_city_code'),
  nfeSeries: integer('nfe_series').notNull().default(1),
  nfeNextNumber: bigint('nfe_next_number', { mode: 'number' }).notNull().default(1),
  cfopInsideState: text('cfop_inside_state').notNull().default('5102'),
  cfopOutsideState: text('cfop_outside_state').notNull().default('6108'),
  natureOfOperation: text('nature_of_operation').notNull().default('Venda de mercadoria'),
  defaultTaxSituation: text('default_tax_situation'),
  nfeIssueOn: text('nfe_issue_on', { enum: ['PAID', 'SHIPPED'] })
    .notNull()
    .default('PAID'),
  exchangesPolicyText: text('exchanges_policy_text'),
  privacyPolicyText: text('privacy_policy_text'),
  contactPageText: text('contact_page_text'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
  updatedByName: text('updated_by_name'),
});

/** One row per settingsUpdate that changed something (migrations/0005_settings_payments.sql). */
export const settingsChanges = pgTable('settings_changes', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id'),
  staffName: text('staff_name').notNull(),
  changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SettingsChangeRow = typeof settingsChanges.$inferSelect;
export type StoreSettingsRow = typeof storeSettings.$inferSelect;

/** The Pix receiver and expiry (migrations/0003_commerce.sql), edited with the store settings. */
export const paymentSettings = pgTable('payment_settings', {
  id: boolean('id').primaryKey().default(true),
  pixKey: text('pix_key'),
  pixMerchantName: text('pix_merchant_name').notNull().default('Vitrine'),
  pixMerchantCity: text('pix_merchant_city').notNull().default('Sao Paulo'),
  /** An unpaid Pix (and card) order holds its stock this long (0010; 10 to 1440). */
  pixExpiryMinutes: integer('pix_expiry_minutes').notNull().default(30),
  /** Equal open Pix totals told apart by a few centavos of Pix discount (0037). */
  pixUniqueCents: boolean('pix_unique_cents').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
  updatedByName: text('updated_by_name'),
});

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
