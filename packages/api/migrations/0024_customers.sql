-- Customers and LGPD (dashboard, team and store). A customer is the guest orders of one
-- normalised e-mail (lower and trimmed); its id is vitrine_customer_key(customer_email): the md5 of
-- that e-mail, or, once anonymised, the same key kept in the replacement address
-- 'anonimizado+<key>@invalid' (so the customer's page keeps its address after anonymisation and no
-- real e-mail is left behind). The checkout refuses addresses without a dot in the domain, so no
-- shopper's address can take that form.
CREATE FUNCTION vitrine_customer_key(email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN email ~ '^anonimizado\+[0-9a-f]{32}@invalid$' THEN substr(email, 13, 32)
      ELSE md5(lower(btrim(email)))
    END
  $$;

-- When the customer's personal data was removed from the order (customerAnonymize). Amounts,
-- lines, city, UF and the CEP's first five digits stay (tax reports); name, e-mail, CPF, phone,
-- street, number, complement and district do not.
ALTER TABLE orders ADD COLUMN anonymized_at timestamptz;

-- An anonymised order has no CPF and no phone ('').
ALTER TABLE orders DROP CONSTRAINT orders_customer_cpf_check;
ALTER TABLE orders ADD CONSTRAINT orders_customer_cpf_check
  CHECK (customer_cpf ~ '^\d{11}$' OR (customer_cpf = '' AND anonymized_at IS NOT NULL));
ALTER TABLE orders DROP CONSTRAINT orders_customer_phone_check;
ALTER TABLE orders ADD CONSTRAINT orders_customer_phone_check
  CHECK (customer_phone ~ '^\d{10,11}$' OR (customer_phone = '' AND anonymized_at IS NOT NULL));

-- The key stored (computed by the database on every insert and e-mail change): grouping 100,000
-- orders by a stored column is a plain hash aggregate (tens of milliseconds), where computing the
-- md5 of every row took a second. A customer's orders are one index lookup; the search by e-mail
-- uses orders_email_lower_idx, by CPF orders_cpf_idx, by phone the index below.
ALTER TABLE orders
  ADD COLUMN customer_key text GENERATED ALWAYS AS (vitrine_customer_key(customer_email)) STORED;
CREATE INDEX orders_customer_key_idx ON orders (customer_key, created_at DESC);
CREATE INDEX orders_phone_idx ON orders (customer_phone);
CREATE INDEX coupon_redemptions_order_email_idx ON coupon_redemptions (email);
