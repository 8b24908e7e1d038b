-- Facet counts that do not grow with the catalog. The storefront's listing counts, for the filter
-- it shows, the products of each brand, category, size and colour and the price range. Computed
-- from the rows, that is a pass over every product and variant the filter matches: at 100,000
-- products the whole catalog's facets took ~1 s of database time per request. The pages shoppers
-- land on (the whole catalog, a brand, a category, with or without "em estoque") are counted here
-- instead, per brand and category, kept exact in the same transaction as every product change.
--
-- catalog_facet_counts holds signed deltas: a statement that changes products appends, for the
-- rows it changed, what they added minus what they took away (grouped, zero rows left out). No
-- row is ever updated, so concurrent checkouts never wait on each other here. A reader sums the
-- rows (a few thousand), and the periodic fold (catalog.facets.ts) replaces them by their sums.
--
--   kind 'product'          one row per listed product: products = 1, in_stock = 1 if in stock
--   kind 'size' / 'color'   value: the size or colour; products = 1 per listed product with a
--                           variant of it, in_stock = 1 if such a variant is in stock
--   kind 'min_price' etc.   cents: the product's lowest / highest price, of any variant
--                           ('min_price', 'max_price') or of its variants in stock
--                           ('min_price_stock', 'max_price_stock'); products = 1
-- A listed product is published with at least one variant (the storefront's SELLABLE); inactive
-- brands and category subtrees are applied when reading.

-- What a product contributes, summarised on its row by vt_products_refresh (below), so that the
-- statement triggers can subtract an old row's share after its variants are gone.
ALTER TABLE products
  ADD COLUMN facet_sizes text[] NOT NULL DEFAULT '{}',
  ADD COLUMN facet_colors text[] NOT NULL DEFAULT '{}',
  ADD COLUMN facet_sizes_in_stock text[] NOT NULL DEFAULT '{}',
  ADD COLUMN facet_colors_in_stock text[] NOT NULL DEFAULT '{}',
  ADD COLUMN min_price_in_stock_cents integer,
  ADD COLUMN max_price_in_stock_cents integer;

CREATE TABLE catalog_facet_counts (
  brand_id uuid NOT NULL,
  category_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('product', 'size', 'color', 'min_price', 'max_price',
                                     'min_price_stock', 'max_price_stock')),
  value text NOT NULL DEFAULT '',
  cents integer,
  products integer NOT NULL,
  in_stock integer NOT NULL DEFAULT 0
);
CREATE INDEX catalog_facet_counts_kind_idx ON catalog_facet_counts (kind, value);
-- The price range reads the lowest (highest) price still held by a product, in order.
CREATE INDEX catalog_facet_counts_price_idx ON catalog_facet_counts (kind, cents)
  WHERE cents IS NOT NULL;

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
         coalesce(bool_or(v.stock > 0), false),
         coalesce(array_agg(DISTINCT v.size) FILTER (WHERE v.size IS NOT NULL), '{}'),
         coalesce(array_agg(DISTINCT v.color) FILTER (WHERE v.color IS NOT NULL), '{}'),
         coalesce(array_agg(DISTINCT v.size) FILTER (WHERE v.size IS NOT NULL AND v.stock > 0), '{}'),
         coalesce(array_agg(DISTINCT v.color) FILTER (WHERE v.color IS NOT NULL AND v.stock > 0), '{}'),
         min(v.price_cents) FILTER (WHERE v.stock > 0), max(v.price_cents) FILTER (WHERE v.stock > 0)
    INTO colors, NEW.min_price_cents, NEW.max_price_cents, NEW.compare_at_price_cents, NEW.in_stock,
         NEW.facet_sizes, NEW.facet_colors, NEW.facet_sizes_in_stock, NEW.facet_colors_in_stock,
         NEW.min_price_in_stock_cents, NEW.max_price_in_stock_cents
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

-- A variant's size is a facet now: changing it refreshes its product, as a colour always did.
DROP TRIGGER variants_refresh_update_trg ON variants;
CREATE TRIGGER variants_refresh_update_trg
  AFTER UPDATE OF size, color, price_cents, compare_at_price_cents, stock, position, product_id
  ON variants
  FOR EACH ROW WHEN (
    OLD.size IS DISTINCT FROM NEW.size
    OR OLD.color IS DISTINCT FROM NEW.color
    OR OLD.price_cents <> NEW.price_cents
    OR OLD.compare_at_price_cents IS DISTINCT FROM NEW.compare_at_price_cents
    OR (OLD.stock > 0) <> (NEW.stock > 0)
    OR OLD.position <> NEW.position
    OR OLD.product_id <> NEW.product_id)
  EXECUTE FUNCTION vt_refresh_products_of_variants();

-- A product row's share of the counts (none unless it is listed). PL/pgSQL: PostgreSQL 15 fails to
-- plan a SQL function of a whole row inlined into a statement over a transition table.
CREATE FUNCTION vt_facet_rows(p products)
  RETURNS TABLE (brand_id uuid, category_id uuid, kind text, value text, cents integer,
                 products integer, in_stock integer)
  LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT p.published OR p.min_price_cents IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  SELECT p.brand_id, p.category_id, f.kind, f.value, f.cents, f.products, f.in_stock
  FROM (
    SELECT 'product'::text AS kind, ''::text AS value, NULL::integer AS cents, 1 AS products,
           (p.in_stock)::int AS in_stock
    UNION ALL
    SELECT 'size', s, NULL, 1, (s = ANY (p.facet_sizes_in_stock))::int FROM unnest(p.facet_sizes) s
    UNION ALL
    SELECT 'color', c, NULL, 1, (c = ANY (p.facet_colors_in_stock))::int FROM unnest(p.facet_colors) c
    UNION ALL
    SELECT 'min_price', '', p.min_price_cents, 1, 0
    UNION ALL
    SELECT 'max_price', '', p.max_price_cents, 1, 0
    UNION ALL
    SELECT 'min_price_stock', '', p.min_price_in_stock_cents, 1, 0 WHERE p.in_stock
    UNION ALL
    SELECT 'max_price_stock', '', p.max_price_in_stock_cents, 1, 0 WHERE p.in_stock
  ) f;
END $$;

-- Every existing product's summary, with the new columns, before anything is counted.
UPDATE products SET name = name;

CREATE FUNCTION vt_catalog_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
    SELECT f.brand_id, f.category_id, f.kind, f.value, f.cents, sum(f.products), sum(f.in_stock)
    FROM new_rows r CROSS JOIN LATERAL vt_facet_rows(r) f
    GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
    SELECT f.brand_id, f.category_id, f.kind, f.value, f.cents, -sum(f.products), -sum(f.in_stock)
    FROM old_rows r CROSS JOIN LATERAL vt_facet_rows(r) f
    GROUP BY 1, 2, 3, 4, 5;
  ELSE
    INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
    SELECT d.brand_id, d.category_id, d.kind, d.value, d.cents, sum(d.products), sum(d.in_stock)
    FROM (
      SELECT f.* FROM new_rows r CROSS JOIN LATERAL vt_facet_rows(r) f
      UNION ALL
      SELECT f.brand_id, f.category_id, f.kind, f.value, f.cents, -f.products, -f.in_stock
      FROM old_rows r CROSS JOIN LATERAL vt_facet_rows(r) f
    ) d
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.products) <> 0 OR sum(d.in_stock) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER products_facet_counts_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_facets_changed();
CREATE TRIGGER products_facet_counts_update
  AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_facets_changed();
CREATE TRIGGER products_facet_counts_delete
  AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_facets_changed();

-- The existing catalog, counted once.
INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
SELECT f.brand_id, f.category_id, f.kind, f.value, f.cents, sum(f.products), sum(f.in_stock)
FROM products r CROSS JOIN LATERAL vt_facet_rows(r) f
GROUP BY 1, 2, 3, 4, 5;
