-- Core tables: staff accounts, password resets, server secrets, store settings, mail outbox.

CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('ADMIN', 'BRAND_MANAGER', 'SUPPORT')),
  brand_ids uuid[] NOT NULL DEFAULT '{}',
  password_hash text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  -- Bumped to revoke every token issued before (password reset, deactivation, sign out everywhere).
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email_key ON staff (email);

CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  -- sha256 of the token, hex; the token itself is only ever in the mail.
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX password_reset_tokens_hash_key ON password_reset_tokens (token_hash);
CREATE INDEX password_reset_tokens_staff_idx ON password_reset_tokens (staff_id, created_at);

CREATE TABLE secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE store_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  store_name text NOT NULL,
  pix_discount_percent numeric(5, 2) NOT NULL DEFAULT 0,
  max_installments integer NOT NULL DEFAULT 1,
  min_installment_cents integer NOT NULL DEFAULT 0,
  free_shipping_threshold_cents integer,
  analytics_measurement_id text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO store_settings (store_name, pix_discount_percent, max_installments, min_installment_cents, free_shipping_threshold_cents)
VALUES ('Vitrine', 5, 10, 500, 29900);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (created_at) WHERE sent_at IS NULL;
