-- The pickup point: a pickup method's counter as fields (street to CEP, opening hours, the store's
-- instructions), and the order's copy of it taken when the order is placed, so the confirmation,
-- tracking and every mail say where and when to collect, and a later change of the method never
-- rewrites an old order. Collecting at the store needs no CEP either: a pickup order may keep none.

-- {street, number, complement, district, city, uf, postalCode, hours, instructions}: checked by
-- the application (@vitrine/rules checkPickupPoint). null on deliveries and on pickup methods made
-- before this migration, which keep their one-line pickup_address until staff edit them.
ALTER TABLE shipping_methods ADD COLUMN pickup_point jsonb
  CHECK (pickup_point IS NULL OR (jsonb_typeof(pickup_point) = 'object' AND kind = 'pickup'));

-- The order's snapshot: the method's pickup_point as it was at placement, or {address} (its
-- one-line address) for an order placed with a method that had no fields yet. Pickup orders only.
ALTER TABLE orders ADD COLUMN pickup_point jsonb
  CHECK (pickup_point IS NULL OR (jsonb_typeof(pickup_point) = 'object' AND shipping_method_kind = 'pickup'));

-- Pickup orders placed before: the one-line address of their method, when it still exists.
UPDATE orders o SET pickup_point = jsonb_build_object('address', m.pickup_address)
FROM shipping_methods m
WHERE o.shipping_method_kind = 'pickup' AND o.pickup_point IS NULL
  AND o.shipping_method_id = m.id AND m.pickup_address IS NOT NULL AND btrim(m.pickup_address) <> '';

-- A pickup order may be placed without a CEP ('').
ALTER TABLE orders DROP CONSTRAINT orders_postal_code_check;
ALTER TABLE orders ADD CONSTRAINT orders_postal_code_check
  CHECK (postal_code ~ '^\d{8}$' OR (postal_code = '' AND shipping_method_kind = 'pickup'));
