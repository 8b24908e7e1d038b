-- The outbox never keeps a live link, and each message says what really happened to it.
--
-- One-time links (password reset, staff invitation, restock confirmation): the stored body holds
-- the mark __vitrine_one_time_token__ where the link's token goes, and link_kind/link_ref name the
-- row whose token it is. The token is drawn when the mail is handed to the mail server (its hash
-- replaces the row's), so nobody reading the outbox (staff on the E-mails screen, a database dump)
-- ever sees a link that works; a resend draws a new one and the earlier link stops working.
--
-- held_at: the mail was not handed to any mail server because none is configured (SMTP_URL); it
-- waits there (status NOT_CONFIGURED) until staff send it again once mail is configured.
ALTER TABLE mail_outbox
  ADD COLUMN link_kind text CHECK (link_kind IN ('password_reset', 'staff_invitation', 'restock_confirmation')),
  ADD COLUMN link_ref uuid,
  ADD COLUMN held_at timestamptz,
  ADD CONSTRAINT mail_outbox_link_ref CHECK ((link_kind IS NULL) = (link_ref IS NULL));

-- Messages written before this migration keep their links in clear: those tokens are masked. One
-- that was never sent cannot be sent with a dead link: it is given up with the reason.
UPDATE mail_outbox
SET
  last_error = CASE
    WHEN sent_at IS NULL THEN 'Link de uso único retirado por segurança: peça um novo link.'
    ELSE last_error
  END,
  attempts = CASE WHEN sent_at IS NULL THEN greatest(attempts, 1) ELSE attempts END,
  max_attempts = CASE WHEN sent_at IS NULL THEN greatest(attempts, 1) ELSE max_attempts END,
  text_body = regexp_replace(
    text_body,
    '(/senha/redefinir|/convite|/avise-me/confirmar)\?token=[A-Za-z0-9_%-]+',
    '\1?token=__vitrine_one_time_token__',
    'g'
  ),
  html_body = regexp_replace(
    html_body,
    '(/senha/redefinir|/convite|/avise-me/confirmar)\?token=[A-Za-z0-9_%-]+',
    '\1?token=__vitrine_one_time_token__',
    'g'
  )
WHERE text_body ~ '(/senha/redefinir|/convite|/avise-me/confirmar)\?token='
   OR html_body ~ '(/senha/redefinir|/convite|/avise-me/confirmar)\?token=';

-- Who asked for a password reset and from where (the reset's audit entry says it).
ALTER TABLE password_reset_tokens
  ADD COLUMN requested_ip text,
  ADD COLUMN requested_user_agent text;
