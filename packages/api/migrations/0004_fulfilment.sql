-- After checkout: each refund on its own row (an order can be refunded in parts), a guard that
-- refunds never exceed the total, and the index the dashboard figures read by payment day.

CREATE TABLE order_refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  staff_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  -- Staff name at the time (the account may be renamed or deleted).
  staff_name text,
  -- Set when the money went back through a gateway (card, boleto).
  payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
  provider_refund_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id, created_at);

-- The conditional update of orderRefund already keeps this true; the database makes sure.
ALTER TABLE orders
  ADD CONSTRAINT orders_refunded_within_total CHECK (refunded_cents IS NULL OR refunded_cents <= total_cents);

CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE paid_at IS NOT NULL;
