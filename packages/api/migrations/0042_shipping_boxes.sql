-- The store's boxes (Frete > Caixas): the inside of each box in whole centimetres, its own weight
-- and the most its contents may weigh, in grams. The checkout's carrier quotes and the labels pack
-- an order's units into them (@vitrine/rules packParcels); without any, an order is one parcel of
-- its units stacked, as before.
CREATE TABLE shipping_boxes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 60),
  length_cm integer NOT NULL CHECK (length_cm BETWEEN 1 AND 200),
  width_cm integer NOT NULL CHECK (width_cm BETWEEN 1 AND 200),
  height_cm integer NOT NULL CHECK (height_cm BETWEEN 1 AND 200),
  -- The empty box (0 for an envelope whose weight does not matter), up to 10 kg.
  weight_grams integer NOT NULL DEFAULT 0 CHECK (weight_grams BETWEEN 0 AND 10000),
  -- Its contents, the box's own weight not counted: 1 g to 100 kg.
  max_weight_grams integer NOT NULL CHECK (max_weight_grams BETWEEN 1 AND 100000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One name per box, whatever its case: 'Caixa P' and 'caixa p' are the same box to the staff.
CREATE UNIQUE INDEX shipping_boxes_name_key ON shipping_boxes (lower(name));
