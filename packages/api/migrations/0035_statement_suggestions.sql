-- Pix reconciliation on real bank statements: a credit without the order's txid (what most banks
-- write: the payer's name) is offered as the one Pix order waiting for exactly its amount in its
-- day window (SUGGESTED), or lists every such order when there are several (AMBIGUOUS: never
-- guessed). The payer's name read from the description is kept to show beside the customer's.
ALTER TABLE bank_statement_entries DROP CONSTRAINT bank_statement_entries_match_check;
ALTER TABLE bank_statement_entries ADD CONSTRAINT bank_statement_entries_match_check
  CHECK (match IN ('MATCHED', 'AMOUNT_MISMATCH', 'UNMATCHED', 'ALREADY_PAID', 'CONFIRMED', 'SUGGESTED', 'AMBIGUOUS'));
ALTER TABLE bank_statement_entries ADD COLUMN payer_name text CHECK (length(payer_name) <= 200);
ALTER TABLE bank_statement_entries ADD COLUMN candidate_order_ids uuid[] NOT NULL DEFAULT '{}';
-- The orders waiting for Pix, by amount: what a credit without a txid is matched against.
CREATE INDEX orders_pending_pix_total_idx ON orders (total_cents, created_at)
  WHERE status = 'PENDING_PAYMENT' AND payment_method = 'PIX';
