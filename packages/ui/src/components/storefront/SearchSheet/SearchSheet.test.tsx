import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { SearchSuggestion } from '../SearchBox/SearchBox';
import { SearchSheet, type SearchSheetProps } from './SearchSheet';

const suggestions: SearchSuggestion[] = [
  { id: 'b1', kind: 'brand', label: 'Aurora', href: '/marcas/aurora', detail: 'Marca' },
  {
    id: 'p1',
    kind: 'product',
    label: 'Camiseta listrada de algodão',
    href: '/produto/camiseta-listrada',
    detail: 'Aurora · R$ 89,90',
  },
];

function renderSheet(props: Partial<SearchSheetProps> = {}) {
  const handlers = {
    onClose: vi.fn(),
    onQueryChange: vi.fn(),
    onSubmit: vi.fn(),
    onSelect: vi.fn(),
    onClearRecentSearches: vi.fn(),
  };
  const user = userEvent.setup();
  const view = render(
    <SearchSheet open suggestions={[]} debounceMs={20} {...handlers} {...props} />,
  );
  const field = () => screen.getByRole('combobox', { name: 'Buscar produtos' });
  return { ...handlers, ...view, user, field };
}

describe('SearchSheet', { timeout: 20_000 }, () => {
  it('is a dialog with the focus in its labelled field, listing the recent searches', async () => {
    const { field } = renderSheet({ recentSearches: ['camiseta', 'tênis de trilha'] });
    expect(screen.getByRole('dialog', { name: 'Buscar na loja' })).toBeInTheDocument();
    expect(field()).toHaveFocus();
    const recent = screen.getByRole('listbox', { name: 'Buscas recentes' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['camiseta', 'tênis de trilha']);
  });

  it('searches a recent search chosen with the keyboard again', async () => {
    const { onSubmit, user } = renderSheet({ recentSearches: ['camiseta', 'tênis de trilha'] });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('tênis de trilha');
  });

  it('forgets the recent searches on "Limpar" and keeps the focus in the field', async () => {
    const { onClearRecentSearches, user, field, rerender } = renderSheet({
      recentSearches: ['camiseta'],
    });
    await user.click(screen.getByRole('button', { name: 'Limpar buscas recentes' }));
    expect(onClearRecentSearches).toHaveBeenCalledOnce();
    expect(field()).toHaveFocus();
    rerender(
      <SearchSheet
        open
        suggestions={[]}
        onClose={vi.fn()}
        onQueryChange={vi.fn()}
        onSubmit={vi.fn()}
        onSelect={vi.fn()}
        recentSearches={[]}
      />,
    );
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(
      screen.getByText('Digite o nome de um produto, de uma marca ou de uma categoria.'),
    ).toBeInTheDocument();
  });

  it('asks for suggestions once typing pauses and lists them in place of the recent searches', async () => {
    const { onQueryChange, user, field, rerender } = renderSheet({
      recentSearches: ['bolsa'],
      debounceMs: 400,
    });
    await user.type(field(), 'camizeta');
    await vi.waitFor(() => expect(onQueryChange).toHaveBeenCalledWith('camizeta'));
    expect(onQueryChange).toHaveBeenCalledTimes(1);
    rerender(
      <SearchSheet
        open
        suggestions={suggestions}
        onClose={vi.fn()}
        onQueryChange={onQueryChange}
        onSubmit={vi.fn()}
        onSelect={vi.fn()}
        recentSearches={['bolsa']}
      />,
    );
    const list = screen.getByRole('listbox', { name: 'Sugestões' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(screen.queryByRole('listbox', { name: 'Buscas recentes' })).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', list.id);
  });

  it('opens the suggestion highlighted with the arrows, not the typed words', async () => {
    const { onSelect, onSubmit, user, field } = renderSheet({ suggestions });
    await user.type(field(), 'cami');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Camiseta listrada/ }).id,
    );
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(suggestions[1]);
    expect(onSubmit).not.toHaveBeenCalled();
    // The typed words stay (the sheet closes on the new page): no label put in their place.
    expect(field()).toHaveValue('cami');
  });

  it('opens a suggestion tapped', async () => {
    const { onSelect, user, field } = renderSheet({ suggestions });
    await user.type(field(), 'aur');
    await user.click(screen.getByRole('option', { name: /^Aurora\s*Marca$/ }));
    expect(onSelect).toHaveBeenCalledWith(suggestions[0]);
  });

  it('searches the typed words on Enter, on the search button and on "Ver todos os resultados"', async () => {
    const { onSubmit, user, field } = renderSheet({ suggestions });
    await user.type(field(), '  camizeta {Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith('camizeta');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await user.click(
      screen.getByRole('button', { name: 'Ver todos os resultados para “camizeta”' }),
    );
    expect(onSubmit).toHaveBeenCalledTimes(3);
    expect(onSubmit).toHaveBeenLastCalledWith('camizeta');
  });

  it('says when nothing is suggested, and waits for two characters', async () => {
    const { onQueryChange, user, field } = renderSheet();
    await user.type(field(), 'x');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(onQueryChange).not.toHaveBeenCalled();
    await user.type(field(), 'yz');
    expect(screen.getByRole('status')).toHaveTextContent('Nenhuma sugestão para “xyz”');
  });

  it('closes on Escape, even with suggestions listed, and on the back button', async () => {
    const { onClose, user, field } = renderSheet({ suggestions });
    await user.type(field(), 'cami');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Fechar busca' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('starts from the searched words, selected so typing replaces them, and clears them', async () => {
    const { user, field } = renderSheet({ defaultQuery: 'camiseta', recentSearches: ['bolsa'] });
    const input = field() as HTMLInputElement;
    expect(input).toHaveValue('camiseta');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'camiseta'.length]);
    await user.click(screen.getByRole('button', { name: 'Apagar o texto' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.getByRole('listbox', { name: 'Buscas recentes' })).toBeInTheDocument();
  });
});
