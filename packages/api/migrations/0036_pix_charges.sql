-- Pix through the PSP's API (the Banco Central's Pix API): one immediate charge (cob) per Pix
-- order, created and then watched by the server's worker from this table, which is its outbox: a
-- row is written for every Pix order waiting for payment (right after the order, or by the sweep
-- that finds one without it), created at the PSP with retries and backoff (TO_CREATE), polled while
-- open (ATIVA) until paid, removed or expired. A webhook only hints which txid to read back; the
-- row's lock makes a payment settle once whatever the number of deliveries and instances.
CREATE TABLE pix_charges (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  txid text NOT NULL UNIQUE CHECK (txid ~ '^[A-Za-z0-9]{26,35}$'),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'TO_CREATE' CHECK (status IN (
    'TO_CREATE', 'ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP',
    'EXPIRED', 'FAILED'
  )),
  location text,
  pix_copia_e_cola text,
  end_to_end_id text,
  received_cents integer,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX pix_charges_due_idx ON pix_charges (next_attempt_at)
  WHERE status IN ('TO_CREATE', 'ATIVA');
