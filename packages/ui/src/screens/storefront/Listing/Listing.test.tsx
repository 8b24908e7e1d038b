import { screen, waitFor, within } from '@testing-library/react';
import { Route, useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { createGraphqlHandler, graphqlScenarios } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/fixtures/storefront';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { BrandScreen } from '../Brand';
import { CategoryScreen } from './CategoryScreen';
import { SearchScreen } from './SearchScreen';

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Voltar
    </button>
  );
}

function renderListing(route: string) {
  return renderAt(
    route,
    <>
      <Route
        path="/categoria/:slug"
        element={
          <>
            <BackButton />
            <CategoryScreen />
          </>
        }
      />
      <Route path="/marcas/:slug" element={<BrandScreen />} />
      <Route path="/busca" element={<SearchScreen />} />
    </>,
  );
}

function productNames() {
  return within(screen.getByRole('list', { name: /Roupas|Resultados|Aurora|Camisetas/ }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

beforeEach(() => {
  server.use(createGraphqlHandler(makeStorefrontCatalog()));
});

describe('Listing screens', { timeout: 30_000 }, () => {
  it('shows the products of a category and its sub-categories, newest first', async () => {
    renderListing('/categoria/roupas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Roupas' })).toBeInTheDocument();
    await waitFor(() => expect(productNames()).toHaveLength(7));
    expect(productNames()[0]).toBe('Biquíni Ondas com proteção UV');
    expect(screen.getByText('7 produtos encontrados')).toBeInTheDocument();
  });

  it('puts a ticked filter in the URL and the back button takes it off again', async () => {
    const { user } = renderListing('/categoria/roupas');
    await waitFor(() => expect(productNames()).toHaveLength(7));
    const aside = screen.getByRole('complementary', { name: 'Filtros' });
    await user.click(within(aside).getByRole('checkbox', { name: /^Maré/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/categoria/roupas?marca=mare');
    await waitFor(() => expect(productNames()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/categoria\/roupas$/);
    await waitFor(() => expect(productNames()).toHaveLength(7));
    expect(within(aside).getByRole('checkbox', { name: /^Maré/ })).not.toBeChecked();
  });

  it('restores filters, sort and pages from a shared link', async () => {
    renderListing('/categoria/roupas?tamanho=P&ordem=menor-preco');
    await waitFor(() =>
      expect(productNames()).toEqual([
        'Camiseta básica de algodão orgânico',
        'Camiseta listrada marinheira',
        'Short de praia secagem rápida',
        'Biquíni Ondas com proteção UV',
        'Vestido chemise de viscose',
        'Vestido midi de linho',
      ]),
    );
    expect(screen.getByRole('checkbox', { name: /^P \(/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Menor preço');
  });

  it('finds a product by a search with a typo and without accents', async () => {
    renderListing('/busca?q=biquni');
    await waitFor(() => expect(productNames()).toEqual(['Biquíni Ondas com proteção UV']));
  });

  it('suggests what to do when nothing matches', async () => {
    const { user } = renderListing('/busca?q=camiseta&cor=Coral');
    expect(
      await screen.findByRole('heading', { name: 'Nenhum resultado para “camiseta”' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/busca\?q=camiseta$/);
  });

  it('shows the brand page in the brand colour with only its products', async () => {
    renderListing('/marcas/aurora');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aurora' })).toBeInTheDocument();
    await waitFor(() => expect(productNames()).toHaveLength(4));
    expect(document.title).toBe('Aurora: roupas leves de algodão orgânico | Vitrine');
  });

  it('says a category does not exist', async () => {
    renderListing('/categoria/nao-existe');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the catalog cannot be reached', async () => {
    server.use(...graphqlScenarios.serverDown);
    renderListing('/busca?q=camiseta');
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar os produtos' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
