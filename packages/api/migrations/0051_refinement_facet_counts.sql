-- Facet counts for a refinement by one size or one colour. Migration 0048 counts the pages
-- shoppers land on (the whole catalog, brands, a category, "em estoque"); a shopper who then picks
-- a size or a colour was counted from the rows: at 100,000 products, 0.3–0.5 s of database time
-- per request (the colours, price and stock facets joined every matching variant). These kinds
-- answer one size or one colour (with the brands, category and "em estoque" of the landing pages)
-- from the same maintained counts; two sizes, a size and a colour, a price or a search still
-- count the rows.
--
--   kind 'size_color'              value: size || chr(31) || colour; products = 1 per listed
--                                  product with a variant of both, in_stock = 1 if such a
--                                  variant is in stock
--   kind 'size_min_price' etc.     value: the size; cents: the product's lowest / highest price
--                                  among its variants of that size ('size_min_price',
--                                  'size_max_price') or among those in stock ('..._stock')
--   kind 'color_min_price' etc.    the same per colour
-- With a size chosen, the brands, categories and totals read the 'size' rows of 0048 (a product
-- counted once per size it has), the colours read 'size_color' rows.

-- The product's variants as its facets see them (distinct [size, colour, price, in stock]), kept
-- on its row by vt_products_refresh like 0048's summaries, so that a statement trigger can
-- subtract an old row's share after its variants changed.
ALTER TABLE products ADD COLUMN facet_variants jsonb NOT NULL DEFAULT '[]';

ALTER TABLE catalog_facet_counts DROP CONSTRAINT catalog_facet_counts_kind_check;
ALTER TABLE catalog_facet_counts ADD CONSTRAINT catalog_facet_counts_kind_check
  CHECK (kind IN ('product', 'size', 'color', 'min_price', 'max_price', 'min_price_stock',
                  'max_price_stock', 'size_color', 'size_min_price', 'size_max_price',
                  'size_min_price_stock', 'size_max_price_stock', 'color_min_price',
                  'color_max_price', 'color_min_price_stock', 'color_max_price_stock'));

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
         min(v.price_cents) FILTER (WHERE v.stock > 0), max(v.price_cents) FILTER (WHERE v.stock > 0),
         coalesce(jsonb_agg(DISTINCT jsonb_build_array(v.size, v.color, v.price_cents, v.stock > 0))
                  FILTER (WHERE v.size IS NOT NULL OR v.color IS NOT NULL), '[]')
    INTO colors, NEW.min_price_cents, NEW.max_price_cents, NEW.compare_at_price_cents, NEW.in_stock,
         NEW.facet_sizes, NEW.facet_colors, NEW.facet_sizes_in_stock, NEW.facet_colors_in_stock,
         NEW.min_price_in_stock_cents, NEW.max_price_in_stock_cents, NEW.facet_variants
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

CREATE OR REPLACE FUNCTION vt_facet_rows(p products)
  RETURNS TABLE (brand_id uuid, category_id uuid, kind text, value text, cents integer,
                 products integer, in_stock integer)
  LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT p.published OR p.min_price_cents IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH v AS (
    SELECT e->>0 AS size, e->>1 AS color, (e->>2)::int AS price, (e->>3)::boolean AS stocked
    FROM jsonb_array_elements(p.facet_variants) e
  ),
  per_value AS (
    SELECT 'size'::text AS facet, v.size AS value, min(v.price) AS lo, max(v.price) AS hi,
           min(v.price) FILTER (WHERE v.stocked) AS lo_stock,
           max(v.price) FILTER (WHERE v.stocked) AS hi_stock
    FROM v WHERE v.size IS NOT NULL GROUP BY v.size
    UNION ALL
    SELECT 'color', v.color, min(v.price), max(v.price),
           min(v.price) FILTER (WHERE v.stocked), max(v.price) FILTER (WHERE v.stocked)
    FROM v WHERE v.color IS NOT NULL GROUP BY v.color
  )
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
    UNION ALL
    SELECT 'size_color', v.size || chr(31) || v.color, NULL, 1, bool_or(v.stocked)::int
    FROM v WHERE v.size IS NOT NULL AND v.color IS NOT NULL GROUP BY v.size, v.color
    UNION ALL
    SELECT pv.facet || '_min_price', pv.value, pv.lo, 1, 0 FROM per_value pv
    UNION ALL
    SELECT pv.facet || '_max_price', pv.value, pv.hi, 1, 0 FROM per_value pv
    UNION ALL
    SELECT pv.facet || '_min_price_stock', pv.value, pv.lo_stock, 1, 0
    FROM per_value pv WHERE pv.lo_stock IS NOT NULL
    UNION ALL
    SELECT pv.facet || '_max_price_stock', pv.value, pv.hi_stock, 1, 0
    FROM per_value pv WHERE pv.hi_stock IS NOT NULL
  ) f;
END $$;

-- Every product's summary again: the statement trigger subtracts the old rows' share (none of the
-- new kinds: their facet_variants was empty) and adds the new one, so this also counts them.
UPDATE products SET name = name;
