-- The public catalog cache's invalidation (issue 17, item 2): every change of what an anonymous
-- catalog answer can contain is announced on the channel 'vitrine_catalog' with pg_notify, at
-- COMMIT (never for a rolled-back change), to every server process listening on the database
-- (modules/catalog-cache). The payload is a space-separated list of tags:
--   Product:<id>, Brand:<id>, Category:<id>  one entity changed (answers holding it go)
--   Product, Brand, Category                 some entity of the type changed (answers holding one
--                                            whose id they did not select go)
--   list:Product, list:Brand, list:Category  what a list, a count or a facet of the type shows may
--                                            have changed (new, removed, re-priced, sold out...)
--   bestSellers                              an order's payment or status changed
--   *                                        anything (store settings, or a statement too large to
--                                            name every row: a bulk import, the demo seed)
-- Statement-level triggers (transition tables): a statement touching many rows sends one
-- notification, not one per row. A checkout's stock decrement names the product and its variant
-- only; the product row (and so list:Product) changes only when the variant sells out or comes
-- back (vt_refresh_products_of_variants, 0002).

CREATE FUNCTION vt_catalog_notify(ids text[], prefix text, extra text) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  distinct_ids text[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT id), '{}') INTO distinct_ids
    FROM unnest(ids) AS t(id) WHERE id IS NOT NULL;
  -- A statement that changed no row (an UPDATE whose WHERE matched nothing) announces nothing.
  IF cardinality(distinct_ids) = 0 THEN
    RETURN;
  ELSIF cardinality(distinct_ids) > 100 THEN
    PERFORM pg_notify('vitrine_catalog', '*');
  ELSE
    PERFORM pg_notify(
      'vitrine_catalog',
      btrim(extra || ' ' || coalesce(
        (SELECT string_agg(prefix || ':' || id, ' ' ORDER BY id) FROM unnest(distinct_ids) AS t(id)),
        ''))
    );
  END IF;
END
$$;

-- Products: any row change may move it in lists, counts and facets.
CREATE FUNCTION vt_catalog_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new product is in no answer yet: lists and look-ups that found nothing.
    PERFORM vt_catalog_notify(ARRAY(SELECT id::text FROM new_rows), 'Product', 'list:Product');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT id::text FROM old_rows), 'Product', 'Product list:Product');
  ELSE
    PERFORM vt_catalog_notify(ARRAY(SELECT id::text FROM new_rows), 'Product', 'Product list:Product');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER products_catalog_cache_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_products_changed();
CREATE TRIGGER products_catalog_cache_update
  AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_products_changed();
CREATE TRIGGER products_catalog_cache_delete
  AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_products_changed();

-- Variants belong to their product's answers. A size is a facet the product row does not
-- summarise: a new, removed or re-sized variant changes lists too.
CREATE FUNCTION vt_catalog_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lists text := '';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT product_id::text FROM new_rows), 'Product', 'Product list:Product');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT product_id::text FROM old_rows), 'Product', 'Product list:Product');
  ELSE
    IF EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.size IS DISTINCT FROM n.size OR o.product_id <> n.product_id
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

CREATE TRIGGER variants_catalog_cache_insert
  AFTER INSERT ON variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_variants_changed();
CREATE TRIGGER variants_catalog_cache_update
  AFTER UPDATE ON variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_variants_changed();
CREATE TRIGGER variants_catalog_cache_delete
  AFTER DELETE ON variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_variants_changed();

-- Photos belong to their product's answers (an upload not attached yet, to none). Lists hold
-- their products' ids, so a card's photo is covered by Product:<id>.
CREATE FUNCTION vt_catalog_images_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT product_id::text FROM new_rows), 'Product', 'Product');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT product_id::text FROM old_rows), 'Product', 'Product');
  ELSE
    PERFORM vt_catalog_notify(
      ARRAY(SELECT product_id::text FROM new_rows UNION SELECT product_id::text FROM old_rows),
      'Product', 'Product');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER images_catalog_cache_insert
  AFTER INSERT ON images REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_images_changed();
CREATE TRIGGER images_catalog_cache_update
  AFTER UPDATE ON images REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_images_changed();
CREATE TRIGGER images_catalog_cache_delete
  AFTER DELETE ON images REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_images_changed();

-- Brands and categories: their own answers, their lists, and the product lists that show, count
-- or hide (an inactive brand) their products.
CREATE FUNCTION vt_catalog_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  type_name text := TG_ARGV[0];
  extra text := TG_ARGV[0] || ' list:' || TG_ARGV[0] || ' list:Product';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT id::text FROM new_rows), type_name, extra);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vt_catalog_notify(ARRAY(SELECT id::text FROM old_rows), type_name, extra);
  ELSE
    PERFORM vt_catalog_notify(ARRAY(SELECT id::text FROM new_rows), type_name, extra);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER brands_catalog_cache_insert
  AFTER INSERT ON brands REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_groups_changed('Brand');
CREATE TRIGGER brands_catalog_cache_update
  AFTER UPDATE ON brands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_groups_changed('Brand');
CREATE TRIGGER brands_catalog_cache_delete
  AFTER DELETE ON brands REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_groups_changed('Brand');

CREATE TRIGGER categories_catalog_cache_insert
  AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_groups_changed('Category');
CREATE TRIGGER categories_catalog_cache_update
  AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_groups_changed('Category');
CREATE TRIGGER categories_catalog_cache_delete
  AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_groups_changed('Category');

-- Store settings (name, Pix discount, installments, legal texts, the low-stock default) reach
-- many answers; they change rarely: everything goes.
CREATE FUNCTION vt_catalog_everything_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrine_catalog', '*');
  RETURN NULL;
END
$$;

CREATE TRIGGER store_settings_catalog_cache
  AFTER INSERT OR UPDATE OR DELETE ON store_settings
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_everything_changed();
CREATE TRIGGER payment_settings_catalog_cache
  AFTER INSERT OR UPDATE OR DELETE ON payment_settings
  FOR EACH STATEMENT EXECUTE FUNCTION vt_catalog_everything_changed();

-- The best sellers count units of paid orders.
CREATE FUNCTION vt_catalog_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrine_catalog', 'bestSellers');
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_catalog_cache
  AFTER UPDATE OF status, payment_status ON orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status)
  EXECUTE FUNCTION vt_catalog_orders_changed();
