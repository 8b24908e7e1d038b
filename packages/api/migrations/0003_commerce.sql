-- Commerce: shipping methods, coupons, orders with their lines and timeline, payments and their
-- provider events, and the Pix settings. Money is integer centavos everywhere.

-- Order numbers are human-friendly ('VT-10001'); the row id stays a random UUID. A sequence never
-- blocks concurrent checkouts (a rolled-back order leaves a gap, which is normal).
CREATE SEQUENCE order_number_seq START WITH 10001;

-- The Pix receiving account of the store (single row). Separate from store_settings, which
-- belongs to the core module, so each module migrates its own settings.
CREATE TABLE payment_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- null until staff configure it: Pix is then not offered.
  pix_key text CHECK (pix_key IS NULL OR length(pix_key) BETWEEN 1 AND 77),
  pix_merchant_name text NOT NULL DEFAULT 'Vitrine' CHECK (length(btrim(pix_merchant_name)) > 0),
  pix_merchant_city text NOT NULL DEFAULT 'Sao Paulo' CHECK (length(btrim(pix_merchant_city)) > 0),
  -- An unpaid Pix order is cancelled ('expirado') after this many hours.
  pix_expiry_hours integer NOT NULL DEFAULT 24 CHECK (pix_expiry_hours BETWEEN 1 AND 720),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO payment_settings (id) VALUES (true);

CREATE TABLE shipping_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  kind text NOT NULL CHECK (kind IN ('delivery', 'pickup')),
  description text NOT NULL DEFAULT '',
  -- Delivery price table: { "byRegion": { "0": Rate, ... }, "byUf": { "SP": Rate, ... } } where
  -- Rate = { "bands": [{ "upToGrams": 300, "priceCents": 1890 }, ...], "extraKgPriceCents": 450,
  -- "businessDays": 5 }. A state's rate wins over its postal region's (first CEP digit).
  rates jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(rates) = 'object'),
  -- Business days added to every delivery estimate (packing time).
  handling_business_days integer NOT NULL DEFAULT 0 CHECK (handling_business_days BETWEEN 0 AND 60),
  -- Pickup: business days until the order is ready, and where.
  ready_in_business_days integer NOT NULL DEFAULT 1 CHECK (ready_in_business_days BETWEEN 0 AND 60),
  pickup_address text,
  -- null: the store-wide threshold (store_settings) applies; a value: this method's own threshold.
  free_shipping_threshold_cents integer CHECK (free_shipping_threshold_cents IS NULL OR free_shipping_threshold_cents >= 0),
  -- true: never free, whatever the thresholds (say, an express method).
  excluded_from_free_shipping boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipping_methods_active_idx ON shipping_methods (active, position);

CREATE TABLE coupons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Stored upper-case; unique whatever the case the staff typed.
  code text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{0,39}$'),
  description text NOT NULL DEFAULT '',
  -- 'percent' uses percent, 'fixed' uses amount_cents, 'free_shipping' only gives free shipping.
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed', 'free_shipping')),
  percent numeric(5, 2) CHECK (percent IS NULL OR (percent > 0 AND percent <= 100)),
  amount_cents integer CHECK (amount_cents IS NULL OR amount_cents > 0),
  free_shipping boolean NOT NULL DEFAULT false,
  min_subtotal_cents integer CHECK (min_subtotal_cents IS NULL OR min_subtotal_cents >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  usage_limit integer CHECK (usage_limit IS NULL OR usage_limit > 0),
  per_email_limit integer CHECK (per_email_limit IS NULL OR per_email_limit > 0),
  brand_ids uuid[] NOT NULL DEFAULT '{}',
  category_ids uuid[] NOT NULL DEFAULT '{}',
  -- Incremented in the order transaction with a conditional update (the last use is raced safely).
  used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'percent' OR percent IS NOT NULL),
  CHECK (kind <> 'fixed' OR amount_cents IS NOT NULL),
  CHECK (kind <> 'free_shipping' OR free_shipping),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at <= ends_at)
);
CREATE UNIQUE INDEX coupons_code_key ON coupons (upper(code));

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE DEFAULT ('VT-' || nextval('order_number_seq')::text),
  status text NOT NULL DEFAULT 'PENDING_PAYMENT'
    CHECK (status IN ('PENDING_PAYMENT', 'PAID', 'SHIPPED', 'DELIVERED', 'CANCELED', 'REFUNDED')),
  payment_status text NOT NULL DEFAULT 'PENDING'
    CHECK (payment_status IN ('PENDING', 'AUTHORIZED', 'PAID', 'FAILED', 'CANCELED', 'EXPIRED', 'REFUNDED', 'PARTIALLY_REFUNDED')),
  fulfilment_status text NOT NULL DEFAULT 'UNFULFILLED'
    CHECK (fulfilment_status IN ('UNFULFILLED', 'READY_FOR_PICKUP', 'SHIPPED', 'DELIVERED', 'CANCELED', 'RETURNED')),
  customer_name text NOT NULL CHECK (length(customer_name) BETWEEN 1 AND 120),
  -- Lower-cased.
  customer_email text NOT NULL CHECK (length(customer_email) BETWEEN 3 AND 254),
  -- 11 digits, check digits verified by the application.
  customer_cpf text NOT NULL CHECK (customer_cpf ~ '^\d{11}$'),
  -- 10 or 11 digits (DDD + number).
  customer_phone text NOT NULL CHECK (customer_phone ~ '^\d{10,11}$'),
  -- Delivery address (for pickup, the shopper's address for the invoice).
  postal_code text NOT NULL CHECK (postal_code ~ '^\d{8}$'),
  street text NOT NULL CHECK (length(street) BETWEEN 1 AND 200),
  street_number text NOT NULL CHECK (length(street_number) BETWEEN 1 AND 20),
  complement text CHECK (complement IS NULL OR length(complement) <= 100),
  district text NOT NULL CHECK (length(district) BETWEEN 1 AND 100),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  uf text NOT NULL CHECK (uf IN ('AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO')),
  -- Snapshot of the chosen shipping option (the method may change or disappear later).
  shipping_method_id uuid REFERENCES shipping_methods (id) ON DELETE SET NULL,
  shipping_method_name text NOT NULL,
  shipping_method_kind text NOT NULL CHECK (shipping_method_kind IN ('delivery', 'pickup')),
  shipping_business_days integer NOT NULL CHECK (shipping_business_days >= 0),
  billable_weight_grams integer NOT NULL DEFAULT 0 CHECK (billable_weight_grams >= 0),
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  -- The coupon's discount on the products.
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  pix_discount_cents integer NOT NULL DEFAULT 0 CHECK (pix_discount_cents >= 0),
  shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  payment_method text NOT NULL CHECK (payment_method IN ('PIX', 'CARD', 'BOLETO')),
  installments integer NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 48),
  coupon_id uuid,
  coupon_code text,
  -- Client-generated; the same key replayed returns the same order.
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 8 AND 100),
  -- sha256 of the normalised request, to refuse a key reused for a different order.
  request_hash text NOT NULL,
  pix_code text,
  pix_expires_at timestamptz,
  tracking_carrier text,
  tracking_code text,
  tracking_url text,
  paid_at timestamptz,
  shipped_at timestamptz,
  delivered_at timestamptz,
  canceled_at timestamptz,
  cancel_reason text,
  refunded_at timestamptz,
  refunded_cents integer CHECK (refunded_cents IS NULL OR refunded_cents >= 0),
  refund_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (total_cents = greatest(subtotal_cents - discount_cents - pix_discount_cents, 0) + shipping_cents)
);
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_idx ON orders (status, created_at DESC);
CREATE INDEX orders_payment_status_idx ON orders (payment_status, created_at DESC);
CREATE INDEX orders_email_idx ON orders (customer_email);
CREATE INDEX orders_cpf_idx ON orders (customer_cpf);
-- The expiry job scans only unpaid Pix orders.
CREATE INDEX orders_pix_expiry_idx ON orders (pix_expires_at)
  WHERE status = 'PENDING_PAYMENT' AND payment_method = 'PIX';

CREATE TABLE order_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  -- Kept even if the catalog row is deleted later: the snapshot below is what was sold.
  variant_id uuid REFERENCES variants (id) ON DELETE SET NULL,
  product_id uuid REFERENCES products (id) ON DELETE SET NULL,
  brand_id uuid,
  category_id uuid,
  product_name text NOT NULL,
  brand_name text NOT NULL DEFAULT '',
  -- 'Tamanho M · Cor Azul'
  variant_label text NOT NULL DEFAULT '',
  sku text NOT NULL,
  image_url text,
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  compare_at_price_cents integer CHECK (compare_at_price_cents IS NULL OR compare_at_price_cents >= 0),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 50),
  line_total_cents integer NOT NULL CHECK (line_total_cents >= 0),
  -- This line's share of the coupon discount (for refunds and brand reports).
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  CHECK (line_total_cents = unit_price_cents * quantity),
  UNIQUE (order_id, position)
);
CREATE INDEX order_lines_order_idx ON order_lines (order_id);
CREATE INDEX order_lines_variant_idx ON order_lines (variant_id);
CREATE INDEX order_lines_brand_idx ON order_lines (brand_id);

CREATE TABLE order_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- 'placed', 'paid', 'shipped', 'delivered', 'canceled', 'refunded', 'note', 'payment', ...
  type text NOT NULL,
  from_status text,
  to_status text,
  actor text NOT NULL CHECK (actor IN ('staff', 'system', 'customer', 'provider')),
  actor_staff_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  -- Staff name at the time (the account may be renamed or deleted).
  actor_name text,
  note text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (actor <> 'staff' OR actor_name IS NOT NULL)
);
CREATE INDEX order_events_order_idx ON order_events (order_id, created_at);

CREATE TABLE coupon_redemptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  coupon_id uuid NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  order_id uuid NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  -- Lower-cased, for the per-e-mail limit.
  email text NOT NULL,
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupon_redemptions_email_idx ON coupon_redemptions (coupon_id, email);

ALTER TABLE orders
  ADD CONSTRAINT orders_coupon_fk FOREIGN KEY (coupon_id) REFERENCES coupons (id) ON DELETE SET NULL;

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_payment_id text NOT NULL,
  method text NOT NULL CHECK (method IN ('PIX', 'CARD', 'BOLETO')),
  status text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_payment_id)
);
CREATE INDEX payments_order_idx ON payments (order_id);

-- Webhook deliveries, deduplicated by the provider's event id (providers retry and repeat).
CREATE TABLE payment_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  provider_payment_id text,
  payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
  order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  UNIQUE (provider, event_id)
);
