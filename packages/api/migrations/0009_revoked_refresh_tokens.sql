-- Server-side logout (issue 11, item 6): a refresh token handed to POST /auth/logout/ is revoked
-- by its jti until it would have expired anyway; rows past expires_at are deleted on later logouts.
CREATE TABLE revoked_refresh_tokens (
  jti text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX revoked_refresh_tokens_expires_idx ON revoked_refresh_tokens (expires_at);
