-- The listed products' brand and category by id, for the facets the counts answer only in part
-- (two sizes with two colours, a price with two sizes or two colours; catalog.facets.repository.ts
-- partlyCountedProductFacets): their matching variants are found along the variants' indexes and
-- joined to their products, and without this index PostgreSQL read the whole products table for
-- the two columns (77 of the statement's 148 ms at 100,000 products, for 2 sizes in 2 colours);
-- read from here, 14 ms (docs/benchmarks.md).
CREATE INDEX products_public_scope_idx ON products (id) INCLUDE (brand_id, category_id)
  WHERE published AND min_price_cents IS NOT NULL;
