-- A pickup order needs no delivery address: street, number, district, city and UF are '' when the
-- order is picked up at the store (the CEP is still the shopper's, from the bag's quote). A delivery
-- still needs every one of them.
ALTER TABLE orders DROP CONSTRAINT orders_street_check;
ALTER TABLE orders DROP CONSTRAINT orders_street_number_check;
ALTER TABLE orders DROP CONSTRAINT orders_district_check;
ALTER TABLE orders DROP CONSTRAINT orders_city_check;
ALTER TABLE orders DROP CONSTRAINT orders_uf_check;

ALTER TABLE orders ADD CONSTRAINT orders_street_check
  CHECK (length(street) <= 200 AND (length(street) >= 1 OR shipping_method_kind = 'pickup'));
ALTER TABLE orders ADD CONSTRAINT orders_street_number_check
  CHECK (length(street_number) <= 20 AND (length(street_number) >= 1 OR shipping_method_kind = 'pickup'));
ALTER TABLE orders ADD CONSTRAINT orders_district_check
  CHECK (length(district) <= 100 AND (length(district) >= 1 OR shipping_method_kind = 'pickup'));
ALTER TABLE orders ADD CONSTRAINT orders_city_check
  CHECK (length(city) <= 100 AND (length(city) >= 1 OR shipping_method_kind = 'pickup'));
ALTER TABLE orders ADD CONSTRAINT orders_uf_check
  CHECK (
    uf IN ('AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO')
    OR (uf = '' AND shipping_method_kind = 'pickup')
  );
