-- Pix amounts that tell orders apart: with pix_unique_cents on, a Pix order whose total equals the
-- total of another Pix order still waiting for payment gets a few centavos more of Pix discount
-- (1 to 99), so a bank statement credit without the txid names one order by its amount. The
-- shopper sees and pays the exact total. Off by default.
ALTER TABLE payment_settings ADD COLUMN pix_unique_cents boolean NOT NULL DEFAULT false;
