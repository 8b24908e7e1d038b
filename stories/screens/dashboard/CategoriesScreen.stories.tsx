import type { Meta, StoryObj } from '@storybook/react-vite';
import { catalogMock, staffMock } from '@vitrine/ui/mocks';
import { makeCatalogStructure } from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { CategoriesScreen } from '@vitrine/ui';
import { Route, Routes } from 'react-router-dom';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const catalog = { catalog: catalogMock.answers(makeCatalogStructure()) };

function CategoriesPage() {
  return (
    <Routes>
      <Route path="/dashboard/categorias" element={<CategoriesScreen />} />
    </Routes>
  );
}

/** /dashboard/categorias: the category tree, ADMIN only. */
const meta = {
  title: 'Screens/Dashboard/Categories',
  component: CategoriesScreen,
  parameters: {
    docs: {
      description: {
        component: `
As categorias (\`/dashboard/categorias\`): a árvore de categorias da loja, com subcategorias e a
contagem de produtos, para criar, renomear, mover (menu, teclado com Alt+↑/↓ ou arrastar) e excluir.
Cada movimento aparece na hora e é anunciado. Só ADMIN organiza.

**Estados**

- \`Tree\` / \`Playground\`: Roupas, Acessórios, Calçados e Promoções, com subcategorias.
- \`KeyboardMove\` (Alt+↑ sobe Vestidos, o foco fica nela) e \`DragToNest\` (arrastar para dentro de
  outra).
- \`RowMenu\` (renomear, subcategoria, movimentos possíveis, excluir), \`Create\` e \`Rename\`.
- \`RefusedDelete\`: categoria com produtos; o motivo do servidor e o que fazer.
- \`Phone\`: recuo menor, os movimentos no menu, sem rolagem lateral a 320 px.
- \`Empty\`, \`Loading\` e \`LoadFailed\`.
- \`Support\` e \`BrandManager\`: sem permissão, sem a árvore.

**GraphQL**: \`DashboardCategories\` (query, relida depois de cada mudança); \`CategoryCreate\`,
\`CategoryUpdate\`, \`CategoryMove\` e \`CategoryDelete\` (mutations).
`,
      },
    },
    route: '/dashboard/categorias',
    session: 'staff',
    msw: { handlers: catalog },
  },
  render: () => <CategoriesPage />,
} satisfies Meta<typeof CategoriesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findTree(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole('tree', { name: 'Categorias' });
}

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

/** A árvore: Roupas, Acessórios, Calçados, Promoções, com suas subcategorias e produtos. */
export const Tree: Story = {
  play: async ({ canvasElement }) => {
    const tree = await findTree(canvasElement);
    await expect(within(tree).getByRole('treeitem', { name: item('Roupas') })).toBeVisible();
    await expect(outline(tree)).toEqual([
      '1 Roupas',
      '2 Camisetas',
      '2 Calças',
      '2 Vestidos',
      '1 Acessórios',
      '2 Bolsas',
      '1 Calçados',
      '1 Promoções',
    ]);
  },
};

export const Playground: Story = {};

/** Alt+↑ em Vestidos: ela fica acima de Calças, o movimento é anunciado e o foco continua nela. */
export const KeyboardMove: Story = {
  play: async ({ canvasElement }) => {
    const tree = await findTree(canvasElement);
    within(tree)
      .getByRole('treeitem', { name: item('Vestidos') })
      .focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() =>
      expect(outline(tree).slice(0, 4)).toEqual([
        '1 Roupas',
        '2 Camisetas',
        '2 Vestidos',
        '2 Calças',
      ]),
    );
    await expect(
      await within(canvasElement).findByText(/Vestidos: posição 2 de 3 em Roupas/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(tree).getByRole('treeitem', { name: item('Vestidos') })).toHaveFocus(),
    );
  },
};

/** Excluir uma categoria com produtos: o motivo do servidor e o que fazer. */
export const RefusedDelete: Story = {
  play: async ({ canvasElement }) => {
    const tree = await findTree(canvasElement);
    await userEvent.click(within(tree).getByRole('button', { name: 'Ações de Camisetas' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir a categoria Camisetas?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await expect(
      await within(dialog).findByText(
        'A categoria Camisetas tem 2 produtos: mova-os para outra categoria antes de excluí-la.',
      ),
    ).toBeVisible();
  },
};

/** O menu de uma categoria: renomear, subcategoria, os movimentos possíveis, excluir. */
export const RowMenu: Story = {
  play: async ({ canvasElement }) => {
    const tree = await findTree(canvasElement);
    await userEvent.click(within(tree).getByRole('button', { name: 'Ações de Calças' }));
    const menu = await screen.findByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Renomear',
      'Adicionar subcategoria',
      'Subir',
      'Descer',
      'Mover para dentro de Camisetas',
      'Mover para fora de Roupas',
      'Excluir',
    ]);
  },
};

/** Uma categoria nova de primeiro nível. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    await findTree(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Nova categoria' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova categoria' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Infantil');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    const tree = await findTree(canvasElement);
    await expect(
      await within(tree).findByRole('treeitem', { name: item('Infantil') }),
    ).toBeVisible();
  },
};

/** Celular: a árvore tem recuo menor, o menu traz os movimentos. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await findTree(canvasElement);
    await expectNoHorizontalScroll(320);
  },
};

/** Ainda sem categorias. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: { catalog: catalogMock.answers(makeCatalogStructure({ categories: [] })) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nenhuma categoria ainda.')).toBeVisible();
  },
};

/** A árvore nunca carrega. */
export const Loading: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando as categorias' }),
    ).toBeInTheDocument();
  },
};

/** A árvore falha ao carregar. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Não foi possível carregar as categorias.'),
    ).toBeVisible();
  },
};

/** SUPPORT (e BRAND_MANAGER): sem permissão. */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: { ...catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Somente administradores podem organizar as categorias.',
      ),
    ).toBeVisible();
    await expect(within(canvasElement).queryByRole('tree')).toBeNull();
  },
};

/** Um gerente de marca: também sem permissão. */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        ...catalog,
        staff: staffMock.answers({
          name: 'Carla Dias',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-1'],
        }),
      },
    },
  },
  play: Support.play,
};

/** Renomear pelo menu: o nome novo na árvore. */
export const Rename: Story = {
  play: async ({ canvasElement }) => {
    const tree = await findTree(canvasElement);
    await userEvent.click(within(tree).getByRole('button', { name: 'Ações de Calçados' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Renomear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renomear Calçados' });
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Sapatos e sandálias');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expect(
      await within(tree).findByRole('treeitem', { name: item('Sapatos e sandálias') }),
    ).toBeVisible();
  },
};

/**
 * Arrastar Promoções até o meio de Acessórios a coloca dentro dela (como a última subcategoria).
 */
export const DragToNest: Story = {
  play: async ({ canvasElement }) => {
    const tree = await findTree(canvasElement);
    const moving = within(tree).getByRole('treeitem', { name: item('Promoções') });
    const target = within(tree).getByRole('treeitem', { name: item('Acessórios') });
    const rect = target.getBoundingClientRect();
    const dataTransfer = new DataTransfer();
    const middle = { clientX: rect.left + 40, clientY: rect.top + rect.height / 2, dataTransfer };
    // A browser fires each drag event in a task of its own, and React renders in between (the
    // drop reads where the drag-over said it would land): a frame between them, as there.
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    fireEvent.dragStart(moving, { dataTransfer });
    await nextFrame();
    fireEvent.dragOver(target, middle);
    await nextFrame();
    fireEvent.drop(target, middle);
    await nextFrame();
    fireEvent.dragEnd(moving, { dataTransfer });
    await waitFor(() =>
      expect(outline(tree).slice(4, 7)).toEqual(['1 Acessórios', '2 Bolsas', '2 Promoções']),
    );
    await expect(
      await within(canvasElement).findByText(/Promoções: posição 2 de 2 em Acessórios/),
    ).toBeInTheDocument();
  },
};
