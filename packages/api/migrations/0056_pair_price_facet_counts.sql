-- Facet counts for a price range with one size, one colour or one of each (`preco_min` with
-- `tamanho` M, or M and Preto): counted from the rows, every product of the scope read and its
-- variants joined per facet, 0.3-0.5 s of database time per request at 100,000 products. 0055
-- keeps each product's prices as points and gaps (a product has a price in [lo, hi] exactly when
-- its distinct prices there outnumber its pairs of consecutive prices there, by one) for the
-- product, per size and per colour. Those answer the products of a size (its 'size_price_*' rows)
-- and the sizes facet; the colours facet under a size (the colours of a variant of that size
-- within the range) needs the same per size and colour:
--
--   kind 'pair_price_point'      value: size || chr(31) || colour; cents: one of the pair's prices
--   kind 'pair_price_gap'        value: size || chr(31) || colour || chr(31) || the next price up
--   kind '..._stock'             the same among the pair's variants in stock
--
-- products is 1 on every row. A product of one price takes its pairs' points beside its
-- 'size_color' rows (the variants read once). The price facet leaves the price out, so it is the
-- size's, the colour's or the pair's bounds as before. The existing catalog's share is added here.

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
                  'color_price_point_stock', 'color_price_gap_stock',
                  'pair_price_point', 'pair_price_gap', 'pair_price_point_stock',
                  'pair_price_gap_stock'));

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
    -- A size and a colour with a price range (migration 0056): a product of one price has a point
    -- per pair at that price (in stock too where a variant of the pair is); see prices below.
    SELECT 'pair_price_point', v.size || chr(31) || v.color, p.min_price_cents, 1, 0
    FROM v WHERE v.size IS NOT NULL AND v.color IS NOT NULL
      AND p.min_price_cents = p.max_price_cents
    GROUP BY v.size, v.color
    UNION ALL
    SELECT 'pair_price_point_stock', v.size || chr(31) || v.color, p.min_price_cents, 1, 0
    FROM v WHERE v.size IS NOT NULL AND v.color IS NOT NULL AND v.stocked
      AND p.min_price_cents = p.max_price_cents
    GROUP BY v.size, v.color
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
  -- each colour, of each pair of them (0056); among the variants in stock too), a gap per two
  -- consecutive ones. Most products have one price: its points are the summary's (a pair's, above)
  -- without looking at the variants again.
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
        UNION ALL
        SELECT 'pair_price', v.size || chr(31) || v.color, false, v.price
        FROM v WHERE v.size IS NOT NULL AND v.color IS NOT NULL
        UNION ALL
        SELECT 'pair_price', v.size || chr(31) || v.color, true, v.price
        FROM v WHERE v.size IS NOT NULL AND v.color IS NOT NULL AND v.stocked
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

-- The catalog's share of the new kinds, from the products as they are (their facet_variants hold
-- every variant since 0055): the statement trigger keeps them from here on.
INSERT INTO catalog_facet_counts (brand_id, category_id, kind, value, cents, products, in_stock)
SELECT f.brand_id, f.category_id, f.kind, f.value, f.cents, sum(f.products), sum(f.in_stock)
FROM products r CROSS JOIN LATERAL vt_facet_rows(r) f
WHERE f.kind IN ('pair_price_point', 'pair_price_gap', 'pair_price_point_stock', 'pair_price_gap_stock')
GROUP BY 1, 2, 3, 4, 5;
