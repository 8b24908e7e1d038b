import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { catalogMock, graphqlApi, handlerList } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { BrandScreen } from './BrandScreen';

function renderBrand(route: string) {
  return renderAt(route, <Route path="/marcas/:slug" element={<BrandScreen />} />);
}

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

describe('BrandScreen', { timeout: 30_000 }, () => {
  it('shows the brand with its logo and description', async () => {
    renderBrand('/marcas/mare');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maré' })).toBeInTheDocument();
    expect(
      screen.getByText('Moda praia com tecidos de secagem rápida e proteção UV 50+.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logo Maré' })).toBeInTheDocument();
  });

  it('links every breadcrumb but the last, on screen and in the BreadcrumbList JSON-LD', async () => {
    renderBrand('/marcas/mare');
    await screen.findByRole('heading', { level: 1, name: 'Maré' });
    const trail = within(screen.getByRole('navigation', { name: 'Você está em' }));
    expect(trail.getByRole('link', { name: 'Marcas' })).toHaveAttribute('href', '/#marcas');

    await waitFor(() =>
      expect(document.head.querySelector('script[type="application/ld+json"]')).not.toBeNull(),
    );
    const scripts = [...document.head.querySelectorAll('script[type="application/ld+json"]')];
    const list = scripts
      .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
      .find((data) => data['@type'] === 'BreadcrumbList') as
      { itemListElement: { name: string; item?: string }[] } | undefined;
    expect(list?.itemListElement.map((entry) => entry.name)).toEqual(['Início', 'Marcas', 'Maré']);
    const origin = window.location.origin;
    expect(list?.itemListElement.slice(0, -1).map((entry) => entry.item)).toEqual([
      `${origin}/`,
      `${origin}/#marcas`,
    ]);
  });

  it('says the page does not exist for an unknown brand', async () => {
    renderBrand('/marcas/nao-existe');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('offers a retry when the brand cannot be reached', async () => {
    server.use(...handlerList(graphqlApi.down()));
    renderBrand('/marcas/aurora');
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar os produtos' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Página não encontrada' })).toBeNull();
  });
});
