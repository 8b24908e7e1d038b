-- Catalog: brands, the category tree, products with their variants and images, and the stock ledger.
-- Search is Portuguese full-text over unaccented text plus trigram similarity for typos.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE (it depends on search_path), so indexes and generated values need an
-- IMMUTABLE wrapper that names the dictionary explicitly.
CREATE OR REPLACE FUNCTION vt_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE brands (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  description text NOT NULL DEFAULT '',
  color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  logo_url text,
  seo_title text,
  seo_description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  parent_id uuid REFERENCES categories (id) ON DELETE RESTRICT,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE INDEX categories_parent_idx ON categories (parent_id, position);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  description text NOT NULL DEFAULT '',
  brand_id uuid NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  published boolean NOT NULL DEFAULT false,
  -- Everything below is maintained by vt_products_refresh() (never written by the application):
  -- the search document, the accent-free name, and a summary of the variants so that listing,
  -- counting and sorting by price never aggregate the variants table.
  search_vector tsvector NOT NULL DEFAULT ''::tsvector,
  name_folded text NOT NULL DEFAULT '',
  min_price_cents integer,
  max_price_cents integer,
  compare_at_price_cents integer,
  in_stock boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_brand_idx ON products (brand_id);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_published_created_idx ON products (published, created_at DESC, id DESC);
CREATE INDEX products_published_price_idx ON products (published, min_price_cents, id);
CREATE INDEX products_published_name_idx ON products (published, name_folded COLLATE "C", id);
CREATE INDEX products_search_idx ON products USING gin (search_vector);
-- The storefront's default listing and its count (index-only once vacuumed).
CREATE INDEX products_public_newest_idx ON products (created_at DESC, id DESC)
  WHERE published AND min_price_cents IS NOT NULL;

-- Words of product, brand and category names (accent-free, lower case): typos in a search are
-- corrected against this small list with trigram similarity, then searched by full text.
CREATE TABLE search_words (
  word text PRIMARY KEY
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

CREATE OR REPLACE FUNCTION vt_add_search_words(source text) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(vt_unaccent(lower(source)), '[^a-z0-9]+') AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ON CONFLICT (word) DO NOTHING
$$;

CREATE OR REPLACE FUNCTION vt_products_refresh() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  brand_name text;
  category_name text;
  colors text;
BEGIN
  SELECT b.name INTO brand_name FROM brands b WHERE b.id = NEW.brand_id;
  SELECT c.name INTO category_name FROM categories c WHERE c.id = NEW.category_id;
  SELECT string_agg(DISTINCT v.color, ' '), min(v.price_cents), max(v.price_cents),
         (array_agg(v.compare_at_price_cents ORDER BY v.price_cents, v.position, v.id))[1],
         coalesce(bool_or(v.stock > 0), false)
    INTO colors, NEW.min_price_cents, NEW.max_price_cents, NEW.compare_at_price_cents, NEW.in_stock
    FROM variants v WHERE v.product_id = NEW.id;
  NEW.name_folded := vt_unaccent(lower(NEW.name));
  NEW.search_vector :=
    setweight(to_tsvector('portuguese', vt_unaccent(coalesce(NEW.name, ''))), 'A') ||
    setweight(to_tsvector('portuguese', vt_unaccent(coalesce(brand_name, ''))), 'B') ||
    setweight(to_tsvector('portuguese', vt_unaccent(coalesce(category_name, ''))), 'C') ||
    setweight(to_tsvector('portuguese', vt_unaccent(coalesce(colors, ''))), 'C') ||
    setweight(to_tsvector('portuguese', vt_unaccent(coalesce(NEW.description, ''))), 'D');
  IF TG_OP = 'INSERT' OR NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM vt_add_search_words(NEW.name);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER products_refresh_trg
  BEFORE INSERT OR UPDATE OF name, description, brand_id, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION vt_products_refresh();

-- A renamed brand or category re-indexes its products (the no-op update fires the trigger above).
CREATE OR REPLACE FUNCTION vt_reindex_products_of_brand() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vt_add_search_words(NEW.name);
  IF TG_OP = 'UPDATE' AND OLD.name IS DISTINCT FROM NEW.name THEN
    UPDATE products SET name = name WHERE brand_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER brands_reindex_products_trg
  AFTER INSERT OR UPDATE OF name ON brands
  FOR EACH ROW EXECUTE FUNCTION vt_reindex_products_of_brand();

CREATE OR REPLACE FUNCTION vt_reindex_products_of_category() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vt_add_search_words(NEW.name);
  IF TG_OP = 'UPDATE' AND OLD.name IS DISTINCT FROM NEW.name THEN
    UPDATE products SET name = name WHERE category_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER categories_reindex_products_trg
  AFTER INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION vt_reindex_products_of_category();

CREATE TABLE variants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  sku text NOT NULL UNIQUE CHECK (length(btrim(sku)) > 0),
  size text,
  color text,
  price_cents integer NOT NULL CHECK (price_cents > 0),
  compare_at_price_cents integer CHECK (compare_at_price_cents IS NULL OR compare_at_price_cents > price_cents),
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  weight_grams integer CHECK (weight_grams IS NULL OR weight_grams > 0),
  length_cm integer CHECK (length_cm IS NULL OR length_cm > 0),
  width_cm integer CHECK (width_cm IS NULL OR width_cm > 0),
  height_cm integer CHECK (height_cm IS NULL OR height_cm > 0),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX variants_product_idx ON variants (product_id, position);
CREATE INDEX variants_size_idx ON variants (size);
CREATE INDEX variants_color_idx ON variants (color);

-- Colours are searchable ("camiseta azul") and prices and availability are summarised on the
-- product: adding, removing or changing variants refreshes their products. Once per statement
-- for inserts and deletes (bulk loads); per row only when something summarised really changes,
-- so a checkout's stock decrement touches the product only when the variant sells out (or
-- comes back).
CREATE OR REPLACE FUNCTION vt_refresh_products_of_variants() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products SET name = name WHERE id IN (SELECT DISTINCT product_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products SET name = name WHERE id IN (SELECT DISTINCT product_id FROM old_rows);
  ELSE
    UPDATE products SET name = name WHERE id IN (NEW.product_id, OLD.product_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER variants_refresh_insert_trg
  AFTER INSERT ON variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_refresh_products_of_variants();

CREATE TRIGGER variants_refresh_delete_trg
  AFTER DELETE ON variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_refresh_products_of_variants();

CREATE TRIGGER variants_refresh_update_trg
  AFTER UPDATE OF color, price_cents, compare_at_price_cents, stock, position, product_id
  ON variants
  FOR EACH ROW WHEN (
    OLD.color IS DISTINCT FROM NEW.color
    OR OLD.price_cents <> NEW.price_cents
    OR OLD.compare_at_price_cents IS DISTINCT FROM NEW.compare_at_price_cents
    OR (OLD.stock > 0) <> (NEW.stock > 0)
    OR OLD.position <> NEW.position
    OR OLD.product_id <> NEW.product_id)
  EXECUTE FUNCTION vt_refresh_products_of_variants();

-- Uploaded images exist before they are attached to a product (product_id NULL until then).
CREATE TABLE images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  alt text NOT NULL DEFAULT '',
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  -- [{ "width": 320, "path": "<file>.webp" }, ...] ascending by width, files under MEDIA_DIR.
  sources jsonb NOT NULL,
  uploaded_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX images_product_idx ON images (product_id, position);

-- Every change of stock, with who and why: the stock column is the running total.
CREATE TABLE stock_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  variant_id uuid NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
  delta integer NOT NULL CHECK (delta <> 0),
  reason text NOT NULL,
  staff_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_movements_variant_idx ON stock_movements (variant_id, created_at DESC);
