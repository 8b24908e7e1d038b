// The category tree: where keyboard moves and drops put a category (categoryMove's arguments),
// and the page against the MSW mock: Alt+arrows send categoryMove and keep the focus, a refused
// delete shows the server's reason, SUPPORT sees no tree.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { catalogMock, staffMock } from '../../../mocks';
import { makeCatalogStructure } from '../../../mocks/catalog/catalogStructure.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { CategoriesScreen } from './CategoriesScreen';
import {
  applyMove,
  describePlace,
  dropMove,
  keyboardMove,
  type CategoryNode,
} from './categoryTree';

const node = (id: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  slug: id,
  name: id.toUpperCase(),
  productCount: 0,
  children,
});

// a (a1, a2, a3), b (b1), c
const tree = [node('a', [node('a1'), node('a2'), node('a3')]), node('b', [node('b1')]), node('c')];

describe('category tree moves', () => {
  it('moves among siblings with Alt+↑/↓ and stops at the ends', () => {
    expect(keyboardMove(tree, 'a2', 'up')).toEqual({ id: 'a2', parentId: 'a', position: 0 });
    expect(keyboardMove(tree, 'a2', 'down')).toEqual({ id: 'a2', parentId: 'a', position: 2 });
    expect(keyboardMove(tree, 'a1', 'up')).toBeNull();
    expect(keyboardMove(tree, 'c', 'down')).toBeNull();
    expect(keyboardMove(tree, 'b', 'up')).toEqual({ id: 'b', parentId: null, position: 0 });
  });

  it('nests under the previous sibling (last child) with Alt+→ and un-nests after the parent with Alt+←', () => {
    expect(keyboardMove(tree, 'c', 'indent')).toEqual({ id: 'c', parentId: 'b', position: 1 });
    expect(keyboardMove(tree, 'a1', 'indent')).toBeNull();
    expect(keyboardMove(tree, 'a2', 'outdent')).toEqual({ id: 'a2', parentId: null, position: 1 });
    expect(keyboardMove(tree, 'b1', 'outdent')).toEqual({ id: 'b1', parentId: null, position: 2 });
    expect(keyboardMove(tree, 'a', 'outdent')).toBeNull();
  });

  it('applies a move to a new tree and describes the new place', () => {
    const moved = applyMove(tree, { id: 'a2', parentId: null, position: 1 });
    expect(moved.map((item) => item.id)).toEqual(['a', 'a2', 'b', 'c']);
    expect(moved[0]?.children.map((item) => item.id)).toEqual(['a1', 'a3']);
    expect(tree[0]?.children).toHaveLength(3); // the original is untouched
    expect(describePlace(moved, 'a2')).toBe('A2: posição 2 de 4 no primeiro nível');
    const nested = applyMove(tree, { id: 'c', parentId: 'b', position: 1 });
    expect(describePlace(nested, 'c')).toBe('C: posição 2 de 2 em B');
  });

  it('drops before, after and inside, counting positions without the moving category', () => {
    expect(dropMove(tree, 'a1', 'a3', 'after')).toEqual({ id: 'a1', parentId: 'a', position: 2 });
    expect(dropMove(tree, 'a3', 'a1', 'before')).toEqual({ id: 'a3', parentId: 'a', position: 0 });
    expect(dropMove(tree, 'c', 'a', 'inside')).toEqual({ id: 'c', parentId: 'a', position: 3 });
    expect(dropMove(tree, 'b1', 'a2', 'before')).toEqual({ id: 'b1', parentId: 'a', position: 1 });
    // Under itself, or where it already is: nothing to do.
    expect(dropMove(tree, 'a', 'a2', 'inside')).toBeNull();
    expect(dropMove(tree, 'a1', 'a2', 'before')).toBeNull();
  });
});

/** The variables of every operation of this name the page sent. */
function recordOperations(name: string) {
  const sent: Record<string, unknown>[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
    const body = (await request.clone().json()) as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    if (body.operationName === name) sent.push(body.variables ?? {});
  };
  server.events.on('request:start', listener);
  return { sent, stop: () => server.events.removeListener('request:start', listener) };
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

/** The tree as 'level name' lines, in display order. */
function outline(tree: HTMLElement) {
  return within(tree)
    .getAllByRole('treeitem')
    .map(
      (item) =>
        `${item.getAttribute('aria-level')} ${item.querySelector('[id$="-name"]')?.textContent}`,
    );
}

const item = (name: string) => new RegExp(`^${name} \\d+ produtos?`);

function renderCategories() {
  signInAsStaff();
  server.use(...catalogMock.answers(makeCatalogStructure()));
  return renderAt(
    '/dashboard/categorias',
    <Route path="/dashboard/categorias" element={<CategoriesScreen />} />,
  );
}

describe('CategoriesScreen', () => {
  it('moves the selected category with Alt+arrows: categoryMove with its new parent and position', async () => {
    const recorder = recordOperations('CategoryMove');
    stop = recorder.stop;
    const { user } = renderCategories();
    const tree = await screen.findByRole('tree', { name: 'Categorias' });
    const calcas = within(tree).getByRole('treeitem', { name: item('Calças') });
    calcas.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() =>
      expect(recorder.sent).toEqual([{ id: 'cat-calcas', parentId: 'cat-roupas', position: 0 }]),
    );
    expect(await screen.findByText(/Calças: posição 1 de 3 em Roupas/)).toBeInTheDocument();
    // The server's tree comes back in the new order, the focus still on the moved category.
    await waitFor(() =>
      expect(outline(tree).slice(0, 4)).toEqual([
        '1 Roupas',
        '2 Calças',
        '2 Camisetas',
        '2 Vestidos',
      ]),
    );
    expect(
      within(tree).getByRole('treeitem', { name: /^Calças 0 produtos · \/calcas/ }),
    ).toBeInTheDocument();
    const moved = within(tree).getByRole('treeitem', { name: item('Calças') });
    expect(moved).toHaveFocus();

    // Alt+← takes it out of Roupas, right after it; Alt+→ puts it back as Roupas' last child.
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    await waitFor(() =>
      expect(recorder.sent[1]).toEqual({ id: 'cat-calcas', parentId: null, position: 1 }),
    );
    await waitFor(() =>
      expect(within(tree).getByRole('treeitem', { name: item('Calças') })).toHaveAttribute(
        'aria-level',
        '1',
      ),
    );
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() =>
      expect(recorder.sent[2]).toEqual({ id: 'cat-calcas', parentId: 'cat-roupas', position: 2 }),
    );
  });

  it('shows the server reason when a category with products cannot be deleted', async () => {
    const { user } = renderCategories();
    const tree = await screen.findByRole('tree', { name: 'Categorias' });
    await user.click(within(tree).getByRole('button', { name: 'Ações de Bolsas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir a categoria Bolsas?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(
      await within(dialog).findByText(
        // The server's explained refusal (categoryDeleteExplained), which the mock answers too.
        'A categoria Bolsas tem 1 produto: mova-o para outra categoria antes de excluí-la.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/mova os produtos para outra/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(tree).getByRole('treeitem', { name: item('Bolsas') })).toBeInTheDocument();
  });

  it('deletes an empty category after confirmation', async () => {
    const { user } = renderCategories();
    const tree = await screen.findByRole('tree', { name: 'Categorias' });
    await user.click(within(tree).getByRole('button', { name: 'Ações de Promoções' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir a categoria Promoções?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(within(tree).queryByRole('treeitem', { name: item('Promoções') })).toBeNull(),
    );
  });

  it('tells a SUPPORT member only administrators organise categories', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT' }));
    renderCategories();
    expect(
      await screen.findByText('Somente administradores podem organizar as categorias.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tree')).toBeNull();
  });
});
