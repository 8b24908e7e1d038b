-- Dashboard, team and store: staff invitations (single-use links, 72 hours, stored hashed), the
-- last sign-in, two-factor sign-in with an authenticator app (TOTP, RFC 6238; the last accepted
-- time step, so a code cannot be replayed) and its one-time recovery codes (stored hashed), and
-- the store settings this issue adds.
ALTER TABLE staff
  ADD COLUMN last_sign_in_at timestamptz,
  -- Null until someone accepts their invitation (INVITED accounts cannot sign in).
  ADD COLUMN invited_at timestamptz,
  ADD COLUMN invited_by uuid REFERENCES staff (id) ON DELETE SET NULL,
  -- Base32 secret of an enrolment in progress or confirmed (confirmed when enabled_at is set).
  ADD COLUMN two_factor_secret text,
  ADD COLUMN two_factor_enabled_at timestamptz,
  ADD COLUMN two_factor_last_step bigint;

CREATE TABLE staff_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- Replaced by a newer link (resend) or cancelled.
  revoked_at timestamptz
);
CREATE UNIQUE INDEX staff_invitations_token_key ON staff_invitations (token_hash);
CREATE INDEX staff_invitations_staff_idx ON staff_invitations (staff_id, created_at DESC);

CREATE TABLE staff_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX staff_recovery_codes_staff_idx ON staff_recovery_codes (staff_id);

ALTER TABLE store_settings
  ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false,
  ADD COLUMN interest_free_installments integer NOT NULL DEFAULT 10
    CHECK (interest_free_installments BETWEEN 1 AND 12),
  ADD COLUMN exchanges_policy_text text CHECK (length(exchanges_policy_text) <= 20000),
  ADD COLUMN privacy_policy_text text CHECK (length(privacy_policy_text) <= 20000),
  ADD COLUMN contact_page_text text CHECK (length(contact_page_text) <= 20000);
