-- The audit log's CSV export and the mail outbox's resend (dashboard, team and store).
--
-- audit_export_tickets: the single-use tickets of GET /admin/exports/audit.csv, as
-- order_export_tickets (only the ticket's SHA-256 is stored; it works once within 60 seconds).
CREATE TABLE audit_export_tickets (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  -- The export's {filter}, as the GraphQL AuditFilter.
  request jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  rows_exported integer
);
CREATE INDEX audit_export_tickets_staff_idx ON audit_export_tickets (staff_id, created_at DESC);

-- A mail is tried until it is sent or `attempts` reaches `max_attempts` (then it is FAILED: the
-- outbox gave up). A resend by hand raises the limit by a fresh round of attempts, so `attempts`
-- keeps counting every try the message ever had.
ALTER TABLE mail_outbox ADD COLUMN max_attempts integer NOT NULL DEFAULT 5
  CHECK (max_attempts BETWEEN 1 AND 10000);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id DESC);
