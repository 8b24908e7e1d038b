-- Fiscal data for the NF-e (modelo 55): the store's (Settings) and each product's. The invoice's
-- issuer is the legal identity of 0011 (razão social, CNPJ, the address parsed as the labels do)
-- plus what SEFAZ asks besides: the inscrição estadual, the tax regime, the IBGE code of the
-- store's city, the series and the next number, the CFOPs of a sale inside and outside the store's
-- UF, the natureza da operação, the default tax situation (CSOSN under the Simples Nacional, CST
-- otherwise) and when the invoice is issued. Each product: NCM (8 digits), CEST (7, where the NCM
-- needs it), origem da mercadoria (0-8) and its own tax situation (the store's default when null).
-- The formats are checked here as well as by @vitrine/rules (fiscal.ts), which gives the messages.
ALTER TABLE store_settings
  ADD COLUMN state_registration text
    CHECK (state_registration ~ '^([0-9]{2,14}|ISENTO)$'),
  ADD COLUMN tax_regime text
    CHECK (tax_regime IN ('SIMPLES_NACIONAL', 'SIMPLES_EXCESSO', 'LUCRO_PRESUMIDO', 'LUCRO_REAL')),
  ADD COLUMN ibge_city_code text CHECK (ibge_city_code ~ '^[1-5][0-9]{6}$'),
  ADD COLUMN nfe_series integer NOT NULL DEFAULT 1 CHECK (nfe_series BETWEEN 0 AND 999),
  ADD COLUMN nfe_next_number bigint NOT NULL DEFAULT 1
    CHECK (nfe_next_number BETWEEN 1 AND 999999999),
  ADD COLUMN cfop_inside_state text NOT NULL DEFAULT '5102' CHECK (cfop_inside_state ~ '^5[0-9]{3}$'),
  ADD COLUMN cfop_outside_state text NOT NULL DEFAULT '6108'
    CHECK (cfop_outside_state ~ '^6[0-9]{3}$'),
  ADD COLUMN nature_of_operation text NOT NULL DEFAULT 'Venda de mercadoria'
    CHECK (length(btrim(nature_of_operation)) BETWEEN 1 AND 60),
  ADD COLUMN default_tax_situation text CHECK (default_tax_situation ~ '^([0-9]{2}|[0-9]{3})$'),
  ADD COLUMN nfe_issue_on text NOT NULL DEFAULT 'PAID' CHECK (nfe_issue_on IN ('PAID', 'SHIPPED'));

ALTER TABLE products
  ADD COLUMN ncm text CHECK (ncm ~ '^[0-9]{8}$'),
  ADD COLUMN cest text CHECK (cest ~ '^[0-9]{7}$'),
  ADD COLUMN origin smallint NOT NULL DEFAULT 0 CHECK (origin BETWEEN 0 AND 8),
  ADD COLUMN tax_situation text CHECK (tax_situation ~ '^([0-9]{2}|[0-9]{3})$');
