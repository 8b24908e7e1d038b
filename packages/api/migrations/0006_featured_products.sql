-- Featured products ("Destaques" on the storefront home), chosen by staff through productUpdate.

ALTER TABLE products ADD COLUMN featured boolean NOT NULL DEFAULT false;
-- The home asks for the newest published featured products: a small partial index.
CREATE INDEX products_featured_idx ON products (created_at DESC, id DESC)
  WHERE featured AND published AND min_price_cents IS NOT NULL;
