import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { SearchBox, type SearchSuggestion } from './SearchBox';

const suggestions: SearchSuggestion[] = [
  {
    id: 'p1',
    kind: 'product',
    label: 'Camiseta básica de algodão orgânico',
    href: '/produto/camiseta-basica-algodao',
    detail: 'Aurora',
  },
];

function renderSearch(props: Partial<Parameters<typeof SearchBox>[0]> = {}) {
  const handlers = { onQueryChange: vi.fn(), onSubmit: vi.fn(), onSelect: vi.fn() };
  const user = userEvent.setup();
  render(<SearchBox suggestions={[]} debounceMs={50} {...handlers} {...props} />);
  return { ...handlers, user };
}

describe('SearchBox', { timeout: 20_000 }, () => {
  it('asks for suggestions once typing pauses, not on every key', async () => {
    const { onQueryChange, user } = renderSearch();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'camis');
    await vi.waitFor(() => expect(onQueryChange).toHaveBeenCalledWith('camis'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(onQueryChange).toHaveBeenCalledTimes(1);
  });

  it('waits for two characters before suggesting anything', async () => {
    const { onQueryChange, user } = renderSearch();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'c');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onQueryChange).not.toHaveBeenCalled();
  });

  it('searches the typed text on Enter', async () => {
    const { onSubmit, user } = renderSearch();
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), ' tenis  {Enter}');
    expect(onSubmit).toHaveBeenCalledWith('tenis');
  });

  it('opens a suggestion chosen with the keyboard', async () => {
    const { onSelect, onSubmit, user } = renderSearch({ suggestions });
    await user.type(screen.getByRole('combobox', { name: 'Buscar produtos' }), 'cami');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(suggestions[0]);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
