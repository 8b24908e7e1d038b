-- One anonymous client must not be able to reserve the whole store (issue 11, item 1).

-- Units a guest order may hold: per line (variant) and in total. placeOrder refuses more.
ALTER TABLE store_settings
  ADD COLUMN guest_max_units_per_line integer NOT NULL DEFAULT 10
    CHECK (guest_max_units_per_line BETWEEN 1 AND 50),
  ADD COLUMN guest_max_units_per_order integer NOT NULL DEFAULT 30
    CHECK (guest_max_units_per_order BETWEEN 1 AND 500);

-- The Pix hold in minutes (10 min to 24 h) instead of hours (1 to 720): an unpaid order keeps its
-- stock for this long. A store that never chose a value (the old default of 24 hours, or the demo
-- seed's) gets 30 minutes; a value an admin chose through settingsUpdate is kept, at most 24 hours.
ALTER TABLE payment_settings
  ADD COLUMN pix_expiry_minutes integer NOT NULL DEFAULT 30
    CHECK (pix_expiry_minutes BETWEEN 10 AND 1440);
UPDATE payment_settings
SET pix_expiry_minutes = LEAST(pix_expiry_hours * 60, 1440)
WHERE EXISTS (SELECT 1 FROM settings_changes WHERE changes -> 'pixExpiryHours' IS NOT NULL);
ALTER TABLE payment_settings DROP COLUMN pix_expiry_hours;

-- The client address (request.ip) that placed the order: unpaid orders are limited per address,
-- per e-mail and per CPF. Null for orders placed before this migration.
ALTER TABLE orders ADD COLUMN client_address text;
CREATE INDEX orders_unpaid_client_idx ON orders (client_address)
  WHERE status = 'PENDING_PAYMENT';
