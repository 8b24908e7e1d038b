-- Two small changes of the storefront.
--
-- 1. An 'Avise-me' confirmation link opened again (a reload, a second click) says the alert is
-- confirmed already, not "invalid or used": a confirmed request keeps its link's hash (the link
-- confirms once; afterwards it only finds its confirmed request). A request waiting for its
-- confirmation still always has one; a confirmed one may have none (confirmed before this rule).
ALTER TABLE restock_alerts DROP CONSTRAINT restock_alerts_check;
ALTER TABLE restock_alerts ADD CONSTRAINT restock_alerts_check
  CHECK (confirmed_at IS NOT NULL OR token_hash IS NOT NULL);

-- 2. Sold-out products come last under the price sorts, the in-stock ones first by price
-- (catalog.repository.ts SORTS: one key per sort, the stock flag in it). The storefront's price
-- listings read these in order, as its newest-first listing reads products_public_newest_idx,
-- instead of sorting every published product for each page.
CREATE INDEX products_public_price_asc_idx ON products (
  ((CASE WHEN in_stock THEN 0 ELSE 4294967296 END + coalesce(min_price_cents, 0))::float8), id)
  WHERE published AND min_price_cents IS NOT NULL;
CREATE INDEX products_public_price_desc_idx ON products (
  ((CASE WHEN in_stock THEN 0 ELSE 4294967296 END - coalesce(min_price_cents, 0))::float8), id)
  WHERE published AND min_price_cents IS NOT NULL;
