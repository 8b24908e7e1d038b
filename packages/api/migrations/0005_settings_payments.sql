-- Store settings edited by staff (settingsUpdate): who changed them last and a log of every
-- change; a payment deadline for every unpaid order (Pix, card and boleto alike), which the
-- expiry job reads.

ALTER TABLE store_settings
  ADD COLUMN updated_by uuid REFERENCES staff (id) ON DELETE SET NULL,
  ADD COLUMN updated_by_name text;
ALTER TABLE payment_settings
  ADD COLUMN updated_by uuid REFERENCES staff (id) ON DELETE SET NULL,
  ADD COLUMN updated_by_name text;

-- One row per settingsUpdate that changed something: { field: { "from": old, "to": new } }.
CREATE TABLE settings_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  -- The staff member's name at the time (the account may be renamed or deleted).
  staff_name text NOT NULL,
  changes jsonb NOT NULL CHECK (jsonb_typeof(changes) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX settings_changes_created_idx ON settings_changes (created_at DESC);

-- Until this migration only Pix orders had a deadline (pix_expires_at); from now on every
-- unpaid order has one here: Pix and card after the Pix expiry, boleto after its due date.
ALTER TABLE orders ADD COLUMN payment_expires_at timestamptz;
UPDATE orders SET payment_expires_at = pix_expires_at
  WHERE payment_expires_at IS NULL AND pix_expires_at IS NOT NULL;
-- The expiry job scans unpaid orders by deadline (rows written without the new column, e.g. by
-- older code, fall back to the Pix deadline).
CREATE INDEX orders_payment_expiry_idx ON orders ((coalesce(payment_expires_at, pix_expires_at)), id)
  WHERE status = 'PENDING_PAYMENT';
