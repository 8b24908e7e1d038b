-- Tracking that moves the order: the carrier's events of a shipped order's parcel (read from the
-- Correios' SRO by the tracking worker), the latest status on the order, and when to ask again.
CREATE TABLE shipment_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  carrier text NOT NULL,
  code text NOT NULL,
  status text NOT NULL CHECK (
    status IN ('POSTED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_FAILED', 'RETURNING')
  ),
  description text NOT NULL,
  location text,
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The same event read twice is kept once.
  UNIQUE (order_id, occurred_at, code)
);
CREATE INDEX shipment_events_order_idx ON shipment_events (order_id, occurred_at);

ALTER TABLE orders
  ADD COLUMN tracking_status text CHECK (
    tracking_status IN ('POSTED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_FAILED', 'RETURNING')
  ),
  ADD COLUMN tracking_checked_at timestamptz,
  ADD COLUMN tracking_next_check_at timestamptz;
-- The worker's queue: shipped orders with a code, the ones due first.
CREATE INDEX orders_tracking_due_idx ON orders (tracking_next_check_at NULLS FIRST)
  WHERE status = 'SHIPPED' AND tracking_code IS NOT NULL;
