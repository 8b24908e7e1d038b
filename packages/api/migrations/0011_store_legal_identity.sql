-- The store's legal identity, shown in the footer of every storefront page and in the privacy
-- policy (Decreto 7.962/2013, art. 2: razão social, CNPJ, address and contact in a visible
-- place; issue 12, item 13). Edited by staff through settingsUpdate; null until the store fills
-- them in (the demo seed fills the demo store's).

ALTER TABLE store_settings
  ADD COLUMN legal_name text CHECK (length(btrim(legal_name)) BETWEEN 1 AND 120),
  -- 14 digits, check digits verified by the server.
  ADD COLUMN cnpj text CHECK (cnpj ~ '^[0-9]{14}$'),
  ADD COLUMN legal_address text CHECK (length(btrim(legal_address)) BETWEEN 1 AND 200),
  ADD COLUMN contact_email text CHECK (length(contact_email) BETWEEN 3 AND 254),
  -- 10 (landline) or 11 (mobile) digits with the DDD.
  ADD COLUMN contact_phone text CHECK (contact_phone ~ '^[0-9]{10,11}$');
