-- The shopper's 7-day return (direito de arrependimento, CDC art. 49): a request per order (the
-- whole order or some lines, with a reason), one open at a time, REQUESTED -> LABEL_ISSUED (the
-- reverse carrier's authorisation code, or one staff typed) -> RECEIVED (the goods are back:
-- stock returned) -> REFUNDED (the refund made by the way it was paid), or REJECTED with a reason.
-- The row is also the outbox of the carrier's request: asked for with retries and backoff while
-- carrier_next_attempt_at is set, the last failure kept for staff to see.
CREATE TABLE order_returns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- 1, 2... within the order ('Devolução 2 do pedido VT-10023').
  number integer NOT NULL CHECK (number >= 1),
  status text NOT NULL DEFAULT 'REQUESTED' CHECK (
    status IN ('REQUESTED', 'LABEL_ISSUED', 'RECEIVED', 'REFUNDED', 'REJECTED')
  ),
  reason text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  -- Every unit of the order comes back with this return (its shipping is refunded with it).
  whole_order boolean NOT NULL DEFAULT false,
  -- What the return refunds: as computed at the request, then as refunded at the receipt.
  refund_cents integer NOT NULL CHECK (refund_cents >= 0),
  shipping_refund_cents integer NOT NULL DEFAULT 0 CHECK (shipping_refund_cents >= 0),
  -- The reverse logistics: 'correios', or 'manual' for a code staff typed.
  carrier text CHECK (carrier IS NULL OR length(carrier) BETWEEN 1 AND 40),
  authorization_code text CHECK (
    authorization_code IS NULL OR length(btrim(authorization_code)) BETWEEN 3 AND 40
  ),
  tracking_code text CHECK (tracking_code IS NULL OR length(tracking_code) <= 40),
  label_url text CHECK (label_url IS NULL OR length(label_url) <= 2000),
  authorization_expires_at timestamptz,
  carrier_reference text CHECK (carrier_reference IS NULL OR length(carrier_reference) <= 100),
  carrier_attempts integer NOT NULL DEFAULT 0 CHECK (carrier_attempts >= 0),
  carrier_next_attempt_at timestamptz,
  carrier_error text CHECK (carrier_error IS NULL OR length(carrier_error) <= 500),
  rejection_reason text CHECK (
    rejection_reason IS NULL OR length(btrim(rejection_reason)) BETWEEN 1 AND 500
  ),
  refund_id uuid,
  requested_at timestamptz NOT NULL DEFAULT now(),
  label_issued_at timestamptz,
  received_at timestamptz,
  refunded_at timestamptz,
  rejected_at timestamptz,
  staff_id uuid,
  staff_name text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, number),
  CHECK (status <> 'REJECTED' OR (rejection_reason IS NOT NULL AND rejected_at IS NOT NULL)),
  CHECK (status <> 'LABEL_ISSUED' OR (authorization_code IS NOT NULL AND label_issued_at IS NOT NULL)),
  CHECK (status NOT IN ('RECEIVED', 'REFUNDED') OR received_at IS NOT NULL),
  CHECK (status <> 'REFUNDED' OR refunded_at IS NOT NULL),
  -- Only an open request waits for the carrier.
  CHECK (carrier_next_attempt_at IS NULL OR status = 'REQUESTED')
);
-- One open request per order at a time (two shoppers' clicks racing: one wins).
CREATE UNIQUE INDEX order_returns_one_open_idx ON order_returns (order_id)
  WHERE status IN ('REQUESTED', 'LABEL_ISSUED');
-- The worker's queue: open requests waiting for the carrier, the ones due first.
CREATE INDEX order_returns_carrier_due_idx ON order_returns (carrier_next_attempt_at)
  WHERE carrier_next_attempt_at IS NOT NULL;
-- Staff lists by status, newest first.
CREATE INDEX order_returns_status_idx ON order_returns (status, requested_at DESC);

-- The units of each order line a return brings back, and their share of the refund.
CREATE TABLE order_return_lines (
  return_id uuid NOT NULL REFERENCES order_returns (id) ON DELETE CASCADE,
  order_line_id uuid NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  refund_cents integer NOT NULL CHECK (refund_cents >= 0),
  PRIMARY KEY (return_id, order_line_id)
);
CREATE INDEX order_return_lines_line_idx ON order_return_lines (order_line_id);
