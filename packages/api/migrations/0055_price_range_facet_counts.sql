-- Facet counts for a price range (`preco_min`, `preco_max`: any two numbers), with the brands,
-- category and "em estoque" of the landing pages (no size or colour chosen). Counted from the rows
-- it cost 0.4 s of database time per request at 100,000 products (every product of the scope read,
-- its variants joined per facet). A range is any pair of numbers, so no row can be kept per range;
-- but a product has a price in [lo, hi] exactly when
--
--     (its distinct prices within [lo, hi]) - (its pairs of consecutive prices both within it) = 1
--
-- (the prices within a range are a run of consecutive ones: m prices, m - 1 pairs), and 0 when it
-- has none. Both terms are sums of rows selected by the range, so they can be kept:
--
--   kind 'price_point'           value: ''; cents: one of the product's distinct prices
--   kind 'price_gap'             value: '' || chr(31) || the next price up; cents: a price
--   kind '..._stock'             the same among its variants in stock ('em estoque', and the facet)
--   kind 'size_price_point' etc. per size (value: the size; a gap's: size || chr(31) || next):
--                                the sizes facet, whose sizes are those with a variant in range
--   kind 'color_price_point' etc. the same per colour
-- products is 1 on every row; a reader adds the points and subtracts the gaps. The demo catalog
-- has one price per product (no gap), so at 100,000 products these are ~8,000 folded rows. A
-- product of one price (most) takes its points from its summary without looking at its variants:
-- with 0054's sets, re-summarising a product costs 10-25 % more than before them (docs/benchmarks.md).
--
-- facet_variants (0051) left out variants with neither a size nor a colour; their prices count
-- now, so it keeps every variant (the kinds of 0051 and 0054 skip those variants as before).

ALTER TABLE catalog_facet_counts DROP CONSTRAINT catalog_facet_counts_kind_check;
ALTER TABLE catalog_facet_counts ADD CONSTRAINT catalog_facet_counts_kind_check
  CHECK (kind IN ('product', 'size', 'color', 'min_price', 'max_price', 'min_price_stock',
                  'max_price_stock', 'size_color', 'size_min_price', 'size_max_price',
                  'size_min_price_stock', 'size_max_price_stock', 'color_min_price',
                  'color_max_price', 'color_min_price_stock', 'color_max_price_stock',
                  'size_set', 'color_set', 'color_sizes', 'size_colors',
                  'price_point', 'price_gap', 'price_point_stock', 'price_gap_stock',
                  'size_price_point', 'size_price_gap', 'size_price_point_stock',
                  'size_price_gap_stock', 'color_price_point', 'color_price_gap',
                  'color_price_point_stock', 'color_price_gap_stock'));

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
    UNION ALL
    -- Two sizes or more (two colours or more): the product's sizes, then those in stock.
    SELECT 'size_set', array_to_string(p.facet_sizes, chr(31)) || chr(30)
             || array_to_string(p.facet_sizes_in_stock, chr(31)), NULL, 1, 0
    WHERE cardinality(p.facet_sizes) > 0
    UNION ALL
    SELECT 'color_set', array_to_string(p.facet_colors, chr(31)) || chr(30)
             || array_to_string(p.facet_colors_in_stock, chr(31)), NULL, 1, 0
    WHERE cardinality(p.facet_colors) > 0
    UNION ALL
    -- Per colour, the sizes of its variants, then those in stock (and per size its colours).
    SELECT 'color_sizes',
           v.color || chr(30) || string_agg(DISTINCT v.size, chr(31) ORDER BY v.size) || chr(30)
             || coalesce(string_agg(DISTINCT v.size, chr(31) ORDER BY v.size) FILTER (WHERE v.stocked), ''),
           NULL, 1, 0
    FROM v WHERE v.color IS NOT NULL AND v.size IS NOT NULL GROUP BY v.color
    UNION ALL
    SELECT 'size_colors',
           v.size || chr(30) || string_agg(DISTINCT v.color, chr(31) ORDER BY v.color) || chr(30)
             || coalesce(string_agg(DISTINCT v.color, chr(31) ORDER BY v.color) FILTER (WHERE v.stocked), ''),
           NULL, 1, 0
    FROM v WHERE v.size IS NOT NULL AND v.color IS NOT NULL GROUP BY v.size
  ) f;
  -- A price range (migration 0055): a point per distinct price of the product (of each size, of
  -- each colour; among the variants in stock too), a gap per two consecutive ones. Most products
  -- have one price: its points are the summary's, without looking at the variants.
  IF p.min_price_cents = p.max_price_cents THEN
    RETURN QUERY
    SELECT p.brand_id, p.category_id, f.kind, f.value, p.min_price_cents, 1, 0
    FROM (
      SELECT 'price_point'::text AS kind, ''::text AS value
      UNION ALL
      SELECT 'price_point_stock', '' WHERE p.in_stock
      UNION ALL
      SELECT 'size_price_point', s FROM unnest(p.facet_sizes) s
      UNION ALL
      SELECT 'size_price_point_stock', s FROM unnest(p.facet_sizes_in_stock) s
      UNION ALL
      SELECT 'color_price_point', c FROM unnest(p.facet_colors) c
      UNION ALL
      SELECT 'color_price_point_stock', c FROM unnest(p.facet_colors_in_stock) c
    ) f;
    RETURN;
  END IF;
  RETURN QUERY
  WITH v AS (
    SELECT e->>0 AS size, e->>1 AS color, (e->>2)::int AS price, (e->>3)::boolean AS stocked
    FROM jsonb_array_elements(p.facet_variants) e
  ),
  -- Each distinct price, with the next one up (NULL for the highest).
  prices AS (
    SELECT d.facet, d.value, d.stock_only, d.price,
           lead(d.price) OVER (PARTITION BY d.facet, d.value, d.stock_only ORDER BY d.price) AS next
    FROM (
      SELECT DISTINCT x.facet, x.value, x.stock_only, x.price
      FROM (
        SELECT 'price'::text AS facet, ''::text AS value, false AS stock_only, v.price FROM v
        UNION ALL
        SELECT 'price', '', true, v.price FROM v WHERE v.stocked
        UNION ALL
        SELECT 'size_price', v.size, false, v.price FROM v WHERE v.size IS NOT NULL
        UNION ALL
        SELECT 'size_price', v.size, true, v.price FROM v WHERE v.size IS NOT NULL AND v.stocked
        UNION ALL
        SELECT 'color_price', v.color, false, v.price FROM v WHERE v.color IS NOT NULL
        UNION ALL
        SELECT 'color_price', v.color, true, v.price FROM v WHERE v.color IS NOT NULL AND v.stocked
      ) x
    ) d
  )
  SELECT p.brand_id, p.category_id,
         pr.facet || '_point' || CASE WHEN pr.stock_only THEN '_stock' ELSE '' END,
         pr.value, pr.price, 1, 0
  FROM prices pr
  UNION ALL
  SELECT p.brand_id, p.category_id,
         pr.facet || '_gap' || CASE WHEN pr.stock_only THEN '_stock' ELSE '' END,
         pr.value || chr(31) || pr.next::text, pr.price, 1, 0
  FROM prices pr WHERE pr.next IS NOT NULL;
END $$;

-- The catalog's share of the new kinds from the products as they are, then every product's
-- summary again (facet_variants now with every variant): the statement trigger subtracts the share
-- just added and adds the new one. In this order the counts stay exact.
INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
SELECT f.brand_id, f.category_id, f.kind, f.value, f.cents, sum(f.products), sum(f.in_stock)
FROM products r CROSS JOIN LATERAL vt_facet_rows(r) f
WHERE f.kind IN ('price_point', 'price_gap', 'price_point_stock', 'price_gap_stock', 'size_price_point', 'size_price_gap', 'size_price_point_stock', 'size_price_gap_stock', 'color_price_point', 'color_price_gap', 'color_price_point_stock', 'color_price_gap_stock')
GROUP BY 1, 2, 3, 4, 5;

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
         coalesce(jsonb_agg(DISTINCT jsonb_build_array(v.size, v.color, v.price_cents, v.stock > 0)),
                  '[]')
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

UPDATE products SET name = name
WHERE jsonb_array_length(facet_variants)
  <> (SELECT count(DISTINCT (v.size, v.color, v.price_cents, v.stock > 0))
      FROM variants v WHERE v.product_id = products.id);
