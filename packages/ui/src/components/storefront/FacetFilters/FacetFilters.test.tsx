import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { EMPTY_FILTER_SELECTION, FacetFilters, type ListingFacets } from './FacetFilters';

const facets: ListingFacets = {
  categories: [
    { value: 'roupas', label: 'Roupas', count: 6, parentValue: null },
    { value: 'camisetas', label: 'Camisetas', count: 4, parentValue: 'roupas' },
    { value: 'vestidos', label: 'Vestidos', count: 2, parentValue: 'roupas' },
    { value: 'calcados', label: 'Calçados', count: 0, parentValue: null },
    { value: 'tenis', label: 'Tênis', count: 0, parentValue: 'calcados' },
  ],
  brands: [
    { value: 'aurora', label: 'Aurora', count: 5 },
    { value: 'mare', label: 'Maré', count: 0 },
  ],
  sizes: [
    { value: 'P', label: 'P', count: 4 },
    { value: 'M', label: 'M', count: 3 },
  ],
  colors: [{ value: 'Preto', label: 'Preto', count: 2 }],
  priceRange: { minCents: 7990, maxCents: 39990 },
  inStockCount: 9,
};

function renderFilters(value = EMPTY_FILTER_SELECTION, props: { hideCategories?: boolean } = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <FacetFilters facets={facets} value={value} onChange={onChange} {...props} />
    </MemoryRouter>,
  );
  return { onChange, user };
}

describe('FacetFilters', { timeout: 20_000 }, () => {
  it('shows each value with the count the server gave', () => {
    renderFilters();
    expect(screen.getByRole('checkbox', { name: 'Aurora (5)' })).toBeEnabled();
    // Nothing would be found: the option is there but cannot be ticked.
    expect(screen.getByRole('checkbox', { name: 'Maré (0)' })).toBeDisabled();
  });

  it('reports the next selection when a size is ticked and when it is unticked', async () => {
    const { onChange, user } = renderFilters({ ...EMPTY_FILTER_SELECTION, sizes: ['P'] });
    await user.click(screen.getByRole('checkbox', { name: 'M (3)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER_SELECTION, sizes: ['P', 'M'] });
    await user.click(screen.getByRole('checkbox', { name: 'P (4)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER_SELECTION, sizes: [] });
  });

  it('applies a price range in reais as centavos and refuses an inverted one', async () => {
    const { onChange, user } = renderFilters();
    await user.type(screen.getByRole('textbox', { name: 'Mínimo' }), '300');
    await user.type(screen.getByRole('textbox', { name: 'Máximo' }), '100');
    expect(screen.getByRole('alert')).toHaveTextContent('O mínimo deve ser menor que o máximo.');
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Máximo' }));
    await user.type(screen.getByRole('textbox', { name: 'Máximo' }), '500{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTER_SELECTION,
      minPriceCents: 30000,
      maxPriceCents: 50000,
    });
  });

  it('offers the top categories with their counts, one at a time', async () => {
    const { onChange, user } = renderFilters();
    const group = screen.getByRole('radiogroup', { name: 'Categoria' });
    expect(within(group).getByRole('radio', { name: 'Todas as categorias' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Roupas (6)' })).toBeEnabled();
    expect(within(group).getByRole('radio', { name: 'Calçados (0)' })).toBeDisabled();
    // Sub-categories wait until their parent is chosen.
    expect(within(group).queryByRole('radio', { name: /^Camisetas/ })).toBeNull();
    await user.click(within(group).getByRole('radio', { name: 'Roupas (6)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER_SELECTION, category: 'roupas' });
  });

  it('opens the chosen branch and goes back to every category', async () => {
    const { onChange, user } = renderFilters({ ...EMPTY_FILTER_SELECTION, category: 'camisetas' });
    const group = screen.getByRole('radiogroup', { name: 'Categoria' });
    expect(within(group).getByRole('radio', { name: 'Camisetas (4)' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Vestidos (2)' })).toBeEnabled();
    expect(within(group).getByRole('radio', { name: 'Roupas (6)' })).not.toBeChecked();
    expect(within(group).queryByRole('radio', { name: /^Tênis/ })).toBeNull();
    await user.click(within(group).getByRole('radio', { name: 'Todas as categorias' }));
    expect(onChange).toHaveBeenLastCalledWith(EMPTY_FILTER_SELECTION);
  });

  it('keeps a chosen category with nothing left visible, so it can be undone', () => {
    renderFilters({ ...EMPTY_FILTER_SELECTION, category: 'tenis' });
    expect(screen.getByRole('radio', { name: 'Tênis (0)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Tênis (0)' })).toBeEnabled();
  });

  it('hides the category group where the page is the category', () => {
    renderFilters(EMPTY_FILTER_SELECTION, { hideCategories: true });
    expect(screen.queryByRole('radiogroup', { name: 'Categoria' })).toBeNull();
  });

  it('offers to clear every filter at once', async () => {
    const { onChange, user } = renderFilters({
      ...EMPTY_FILTER_SELECTION,
      category: 'roupas',
      brands: ['aurora'],
      inStock: true,
    });
    await user.click(screen.getByRole('button', { name: 'Limpar filtros (3)' }));
    expect(onChange).toHaveBeenLastCalledWith(EMPTY_FILTER_SELECTION);
  });
});
