import { screen, waitFor, within } from '@testing-library/react';
import { Route, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { catalogMock, graphqlApi, handlerList } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
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
      <Route
        path="/busca"
        element={
          <>
            <BackButton />
            <SearchScreen />
          </>
        }
      />
    </>,
  );
}

function productNames() {
  return within(screen.getByRole('list', { name: /Roupas|Resultados|Aurora|Camisetas|Calçados/ }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

function categoryGroup() {
  const aside = screen.getByRole('complementary', { name: 'Filtros' });
  return within(aside).getByRole('radiogroup', { name: 'Categoria' });
}

/** The variables of every listing query the screen sends, in order. */
function recordListingVariables() {
  const seen: { filter?: Record<string, unknown> }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql')) return;
    void request
      .clone()
      .json()
      .then(
        (body: { operationName?: string; variables?: { filter?: Record<string, unknown> } }) => {
          if (body.operationName === 'StorefrontListingProducts') seen.push(body.variables ?? {});
        },
      );
  });
  return seen;
}

afterEach(() => {
  server.events.removeAllListeners();
});

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
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

  it('counts what "Somente em estoque" shows before it is ticked, and keeps the count once ticked', async () => {
    // Calçados: the sandals have no unit left in any size.
    const { user } = renderListing('/categoria/calcados');
    await waitFor(() => expect(productNames()).toHaveLength(3));
    const aside = screen.getByRole('complementary', { name: 'Filtros' });
    const inStock = within(aside).getByRole('switch', { name: 'Somente em estoque (2)' });
    await user.click(inStock);
    await waitFor(() => expect(productNames()).toHaveLength(2));
    expect(productNames()).not.toContain('Sandália papete conforto');
    expect(within(aside).getByRole('switch', { name: 'Somente em estoque (2)' })).toBeChecked();
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

  it('offers a field of its own on /busca without words (where a phone lands when its search sheet cannot load)', async () => {
    const { user } = renderListing('/busca');
    expect(screen.getByRole('heading', { level: 1, name: 'O que você procura?' })).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar produtos' }), 'biquni{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/busca\?q=biquni$/);
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

  it('offers the categories of a search with counts and folds sub-categories away', async () => {
    renderListing('/busca?q=couro');
    await waitFor(() =>
      expect(productNames()).toEqual(['Bolsa tiracolo de couro vegetal', 'Tênis urbano de couro']),
    );
    const group = categoryGroup();
    expect(within(group).getByRole('radio', { name: 'Todas as categorias' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Calçados (1)' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Acessórios (1)' })).toBeEnabled();
    expect(within(group).queryByRole('radio', { name: /^Roupas/ })).toBeNull();
    expect(within(group).queryByRole('radio', { name: /^Tênis/ })).toBeNull();
  });

  it('puts a chosen category in the URL and the query; back and a link restore it', async () => {
    const variables = recordListingVariables();
    const { user, unmount } = renderListing('/busca?q=couro');
    await waitFor(() => expect(productNames()).toHaveLength(2));
    await user.click(within(categoryGroup()).getByRole('radio', { name: 'Calçados (1)' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/busca\?q=couro&categoria=calcados$/,
    );
    await waitFor(() => expect(productNames()).toEqual(['Tênis urbano de couro']));
    expect(variables.at(-1)?.filter).toEqual({ search: 'couro', categorySlug: 'calcados' });
    // The chosen branch opens: its sub-categories, still counted within the search.
    expect(within(categoryGroup()).getByRole('radio', { name: 'Tênis (1)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remover filtro Calçados' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/busca\?q=couro$/);
    await waitFor(() => expect(productNames()).toHaveLength(2));
    expect(
      within(categoryGroup()).getByRole('radio', { name: 'Todas as categorias' }),
    ).toBeChecked();
    unmount();

    renderListing('/busca?q=couro&categoria=bolsas');
    await waitFor(() => expect(productNames()).toEqual(['Bolsa tiracolo de couro vegetal']));
    expect(within(categoryGroup()).getByRole('radio', { name: 'Bolsas (1)' })).toBeChecked();
    expect(variables.at(-1)?.filter).toEqual({ search: 'couro', categorySlug: 'bolsas' });
  });

  it('clears the category with the others, by its chip or "Todas as categorias"', async () => {
    const { user } = renderListing('/busca?q=couro&categoria=calcados&estoque=1');
    await waitFor(() => expect(productNames()).toEqual(['Tênis urbano de couro']));
    await user.click(screen.getByRole('button', { name: 'Remover filtro Calçados' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/busca\?q=couro&estoque=1$/);
    await waitFor(() => expect(productNames()).toHaveLength(2));

    await user.click(within(categoryGroup()).getByRole('radio', { name: 'Acessórios (1)' }));
    await waitFor(() => expect(productNames()).toEqual(['Bolsa tiracolo de couro vegetal']));
    await user.click(within(categoryGroup()).getByRole('radio', { name: 'Todas as categorias' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/busca\?q=couro&estoque=1$/);

    await user.click(within(categoryGroup()).getByRole('radio', { name: 'Acessórios (1)' }));
    await waitFor(() => expect(productNames()).toHaveLength(1));
    const aside = screen.getByRole('complementary', { name: 'Filtros' });
    await user.click(within(aside).getByRole('button', { name: 'Limpar filtros (2)' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/busca\?q=couro$/);
  });

  it('offers the category facet on a brand page', async () => {
    renderListing('/marcas/aurora');
    await waitFor(() => expect(productNames()).toHaveLength(4));
    const group = categoryGroup();
    expect(within(group).getByRole('radio', { name: 'Roupas (4)' })).toBeEnabled();
    expect(within(group).queryByRole('radio', { name: /^Calçados/ })).toBeNull();
  });

  it('has no category facet on a category page and ignores a category in its URL', async () => {
    renderListing('/categoria/roupas?categoria=tenis');
    await waitFor(() => expect(productNames()).toHaveLength(7));
    expect(screen.queryByRole('radiogroup', { name: 'Categoria' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Limpar filtros/ })).toBeNull();
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
    server.use(...handlerList(graphqlApi.down()));
    renderListing('/busca?q=camiseta');
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar os produtos' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
