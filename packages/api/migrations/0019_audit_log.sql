-- One append-only audit log for every staff action and security event (dashboard, team and store):
-- who (staff id, and the name and e-mail as they were), when, from where (address, browser), what
-- (an action code, the entity and its id and label, the brands it touched, a summary) and the
-- values before and after. The database itself refuses to change or delete a row: UPDATE and
-- DELETE raise, TRUNCATE too. The LGPD anonymisation keeps the log: entries name the customer by
-- an opaque id, never by personal data.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_name text,
  actor_email text,
  ip text,
  user_agent text CHECK (user_agent IS NULL OR length(user_agent) <= 500),
  action text NOT NULL CHECK (action ~ '^[a-z_]+(\.[a-z_]+)+$' AND length(action) <= 80),
  entity text NOT NULL CHECK (entity IN ('PRODUCT', 'VARIANT', 'BRAND', 'CATEGORY',
    'PRODUCT_IMPORT', 'ORDER', 'BANK_STATEMENT', 'SETTINGS', 'COUPON', 'SHIPPING_METHOD', 'STAFF',
    'CUSTOMER', 'EXPORT', 'MAIL', 'SESSION')),
  entity_id text CHECK (entity_id IS NULL OR length(entity_id) <= 200),
  entity_label text CHECK (entity_label IS NULL OR length(entity_label) <= 200),
  brand_ids uuid[] NOT NULL DEFAULT '{}',
  summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 500),
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at DESC);
CREATE INDEX audit_log_brands_idx ON audit_log USING gin (brand_ids);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
