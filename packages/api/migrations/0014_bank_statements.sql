-- Pix reconciliation by bank statement and the orders CSV export's tickets (issue 13).
-- Bank statements (OFX or CSV) and their credits, matched to orders waiting for Pix by txid and
-- amount. A bank transaction (bank_id: the OFX FITID, or a hash of the CSV line) confirms an order
-- at most once across every import: the partial unique index refuses a second CONFIRMED row with
-- the same bank_id, so importing the same statement again (or two staff confirming at once) never
-- pays an order twice.

CREATE TABLE bank_statement_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  format text NOT NULL CHECK (format IN ('OFX', 'CSV')),
  staff_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  staff_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bank_statement_imports_created_idx ON bank_statement_imports (created_at DESC, id DESC);

CREATE TABLE bank_statement_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  import_id uuid NOT NULL REFERENCES bank_statement_imports (id) ON DELETE CASCADE,
  position integer NOT NULL,
  bank_id text NOT NULL CHECK (length(bank_id) BETWEEN 1 AND 255),
  posted_at timestamptz NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL,
  txid text,
  order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
  match text NOT NULL CHECK (match IN ('MATCHED', 'AMOUNT_MISMATCH', 'UNMATCHED', 'ALREADY_PAID', 'CONFIRMED')),
  confirmed_at timestamptz,
  UNIQUE (import_id, bank_id),
  UNIQUE (import_id, position),
  CHECK ((match = 'CONFIRMED') = (confirmed_at IS NOT NULL))
);
CREATE UNIQUE INDEX bank_statement_entries_confirmed_bank_id ON bank_statement_entries (bank_id) WHERE match = 'CONFIRMED';
CREATE INDEX bank_statement_entries_order_idx ON bank_statement_entries (order_id) WHERE order_id IS NOT NULL;

-- The orders CSV export (issue 13): POST /admin/exports/orders answers a URL with a random ticket
-- (only its SHA-256 is kept) that works once within 60 seconds, so the session token never goes
-- into a URL. The rows stay as the record of who exported what and when (and how many orders).
CREATE TABLE order_export_tickets (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  -- The export's {filter, sort}, as the GraphQL OrderFilter and OrderSort.
  request jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  rows_exported integer
);
CREATE INDEX order_export_tickets_staff_idx ON order_export_tickets (staff_id, created_at DESC);
