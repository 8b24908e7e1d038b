-- The unpaid-order limits (checkout.repository.ts CHECKOUT_CHECKS) count a guest's PENDING_PAYMENT
-- orders by client address OR e-mail identity OR CPF digits. Only the address was indexed
-- (0010), so every placeOrder scanned every unpaid order: on Black Friday, exactly the backlog that
-- grows (issue: 376 -> 3,032 unpaid orders took placeOrder from 98.8 to 28.9 orders/s). These
-- partial indexes hold the other two keys as the statement computes them (the e-mail's by
-- lib/email-identity.ts emailIdentityKeySql; test/unpaid-indexes.test.ts keeps the two in step),
-- so the three conditions become one BitmapOr of index scans.
CREATE INDEX orders_unpaid_email_key_idx ON orders ((CASE WHEN substring(lower(btrim(customer_email)) from '@([^@]*)$') IN ('gmail.com', 'googlemail.com')
    THEN replace(split_part(substring(lower(btrim(customer_email)) from '^(.*)@[^@]*$'), '+', 1), '.', '') || '@gmail.com'
    WHEN substring(lower(btrim(customer_email)) from '@([^@]*)$') IS NULL THEN lower(btrim(customer_email))
    ELSE split_part(substring(lower(btrim(customer_email)) from '^(.*)@[^@]*$'), '+', 1) || '@' || substring(lower(btrim(customer_email)) from '@([^@]*)$') END))
  WHERE status = 'PENDING_PAYMENT';

CREATE INDEX orders_unpaid_cpf_digits_idx ON orders ((regexp_replace(customer_cpf, '[^0-9]', '', 'g')))
  WHERE status = 'PENDING_PAYMENT';
