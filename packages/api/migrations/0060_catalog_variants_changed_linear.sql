-- A statement updating many variants announced its change to the catalog cache (0025) after
-- asking whether any of them changed size or product, as a join of the statement's old and new
-- rows. PostgreSQL planned that EXISTS as a nested loop (it stops at the first match, and
-- transition tables have no statistics), so when none matched, the usual case, it compared
-- every old row with every new one: 25,000,000 comparisons and 4.2 of the 4.7 s of restocking
-- 5,000 variants in one statement, quadratic in the rows (a stock or price import, a bulk
-- price edit; docs/benchmarks.md). The same question as a set difference is hashed: one pass
-- over each. NULL sizes compare equal in EXCEPT, as IS DISTINCT FROM had them.
CREATE OR REPLACE FUNCTION vt_catalog_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lists text := '';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT product_id::text FROM new_rows), 'Product', 'Product list:Product');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT product_id::text FROM old_rows), 'Product', 'Product list:Product');
  ELSE
    IF EXISTS (
      SELECT 1 FROM (SELECT o.id, o.size, o.product_id FROM old_rows o
                     EXCEPT SELECT n.id, n.size, n.product_id FROM new_rows n) moved
    ) THEN
      lists := ' list:Product';
    END IF;
    PERFORM vt_catalog_notify(
      ARRAY(SELECT product_id::text FROM new_rows UNION SELECT product_id::text FROM old_rows),
      'Product', 'Product' || lists);
  END IF;
  RETURN NULL;
END
$$;
