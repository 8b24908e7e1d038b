import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { catalogMock } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { HeaderSearch } from './HeaderSearch';
import { brandMatches } from './searchSuggestions';

describe('HeaderSearch', { timeout: 30_000 }, () => {
  it('suggests products as the shopper types, typos included, and opens the one chosen', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    const { user } = renderAt('/', <Route path="*" element={<HeaderSearch />} />);
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'tenis trilah');
    const option = await screen.findByRole('option', { name: /Tênis de trilha Serra Leve/ });
    await user.click(option);
    expect(screen.getByTestId('location')).toHaveTextContent('/produto/tenis-trilha-serra-leve');
  });

  it('searches the typed words on Enter', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    const { user } = renderAt('/', <Route path="*" element={<HeaderSearch />} />);
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'camiseta{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/busca?q=camiseta');
  });

  it('suggests a brand typed with a typo or without its accent', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    const { user } = renderAt('/', <Route path="*" element={<HeaderSearch />} />);
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'auorra');
    const option = await screen.findByRole('option', { name: /^Aurora\s*Marca$/ });
    await user.click(option);
    expect(screen.getByTestId('location')).toHaveTextContent('/marcas/aurora');
  });
});

describe('brandMatches', () => {
  it('matches a part of the name, accents and case aside', () => {
    expect(brandMatches('Maré', 'mare')).toBe(true);
    expect(brandMatches('Serra Leve', 'LEVE')).toBe(true);
  });

  it('forgives one typo from four letters and two from seven, in any typed word', () => {
    expect(brandMatches('Aurora', 'auorra')).toBe(true);
    expect(brandMatches('Serra', 'tenis sera')).toBe(true);
    expect(brandMatches('Lumiere Paris', 'lumierre')).toBe(true);
    expect(brandMatches('Lumiere Paris', 'lmuiere')).toBe(true);
  });

  it('does not suggest a brand for unrelated or too short words', () => {
    expect(brandMatches('Aurora', 'camiseta')).toBe(false);
    expect(brandMatches('Maré', 'mer')).toBe(false);
    expect(brandMatches('Serra', '')).toBe(false);
  });
});
