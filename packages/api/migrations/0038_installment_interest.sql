-- Instalments with interest: past the interest-free count the store may offer longer plans at a
-- monthly interest (Price table, @vitrine/rules installmentTable). 0 keeps today's table: only the
-- interest-free instalments. At most 9,99% a.m.
ALTER TABLE store_settings
  ADD COLUMN installment_interest_percent numeric(4, 2) NOT NULL DEFAULT 0
    CHECK (installment_interest_percent >= 0 AND installment_interest_percent <= 9.99);

-- A card order paid in a plan with interest: the interest the shopper pays on top, part of its
-- total (the amount the card is charged). 0 for every other order.
ALTER TABLE orders ADD COLUMN interest_cents integer NOT NULL DEFAULT 0 CHECK (interest_cents >= 0);
ALTER TABLE orders DROP CONSTRAINT orders_check;
ALTER TABLE orders ADD CONSTRAINT orders_total_check CHECK (
  total_cents = greatest(subtotal_cents - discount_cents - pix_discount_cents, 0) + shipping_cents
    + interest_cents
);
