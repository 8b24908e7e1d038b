-- Product CSV imports (dashboard, catalog): the file's preview (one row per variant line with its
-- outcome), applied in the background with a progress counter that moves in the same
-- transaction as the rows' catalog changes, so an interrupted import resumes where it stopped.
-- And the single-use tickets of the products CSV export (as order_export_tickets).

CREATE TABLE product_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  staff_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  staff_name text,
  -- The importer's role and brands when the import was made (a BRAND_MANAGER's rows stay within them).
  staff_role text NOT NULL,
  staff_brand_ids uuid[] NOT NULL DEFAULT '{}',
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  status text NOT NULL CHECK (status IN ('PREVIEWING', 'READY', 'APPLYING', 'APPLIED', 'FAILED', 'DISCARDED')),
  total_rows integer NOT NULL DEFAULT 0 CHECK (total_rows >= 0),
  create_count integer NOT NULL DEFAULT 0,
  update_count integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  refused_count integer NOT NULL DEFAULT 0,
  -- Rows to write (CREATE/UPDATE of the preview) processed so far, and the last line processed.
  applied_rows integer NOT NULL DEFAULT 0 CHECK (applied_rows >= 0),
  applied_through_line integer NOT NULL DEFAULT 0,
  -- Which process is applying it until when (renewed per batch); another takes over after it.
  lease_owner text,
  lease_until timestamptz,
  error text,
  applied_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_imports_created_idx ON product_imports (created_at DESC, id DESC);
CREATE INDEX product_imports_applying_idx ON product_imports (status) WHERE status = 'APPLYING';

CREATE TABLE product_import_rows (
  import_id uuid NOT NULL REFERENCES product_imports (id) ON DELETE CASCADE,
  line integer NOT NULL CHECK (line >= 2),
  sku text,
  product_slug text,
  outcome text NOT NULL CHECK (outcome IN ('CREATE', 'UPDATE', 'UNCHANGED', 'REFUSED')),
  message text,
  -- The row's values as read (cents, booleans, ids of brand and category), for the apply.
  data jsonb,
  PRIMARY KEY (import_id, line)
);
CREATE INDEX product_import_rows_outcome_idx ON product_import_rows (import_id, outcome, line);

CREATE TABLE product_export_tickets (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  request jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  rows_exported integer
);
CREATE INDEX product_export_tickets_expires_idx ON product_export_tickets (expires_at);
