import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { HomeView, type HomeViewProps } from './HomeView';

const props: HomeViewProps = {
  status: 'ready',
  storeName: 'Vitrine',
  heroTitle: 'Marcas brasileiras que você ama, num só lugar',
  heroSubtitle: '',
  settings: null,
  brands: [
    {
      slug: 'aurora',
      name: 'Aurora',
      color: '#7c3aed',
      logoUrl: '/media/aurora-logo.svg',
      description: 'Moda leve.',
      productCount: 3,
    },
  ],
  categories: [],
  newArrivals: [],
  onSale: [],
};

describe('HomeView images', () => {
  it('loads the brand logos (below the fold) lazily', () => {
    render(
      <MemoryRouter>
        <HomeView {...props} />
      </MemoryRouter>,
    );
    const brands = screen.getByRole('heading', { name: 'Nossas marcas' }).closest('section');
    if (!brands) throw new Error('no brands section');
    const logo = within(brands).getByRole('presentation');
    expect(logo).toHaveAttribute('src', '/media/aurora-logo.svg');
    expect(logo).toHaveAttribute('loading', 'lazy');
  });
});
