-- The dashboard's catalog (issue 14): versions for the editor's concurrent-edit check, SEO
-- fields, GTIN and low-stock thresholds per variant, inactive brands, stock movements with their
-- kind and the stock after them, and the catalog's history of staff changes.

-- Increases with every saved change of the product, its photos or its variants (stock movements
-- aside: a sale must not make an open editor's save fail). productSave refuses a stale version.
ALTER TABLE products ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE products ADD COLUMN seo_title text CHECK (seo_title IS NULL OR length(seo_title) <= 70);
ALTER TABLE products ADD COLUMN seo_description text
  CHECK (seo_description IS NULL OR length(seo_description) <= 160);

-- EAN/GTIN: digits only (8, 12, 13 or 14), check digit verified by the application; unique.
ALTER TABLE variants ADD COLUMN gtin text CHECK (gtin IS NULL OR gtin ~ '^([0-9]{8}|[0-9]{12,14})$');
CREATE UNIQUE INDEX variants_gtin_key ON variants (gtin) WHERE gtin IS NOT NULL;
-- null: the store's default (5).
ALTER TABLE variants ADD COLUMN low_stock_threshold integer
  CHECK (low_stock_threshold IS NULL OR low_stock_threshold BETWEEN 0 AND 100000);

-- Inactive brands (and their products) are hidden from the storefront; staff still see them.
ALTER TABLE brands ADD COLUMN active boolean NOT NULL DEFAULT true;

-- RECEIVED, MANUAL_SALE, DAMAGED, STOCK_COUNT (by hand); ORDER, CANCEL, IMPORT, EDIT, INITIAL.
ALTER TABLE stock_movements ADD COLUMN kind text NOT NULL DEFAULT 'EDIT';
ALTER TABLE stock_movements ADD COLUMN stock_after integer;
ALTER TABLE stock_movements ADD COLUMN note text CHECK (note IS NULL OR length(note) <= 500);
CREATE INDEX IF NOT EXISTS stock_movements_variant_created_idx
  ON stock_movements (variant_id, created_at DESC, id DESC);

-- Every staff change of the catalog, append-only: who, when, what (a code and a Portuguese
-- summary), which products (and brands, so a BRAND_MANAGER's history is theirs only), with the
-- values before and after where they fit.
CREATE TABLE catalog_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  staff_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  staff_name text,
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 80),
  summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 500),
  product_ids uuid[] NOT NULL DEFAULT '{}',
  product_count integer NOT NULL DEFAULT 0 CHECK (product_count >= 0),
  brand_ids uuid[] NOT NULL DEFAULT '{}',
  before jsonb,
  after jsonb
);
CREATE INDEX catalog_history_created_idx ON catalog_history (created_at DESC, id DESC);
CREATE INDEX catalog_history_products_idx ON catalog_history USING gin (product_ids);

-- The products grid: filters and sorts on staff lists.
CREATE INDEX IF NOT EXISTS products_updated_idx ON products (updated_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS products_brand_updated_idx ON products (brand_id, updated_at DESC);
