-- Shipping labels bought from a carrier (Melhor Envio, the Correios' pre-postagem) for paid
-- orders, in batches from the orders grid: each order's label (its carrier's reference, tracking
-- code and PDF) or the carrier's reason for refusing it, and the batch's PDF (every label bought in
-- it, then the content declarations, one file to print).
CREATE TABLE label_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  staff_name text NOT NULL,
  requested integer NOT NULL CHECK (requested > 0),
  purchased integer NOT NULL DEFAULT 0 CHECK (purchased >= 0),
  failed integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
  pdf bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (purchased + failed <= requested)
);

CREATE TABLE shipping_labels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  batch_id uuid NOT NULL REFERENCES label_batches (id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  carrier text NOT NULL CHECK (carrier IN ('melhorenvio', 'correios')),
  service text NOT NULL,
  status text NOT NULL CHECK (status IN ('PURCHASED', 'FAILED')),
  -- Melhor Envio's shipment id / the Correios' pre-postagem id; kept on a failure after payment,
  -- so a retry does not pay twice.
  carrier_reference text,
  tracking_code text,
  error text CHECK (error IS NULL OR length(error) <= 600),
  pdf bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'PURCHASED' OR (tracking_code IS NOT NULL AND pdf IS NOT NULL AND carrier_reference IS NOT NULL)),
  CHECK (status <> 'FAILED' OR error IS NOT NULL)
);

-- One live label per order: buying again is refused.
CREATE UNIQUE INDEX shipping_labels_one_live_idx ON shipping_labels (order_id) WHERE status = 'PURCHASED';
CREATE INDEX shipping_labels_order_idx ON shipping_labels (order_id, created_at DESC);
CREATE INDEX shipping_labels_batch_idx ON shipping_labels (batch_id);
