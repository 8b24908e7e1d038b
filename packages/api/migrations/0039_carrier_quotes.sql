-- Shipping methods priced by a carrier: a delivery method may name a carrier (Melhor Envio, the
-- Correios contract API) and its service code ('1' PAC at Melhor Envio, '03298' PAC at the
-- Correios); the checkout asks the carrier, and falls back to the method's own table when the
-- carrier is slow, down or not configured. Both or neither; never on a pickup.
ALTER TABLE shipping_methods
  ADD COLUMN carrier text CHECK (carrier IN ('melhorenvio', 'correios')),
  ADD COLUMN carrier_service text CHECK (carrier_service ~ '^[A-Za-z0-9_-]{1,20}$'),
  ADD CONSTRAINT shipping_methods_carrier_pair CHECK ((carrier IS NULL) = (carrier_service IS NULL)),
  ADD CONSTRAINT shipping_methods_carrier_delivery CHECK (carrier IS NULL OR kind = 'delivery');
