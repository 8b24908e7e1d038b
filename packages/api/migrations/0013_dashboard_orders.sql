-- Dashboard, part 1 (issue 13): the orders grid's filters and sorts, the lookup of an order's
-- last mail, and each staff member's saved list views.

-- Grid filters by fulfilment status and payment method, newest first as the grid opens.
CREATE INDEX orders_fulfilment_status_idx ON orders (fulfilment_status, created_at DESC);
CREATE INDEX orders_payment_method_idx ON orders (payment_method, created_at DESC);
-- EXPIRES_SOONEST and expiresBefore: the payment deadline of unpaid orders (null otherwise, the
-- same expression as orders.staff.repository's sort key), then id for the keyset.
CREATE INDEX orders_unpaid_deadline_idx ON orders (
  (CASE WHEN status = 'PENDING_PAYMENT' THEN coalesce(payment_expires_at, pix_expires_at) END), id
);

-- Order.lastMailSubject and orderResendLastMail find an order's mails by recipient (the subject
-- carries the order number); newest first.
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (to_address, created_at DESC);

-- Saved views: a staff member's named list query (the URL's filters, sort and search).
CREATE TABLE staff_saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  screen text NOT NULL CHECK (screen IN ('ORDERS', 'PRODUCTS')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  query text NOT NULL CHECK (length(query) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_saved_views_name_key ON staff_saved_views (staff_id, screen, lower(name));
