import { describe, expect, it } from 'vitest';

import { productTitle, titleWithStore } from './title';

describe('titleWithStore (page titles name the store once)', () => {
  it("appends the store's name to a page's own title", () => {
    expect(titleWithStore('Camiseta básica', 'Vitrine')).toBe('Camiseta básica | Vitrine');
  });

  it('does not repeat a store name the title already carries (brand SEO title, home)', () => {
    expect(titleWithStore('Garoa Urbana | Vitrine', 'Vitrine')).toBe('Garoa Urbana | Vitrine');
    expect(titleWithStore('Vitrine: marcas brasileiras com Pix', 'Vitrine')).toBe(
      'Vitrine: marcas brasileiras com Pix',
    );
    expect(titleWithStore('Casa Áurea', 'casa aurea')).toBe('Casa Áurea');
  });

  it('matches whole words only: a brand containing the name still gets it', () => {
    expect(titleWithStore('Vitrinesca Moda', 'Vitrine')).toBe('Vitrinesca Moda | Vitrine');
  });

  it('answers the store name alone for an empty title, and the title alone without a store', () => {
    expect(titleWithStore('', 'Vitrine')).toBe('Vitrine');
    expect(titleWithStore('  ', 'Vitrine')).toBe('Vitrine');
    expect(titleWithStore('Contato', '')).toBe('Contato');
  });
});

describe('productTitle (a product page: the product, a dash, its brand)', () => {
  it('keeps the product and the brand apart, the store after them', () => {
    expect(productTitle('Camiseta Algodão Orgânico', 'Aurora Têxtil')).toBe(
      'Camiseta Algodão Orgânico — Aurora Têxtil',
    );
    expect(
      titleWithStore(productTitle('Camiseta Algodão Orgânico', 'Aurora Têxtil'), 'Vitrine'),
    ).toBe('Camiseta Algodão Orgânico — Aurora Têxtil | Vitrine');
  });

  it('is the product alone without a brand name', () => {
    expect(productTitle(' Caneca Esmaltada ', ' ')).toBe('Caneca Esmaltada');
  });
});
