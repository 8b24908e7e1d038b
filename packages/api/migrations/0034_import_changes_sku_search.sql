-- The product import's preview shows each field a row changes with its value before and after
-- ([{field, before, after}], the file's column names); rows previewed before this migration have
-- none (null) and keep their one-line message.
ALTER TABLE product_import_rows ADD COLUMN changes jsonb
  CHECK (changes IS NULL OR jsonb_typeof(changes) = 'array');

-- The products grid finds a variant by any part of its SKU as staff type it ('MAR-0002' finds
-- MAR-00025-M-PRT), case ignored: upper(sku) LIKE '%...%' on a trigram index instead of a scan of
-- every variant.
CREATE INDEX variants_sku_trgm_idx ON variants USING gin (upper(sku) gin_trgm_ops);
