// The phone card list: skeletons while the first page loads, a card per row, checkboxes that
// add or take out their row only where the staff may select.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { PhoneCardList, toggledIds } from './PhoneCardList';

const rows = [
  { id: 'a', name: 'Pedido A' },
  { id: 'b', name: 'Pedido B' },
];

describe('PhoneCardList', () => {
  it('shows loading skeletons until the first rows arrive', () => {
    render(
      <PhoneCardList
        rows={[] as { id: string }[]}
        loading
        label="Pedidos"
        loadingLabel="Carregando pedidos"
        skeletonHeight={80}
      >
        {(row) => row.id}
      </PhoneCardList>,
    );
    expect(screen.getByRole('status', { name: 'Carregando pedidos' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('keeps the rows on screen while a next page loads, one card each', () => {
    render(
      <PhoneCardList
        rows={rows}
        loading
        label="Pedidos"
        loadingLabel="Carregando pedidos"
        skeletonHeight={80}
      >
        {(row) => <span>{row.name}</span>}
      </PhoneCardList>,
    );
    const items = within(screen.getByRole('list', { name: 'Pedidos' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Pedido A', 'Pedido B']);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('selects and unselects a row with its checkbox', () => {
    const onChange = vi.fn();
    render(
      <PhoneCardList
        rows={rows}
        loading={false}
        label="Pedidos"
        loadingLabel="Carregando pedidos"
        skeletonHeight={80}
        selection={{ selectedIds: ['a'], onChange, label: (row) => `Selecionar ${row.name}` }}
      >
        {(row) => <span>{row.name}</span>}
      </PhoneCardList>,
    );
    expect(screen.getByRole('checkbox', { name: 'Selecionar Pedido A' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Pedido B' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Pedido A' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('toggles an id in a list', () => {
    expect(toggledIds(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggledIds(['a', 'b'], 'a')).toEqual(['b']);
  });
});
