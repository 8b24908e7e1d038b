-- The NF-e de devolução (finalidade 4, an entrada) of the goods a return brought back: once the
-- return is received and its order's sale NF-e is authorised, the store issues it through the same
-- provider, referencing the sale's chave de acesso. Kept in `invoices` as a second kind, so it is
-- sent, polled, read back from the webhook, numbered, listed and fixed as a sale's is.
--
--   kind = 'SALE'    the order's NF-e (one per order, as before)
--   kind = 'RETURN'  the NF-e de devolução of one return (one per return)
ALTER TABLE invoices
  ADD COLUMN kind text NOT NULL DEFAULT 'SALE' CHECK (kind IN ('SALE', 'RETURN')),
  ADD COLUMN return_id uuid UNIQUE REFERENCES order_returns (id) ON DELETE CASCADE,
  ADD CONSTRAINT invoices_return_kind_check CHECK ((kind = 'RETURN') = (return_id IS NOT NULL));

-- One sale NF-e per order; an order may also have one devolução per return.
ALTER TABLE invoices DROP CONSTRAINT invoices_order_id_key;
CREATE UNIQUE INDEX invoices_sale_order_idx ON invoices (order_id) WHERE kind = 'SALE';
CREATE INDEX invoices_order_idx ON invoices (order_id);
