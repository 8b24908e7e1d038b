-- The storefront's variants, narrow: one row per variant of a listed product (published, of an
-- active brand), with the product's brand and category beside its size, colour, price and whether
-- it is in stock. The refinements the maintained counts answer only in part (two sizes with two
-- colours, a price with two sizes or two colours; catalog.facets.partly.repository.ts) read the
-- variants that match and count their products by brand, category and the rest. From `variants`
-- that was a heap scan of the wide rows, a join to the products for their brand, category and
-- publication and a brand look-up per row: at 100,000 products, a price with two common colours
-- matched 50,000 variants of 24,000 products in ~150 ms. Here the same rows come from one
-- index-only scan of the covering indexes below, with nothing to join (docs/benchmarks.md).
--
-- Kept by the same transaction as every change: a variant's insert (a statement trigger over its
-- rows), an update of its size, colour, price or of whether it is in stock (a row trigger whose
-- WHEN passes over the stock changes of every sale that leave it in stock, so those stay HOT
-- updates of `variants` with no call), its delete (the foreign key), a product published,
-- unpublished or moved to another brand or category, and a brand switched on or off.

CREATE TABLE listed_variants (
  variant_id uuid PRIMARY KEY REFERENCES variants (id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  brand_id uuid NOT NULL,
  category_id uuid NOT NULL,
  size text,
  color text,
  price_cents integer NOT NULL,
  in_stock boolean NOT NULL
);

-- A filter with sizes (with or without colours and a price), with colours (and maybe a price), and
-- with a price alone: each pass over the matching variants is an index-only scan of one of these.
CREATE INDEX listed_variants_size_idx ON listed_variants (size, color, price_cents)
  INCLUDE (product_id, brand_id, category_id, in_stock);
CREATE INDEX listed_variants_color_idx ON listed_variants (color, price_cents)
  INCLUDE (product_id, brand_id, category_id, in_stock, size);
CREATE INDEX listed_variants_price_idx ON listed_variants (price_cents)
  INCLUDE (product_id, brand_id, category_id, in_stock, size, color);
-- A product published, moved or unpublished replaces its rows.
CREATE INDEX listed_variants_product_idx ON listed_variants (product_id);

-- The rows listed_variants holds, as they are now: what each trigger below puts back for the rows
-- it changed (none for a variant of an unlisted product).
CREATE VIEW listed_variant_rows AS
  SELECT v.id AS variant_id, v.product_id, p.brand_id, p.category_id, v.size, v.color,
    v.price_cents, v.stock > 0 AS in_stock
  FROM variants v
  JOIN products p ON p.id = v.product_id
  JOIN brands b ON b.id = p.brand_id
  WHERE p.published AND b.active;

CREATE FUNCTION vt_listed_variants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_variants
  SELECT r.* FROM listed_variant_rows r WHERE r.variant_id IN (SELECT id FROM new_variants);
  RETURN NULL;
END $$;

CREATE TRIGGER variants_listed_insert
  AFTER INSERT ON variants REFERENCING NEW TABLE AS new_variants
  FOR EACH STATEMENT EXECUTE FUNCTION vt_listed_variants_inserted();

CREATE FUNCTION vt_listed_variant_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listed_variants WHERE variant_id = OLD.id;
  INSERT INTO listed_variants SELECT r.* FROM listed_variant_rows r WHERE r.variant_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER variants_listed_update
  AFTER UPDATE ON variants FOR EACH ROW
  WHEN (OLD.size IS DISTINCT FROM NEW.size OR OLD.color IS DISTINCT FROM NEW.color
        OR OLD.price_cents <> NEW.price_cents OR (OLD.stock > 0) <> (NEW.stock > 0)
        OR OLD.product_id <> NEW.product_id OR OLD.id <> NEW.id)
  EXECUTE FUNCTION vt_listed_variant_updated();

CREATE FUNCTION vt_listed_product_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listed_variants WHERE product_id = OLD.id;
  INSERT INTO listed_variants SELECT r.* FROM listed_variant_rows r WHERE r.product_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER products_listed_update
  AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.published IS DISTINCT FROM NEW.published OR OLD.brand_id <> NEW.brand_id
        OR OLD.category_id <> NEW.category_id OR OLD.id <> NEW.id)
  EXECUTE FUNCTION vt_listed_product_updated();

CREATE FUNCTION vt_listed_brand_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listed_variants WHERE brand_id = OLD.id;
  INSERT INTO listed_variants SELECT r.* FROM listed_variant_rows r WHERE r.brand_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER brands_listed_update
  AFTER UPDATE ON brands FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.id <> NEW.id)
  EXECUTE FUNCTION vt_listed_brand_updated();

-- 0058's index gave the same statements their products' brand and category; nothing reads it now.
DROP INDEX IF EXISTS products_public_scope_idx;

-- The catalog already there.
INSERT INTO listed_variants SELECT r.* FROM listed_variant_rows r;
ANALYZE listed_variants;
