// Drizzle definitions of the catalog tables; the SQL in migrations/0002_catalog.sql is the source
// of truth (triggers, checks and expression indexes live there).
import {
  type AnyPgColumn,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Maintained by a trigger; never written by the application. */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export interface ImageSource {
  width: number;
  path: string;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  color: text('color').notNull(),
  logoUrl: text('logo_url'),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  /** Inactive brands (and their products) are hidden from the storefront. */
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
    onDelete: 'restrict',
  }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  brandId: uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'restrict' }),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'restrict' }),
  published: boolean('published').notNull().default(false),
  /** Shown in "Destaques" on the storefront home (chosen by staff). */
  featured: boolean('featured').notNull().default(false),
  // Maintained by the database (trigger vt_products_refresh): never written by the application.
  searchVector: tsvector('search_vector').notNull().default(''),
  nameFolded: text('name_folded').notNull().default(''),
  minPriceCents: integer('min_price_cents'),
  maxPriceCents: integer('max_price_cents'),
  compareAtPriceCents: integer('compare_at_price_cents'),
  inStock: boolean('in_stock').notNull().default(false),
  /** Increases with every saved change (stock movements aside); productSave checks it. */
  version: integer('version').notNull().default(1),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  /** NF-e data (migrations/0045_fiscal_data.sql; @vitrine/rules fiscal.ts). */
  ncm: text('ncm'),
  cest: text('cest'),
  origin: smallint('origin').notNull().default(0),
  /** CSOSN (Simples Nacional) or CST; null: the store's default. */
  taxSituation: text('tax_situation'),
  ...timestamps,
});

/** Words of names for typo correction in searches (maintained by triggers). */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

export const variants = pgTable('variants', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  sku: text('sku').notNull().unique(),
  size: text('size'),
  color: text('color'),
  priceCents: integer('price_cents').notNull(),
  compareAtPriceCents: integer('compare_at_price_cents'),
  stock: integer('stock').notNull().default(0),
  weightGrams: integer('weight_grams'),
  lengthCm: integer('length_cm'),
  widthCm: integer('width_cm'),
  heightCm: integer('height_cm'),
  /** EAN/GTIN, digits only, check digit verified; unique. */
  gtin: text('gtin'),
  /** null: the store's default (5). */
  lowStockThreshold: integer('low_stock_threshold'),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  alt: text('alt').notNull().default(''),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sources: jsonb('sources').$type<ImageSource[]>().notNull(),
  uploadedBy: uuid('uploaded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stockMovements = pgTable('stock_movements', {
  id: uuid('id').primaryKey().defaultRandom(),
  variantId: uuid('variant_id')
    .notNull()
    .references(() => variants.id, { onDelete: 'cascade' }),
  delta: integer('delta').notNull(),
  reason: text('reason').notNull(),
  /** RECEIVED, MANUAL_SALE, DAMAGED, STOCK_COUNT (by hand); ORDER, CANCEL, IMPORT, EDIT, INITIAL. */
  kind: text('kind').notNull().default('EDIT'),
  stockAfter: integer('stock_after'),
  note: text('note'),
  staffId: uuid('staff_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every staff change of the catalog, append-only (migrations/0017_catalog_admin.sql). */
export const catalogHistory = pgTable('catalog_history', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  staffId: uuid('staff_id'),
  staffName: text('staff_name'),
  action: text('action').notNull(),
  summary: text('summary').notNull(),
  productIds: uuid('product_ids').array().notNull().default([]),
  productCount: integer('product_count').notNull().default(0),
  brandIds: uuid('brand_ids').array().notNull().default([]),
  before: jsonb('before'),
  after: jsonb('after'),
});

export type BrandRow = typeof brands.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
export type StockMovementRow = typeof stockMovements.$inferSelect;
