-- The storefront home's hero (headline and subtitle), chosen by staff through settingsUpdate.
-- Existing stores get the texts the home showed until now, so nothing changes on screen.

ALTER TABLE store_settings
  ADD COLUMN hero_title text NOT NULL
    DEFAULT 'Marcas brasileiras que você ama, num só lugar'
    CHECK (length(btrim(hero_title)) BETWEEN 1 AND 120),
  -- Empty: the hero shows no subtitle.
  ADD COLUMN hero_subtitle text NOT NULL
    DEFAULT 'Roupas, calçados e acessórios de pequenas marcas, com Pix com desconto e entrega para todo o Brasil.'
    CHECK (length(hero_subtitle) <= 240);
