-- Facet counts for a refinement by two sizes or more, or two colours or more (with at most one
-- value of the other: sizes M and G in Preto; colours Azul and Preto in size 40). Migration 0051
-- counts one size, one colour or one of each; with two sizes a product with both would be counted
-- twice in the sum of the 'size' rows, so these refinements counted the rows: at 100,000 products,
-- 0.3-0.4 s of database time per request (the whole catalog's products read, then their variants
-- joined once per facet). These kinds keep each product's set of values instead, so a sum over the
-- rows whose set meets the chosen values counts each product once, however many it has:
--
--   kind 'size_set'     value: the product's sizes || chr(30) || those with a variant in stock
--   kind 'color_set'    the same for its colours
--   kind 'color_sizes'  value: a colour || chr(30) || the sizes of its variants of that colour
--                       || chr(30) || those in stock; one row per colour of the product
--   kind 'size_colors'  the same per size
-- Each set is its values joined by chr(31), as the 'size_color' pairs are (in the order of the
-- product's summary arrays; a row's share is taken away from the same stored arrays it was added
-- from, and readers compare sets, not texts); products is 1 (the sets decide whether it counts),
-- in_stock 0. Grouped by value, a brand and category
-- hold a few hundred of these rows at 100,000 products (8,100 in all, beside 31,800 of the others).
-- The price bounds of two sizes are the lowest (highest) of each size's ('size_min_price' of 0051).

ALTER TABLE catalog_facet_counts DROP CONSTRAINT catalog_facet_counts_kind_check;
ALTER TABLE catalog_facet_counts ADD CONSTRAINT catalog_facet_counts_kind_check
  CHECK (kind IN ('product', 'size', 'color', 'min_price', 'max_price', 'min_price_stock',
                  'max_price_stock', 'size_color', 'size_min_price', 'size_max_price',
                  'size_min_price_stock', 'size_max_price_stock', 'color_min_price',
                  'color_max_price', 'color_min_price_stock', 'color_max_price_stock',
                  'size_set', 'color_set', 'color_sizes', 'size_colors'));

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
END $$;

-- The existing catalog's share of the new kinds, once (the statement trigger counts every change
-- from here on; its old rows' share now includes these kinds, which is why they are added first).
INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
SELECT f.brand_id, f.category_id, f.kind, f.value, f.cents, sum(f.products), sum(f.in_stock)
FROM products r CROSS JOIN LATERAL vt_facet_rows(r) f
WHERE f.kind IN ('size_set', 'color_set', 'color_sizes', 'size_colors')
GROUP BY 1, 2, 3, 4, 5;
