-- The NF-e (modelo 55) of each sale, issued through an invoicing provider's REST API (Focus NFe's
-- kind: JSON in, the provider signs and talks to SEFAZ, answers by webhook or polling). One invoice
-- per order, ever: the provider's reference (ref) is the order's, so a retry after a timeout or a
-- rejection is the same invoice at the provider, never a second one.
--
--   PENDING     waiting to be sent (new, the provider was down, or staff asked to send it again)
--   PROCESSING  sent; SEFAZ's answer awaited (webhook, or polled at next_attempt_at)
--   AUTHORIZED  chave de acesso and protocolo; the DANFE and the XML stored
--   REJECTED    by SEFAZ (its code and message) or before sending (fiscal data missing: the
--               Portuguese message names what to fill); staff fix it and send it again
--   CANCELED    canceled at SEFAZ within the legal window (24 h after the authorisation)
--
-- The series and number are taken from store_settings.nfe_next_number once, when the invoice is
-- first sent (a local rejection takes none), and kept for every retry of the same ref.
CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'PENDING'
    CHECK (status IN ('PENDING', 'PROCESSING', 'AUTHORIZED', 'REJECTED', 'CANCELED')),
  provider text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('homologacao', 'producao')),
  ref text NOT NULL UNIQUE CHECK (ref ~ '^[A-Za-z0-9_-]{1,50}$'),
  series integer CHECK (series BETWEEN 0 AND 999),
  number bigint CHECK (number BETWEEN 1 AND 999999999),
  access_key text CHECK (access_key ~ '^[0-9]{44}$'),
  protocol text,
  -- SEFAZ's rejection (cStat and xMotivo); code null for a rejection before sending.
  rejection_code text,
  rejection_message text CHECK (rejection_message IS NULL OR length(rejection_message) <= 2000),
  danfe_url text,
  xml_url text,
  danfe_pdf bytea,
  xml bytea,
  -- The shopper's links to the DANFE and the XML (/nfe/{token}/danfe.pdf): unguessable.
  public_token text NOT NULL UNIQUE 
    DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  last_error text CHECK (last_error IS NULL OR length(last_error) <= 2000),
  authorized_at timestamptz,
  canceled_at timestamptz,
  cancel_reason text,
  cancel_protocol text,
  -- The order was canceled or refunded with this invoice authorised: the timeline said so once.
  cancel_suggested_at timestamptz,
  -- The shopper was mailed the DANFE and XML links.
  mailed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((series IS NULL) = (number IS NULL)),
  CHECK (status <> 'AUTHORIZED' OR (access_key IS NOT NULL AND authorized_at IS NOT NULL)),
  CHECK (status <> 'REJECTED' OR rejection_message IS NOT NULL),
  CHECK (status <> 'CANCELED' OR canceled_at IS NOT NULL)
);

-- One invoice number per series.
CREATE UNIQUE INDEX invoices_series_number_idx ON invoices (series, number) WHERE number IS NOT NULL;
-- The worker's due work (sending, polling) and the list screen's filter.
CREATE INDEX invoices_due_idx ON invoices (next_attempt_at) WHERE status IN ('PENDING', 'PROCESSING');
CREATE INDEX invoices_status_idx ON invoices (status, created_at DESC);

-- Cartas de correção (CC-e) of an authorised invoice: sequence 1, 2... (SEFAZ allows 20).
CREATE TABLE invoice_corrections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  sequence integer NOT NULL CHECK (sequence BETWEEN 1 AND 20),
  text text NOT NULL CHECK (length(text) BETWEEN 15 AND 1000),
  protocol text,
  staff_id uuid,
  staff_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_id, sequence)
);

-- Since when the store issues invoices (the first start with a provider configured): paid orders
-- from then on get one; older sales were invoiced some other way, or can be sent by hand.
CREATE TABLE invoice_issuing (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled_since timestamptz NOT NULL DEFAULT now()
);

-- The worker's look for orders that should have an invoice: paid (orders_paid_at_idx, 0004) or
-- shipped since issuing began.
CREATE INDEX orders_shipped_at_idx ON orders (shipped_at) WHERE shipped_at IS NOT NULL;
