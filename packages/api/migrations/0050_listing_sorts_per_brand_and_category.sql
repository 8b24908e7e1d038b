-- The storefront's sorted listings of one category or brand, read in order however the catalog's
-- order and the category's are related. A category's or a brand's page sorted by price or name
-- walked the whole catalog's sort index (migrations 0002, 0033) until it met enough of its
-- products: PostgreSQL expects them spread evenly, but a catalog's cheapest products are its
-- caps, its "T" names its tênis. At 100,000 products, 84 of the 208 landing listings took over
-- 20 ms, the worst 742 ms (bonés by highest price). With these, the listing reads each category
-- of the subtree (each chosen brand) in order from its own index, 25 rows at most from each, and
-- merges them (catalog.repository.ts listProducts).
CREATE INDEX products_category_newest_idx ON products (category_id, created_at DESC, id DESC)
  WHERE published AND min_price_cents IS NOT NULL;
CREATE INDEX products_category_price_asc_idx ON products (category_id,
  ((CASE WHEN in_stock THEN 0 ELSE 4294967296 END + coalesce(min_price_cents, 0))::float8), id)
  WHERE published AND min_price_cents IS NOT NULL;
CREATE INDEX products_category_price_desc_idx ON products (category_id,
  ((CASE WHEN in_stock THEN 0 ELSE 4294967296 END - coalesce(min_price_cents, 0))::float8), id)
  WHERE published AND min_price_cents IS NOT NULL;
CREATE INDEX products_category_name_idx ON products (category_id, name_folded COLLATE "C", id)
  WHERE published AND min_price_cents IS NOT NULL;

CREATE INDEX products_brand_newest_idx ON products (brand_id, created_at DESC, id DESC)
  WHERE published AND min_price_cents IS NOT NULL;
CREATE INDEX products_brand_price_asc_idx ON products (brand_id,
  ((CASE WHEN in_stock THEN 0 ELSE 4294967296 END + coalesce(min_price_cents, 0))::float8), id)
  WHERE published AND min_price_cents IS NOT NULL;
CREATE INDEX products_brand_price_desc_idx ON products (brand_id,
  ((CASE WHEN in_stock THEN 0 ELSE 4294967296 END - coalesce(min_price_cents, 0))::float8), id)
  WHERE published AND min_price_cents IS NOT NULL;
CREATE INDEX products_brand_name_idx ON products (brand_id, name_folded COLLATE "C", id)
  WHERE published AND min_price_cents IS NOT NULL;
