import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { catalogMock, settingsMock } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { HomeScreen } from './HomeScreen';

function renderHome() {
  return renderAt('/', <Route path="/" element={<HomeScreen />} />);
}

describe('HomeScreen', { timeout: 30_000 }, () => {
  it("shows the hero the store settings give and points to the home's brands", async () => {
    server.use(
      ...catalogMock.answers(makeStorefrontCatalog()),
      ...settingsMock.answers({
        heroTitle: 'Inverno com marcas do Sul',
        heroSubtitle: 'Casacos e botas de quem faz perto.',
      }),
    );
    renderHome();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inverno com marcas do Sul' }),
    ).toBeVisible();
    expect(screen.getByText('Casacos e botas de quem faz perto.')).toBeVisible();
    expect(screen.queryByText(/num só lugar/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Conhecer as marcas' })).toHaveAttribute(
      'href',
      '/#marcas',
    );
  });

  it('shows the best sellers in the order the server ranks them', async () => {
    server.use(
      ...catalogMock.answers({
        ...makeStorefrontCatalog(),
        bestSellerSlugs: [
          'bolsa-tiracolo-couro-vegetal',
          'camiseta-basica-algodao',
          'tenis-urbano-couro',
          'vestido-midi-linho',
        ],
      }),
    );
    renderHome();
    const list = await screen.findByRole('list', { name: 'Mais vendidos' });
    const text = list.textContent ?? '';
    const positions = [
      'Bolsa tiracolo de couro vegetal',
      'Camiseta básica de algodão orgânico',
      'Tênis urbano de couro',
      'Vestido midi de linho',
    ].map((name) => text.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 2, name: 'Mais vendidos' })).toBeVisible();
  });

  it('shows the products staff featured under "Destaques", newest first, and no others', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    renderHome();
    const list = await screen.findByRole('list', { name: 'Destaques' });
    expect(screen.getByRole('heading', { level: 2, name: 'Destaques' })).toBeVisible();
    const names = within(list)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(names).toEqual([
      'Tênis de trilha Serra Leve',
      'Biquíni Ondas com proteção UV',
      'Vestido midi de linho',
      'Bolsa tiracolo de couro vegetal',
    ]);
  });

  it('leaves "Destaques" out, not empty, when nothing is featured', async () => {
    const catalog = makeStorefrontCatalog();
    for (const product of catalog.products) product.featured = false;
    server.use(...catalogMock.answers(catalog));
    renderHome();
    expect(await screen.findByRole('heading', { level: 2, name: 'Novidades' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Destaques' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Destaques' })).toBeNull();
  });

  it('leaves the best sellers out until four products have sold', async () => {
    server.use(
      ...catalogMock.answers({
        ...makeStorefrontCatalog(),
        bestSellerSlugs: ['bolsa-tiracolo-couro-vegetal', 'camiseta-basica-algodao'],
      }),
    );
    renderHome();
    expect(await screen.findByRole('heading', { level: 2, name: 'Novidades' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Mais vendidos' })).toBeNull();
  });
});
