-- LGPD: the search of an orders or audit-log export is never kept in clear (modules/exports,
-- modules/audit, lib/export-search.ts). From now on a ticket stores it sealed under a key only its
-- download URL carries and keeps only its kind once used, and the export's audit entry says the
-- kind ({"kind": "cpf"}: "busca por CPF"), never the words. This migration does the same to what
-- was stored before: the tickets' searches and the export entries of the audit log become their
-- kind, and the e-mail addresses in a resent mail's last error (the mail server's answer, which
-- often names the recipient) lose their local part.
--
-- The audit log is append-only (0019): its UPDATE trigger is switched off for this transaction
-- only, by the table's owner that runs the migrations, and on again before the commit. The
-- application never updates it.

CREATE FUNCTION vitrine_search_kind(search text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT CASE
      WHEN search LIKE '%@%' THEN 'email'
      WHEN btrim(search) ~ '^\d{3}[.\s]?\d{3}[.\s]?\d{3}[-\s]?\d{2}$' THEN 'cpf'
      WHEN btrim(search) ~* '^vt[\s-]?\d{1,15}$' OR btrim(search) ~ '^\d{1,7}$' THEN 'number'
      WHEN btrim(search) ~ '^[\d\s().+-]+$'
        AND length(regexp_replace(search, '\D', '', 'g')) BETWEEN 10 AND 13 THEN 'phone'
      WHEN btrim(search) ~ '^[\d\s().+-]+$' THEN 'digits'
      ELSE 'text'
    END
  $$;

UPDATE order_export_tickets
  SET request = jsonb_set(request, '{filter,search}', 'null'::jsonb)
    || jsonb_build_object('search',
         jsonb_build_object('kind', vitrine_search_kind(request #>> '{filter,search}')))
  WHERE jsonb_typeof(request #> '{filter,search}') = 'string';

UPDATE audit_export_tickets
  SET request = jsonb_set(request, '{filter,search}', 'null'::jsonb)
    || jsonb_build_object('search',
         jsonb_build_object('kind', vitrine_search_kind(request #>> '{filter,search}')))
  WHERE jsonb_typeof(request #> '{filter,search}') = 'string';

ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update;

UPDATE audit_log
  SET after = jsonb_set(after, '{filter,search}',
    jsonb_build_object('kind', vitrine_search_kind(after #>> '{filter,search}')))
  WHERE action IN ('export.orders', 'export.audit')
    AND jsonb_typeof(after #> '{filter,search}') = 'string';

UPDATE audit_log
  SET before = jsonb_set(before, '{lastError}',
    to_jsonb(regexp_replace(before ->> 'lastError', '[^\s<>()"'',;:]+@', '***@', 'g')))
  WHERE action = 'mail.resend' AND before ->> 'lastError' LIKE '%@%';

ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update;

DROP FUNCTION vitrine_search_kind(text);
