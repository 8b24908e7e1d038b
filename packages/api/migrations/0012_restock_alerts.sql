-- "Avise-me quando chegar" (issue 12, item 11): a shopper leaves an e-mail on a sold-out variant.
-- Double opt-in: the row waits for its confirmation link (only the token's SHA-256 is kept; it is
-- cleared once used, so the link works once) and is deleted after 48 h if never confirmed. Once
-- confirmed, the first sweep that finds the variant's stock above 0 writes one mail to the outbox
-- and deletes the row in the same transaction (LGPD: the address serves this one mail, then goes).

CREATE TABLE restock_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  variant_id uuid NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
  -- Trimmed and lower case.
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  token_hash text UNIQUE,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (variant_id, email),
  -- Waiting for confirmation with a token, or confirmed without one.
  CHECK ((confirmed_at IS NULL) = (token_hash IS NOT NULL))
);
CREATE INDEX restock_alerts_confirmed_idx ON restock_alerts (variant_id) WHERE confirmed_at IS NOT NULL;
CREATE INDEX restock_alerts_pending_idx ON restock_alerts (created_at) WHERE confirmed_at IS NULL;
