import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { createGraphqlHandler } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/fixtures/storefront';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { HeaderSearch } from './HeaderSearch';

describe('HeaderSearch', { timeout: 30_000 }, () => {
  it('suggests products as the shopper types, typos included, and opens the one chosen', async () => {
    server.use(createGraphqlHandler(makeStorefrontCatalog()));
    const { user } = renderAt('/', <Route path="*" element={<HeaderSearch />} />);
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'tenis trilah');
    const option = await screen.findByRole('option', { name: /Tênis de trilha Serra Leve/ });
    await user.click(option);
    expect(screen.getByTestId('location')).toHaveTextContent('/produto/tenis-trilha-serra-leve');
  });

  it('searches the typed words on Enter', async () => {
    server.use(createGraphqlHandler(makeStorefrontCatalog()));
    const { user } = renderAt('/', <Route path="*" element={<HeaderSearch />} />);
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'camiseta{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/busca?q=camiseta');
  });
});
