import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MouseEvent } from 'react';
import { HomeView, StorefrontShellView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

import { cards, catalog, demoStoreSettings, homeCategories } from './storefrontStoryData';

/** A page inside the frame: the home with a few products. */
const page = (
  <HomeView
    status="ready"
    storeName="Vitrine"
    heroTitle="Marcas brasileiras que você ama, num só lugar"
    heroSubtitle="Roupas, calçados e acessórios de pequenas marcas."
    settings={demoStoreSettings}
    brands={catalog.brands}
    categories={homeCategories()}
    featured={[]}
    newArrivals={cards(4)}
    bestSellers={[]}
    onSale={[]}
    onRetry={fn()}
  />
);

const meta = {
  title: 'Screens/Storefront/Shell/View',
  component: StorefrontShellView,
  parameters: {
    docs: {
      description: {
        component: `
A moldura da vitrine, pura: cabeçalho com a logo (\`VitrineLogo\`), a busca (um campo simples até a
tela pôr a busca conectada no lugar), o botão da sacola com a contagem, a linha de departamentos (do
\`md\` para cima; no celular, o botão de menu antes da logo), o link "pular para o conteúdo" e o
rodapé. Não envia nada: quem a alimenta é o \`StorefrontShellScreen\`.

**Estados**

- \`Default\` / \`Playground\`: a home com alguns produtos dentro da moldura.
- \`WithItemsInCart\`: o botão da sacola com itens.
- \`WithDepartments\` e \`DepartmentPanelOpen\` (o foco num departamento abre as subcategorias).
- \`WithDepartmentsPhone\`: no celular, sem a linha; o botão de menu abre a gaveta.
- \`WithSearchSlot\`: qualquer nó no lugar da busca.
- \`SearchButtonPhone\`: abaixo de 600 px o campo dá lugar ao botão de busca ao lado da sacola
  (\`onSearchClick\`; a tela abre a folha de busca). A troca é por CSS, igual no servidor.
- \`SkipLinkFocused\`: o link de pular, visível quando o teclado chega nele.

**GraphQL**: nenhuma; quem consulta a API é a tela que a alimenta.
`,
      },
    },
  },
  // The page inside the frame and the search slot are nodes to render, not values to edit.
  argTypes: { children: { control: false }, search: { control: false } },
  args: {
    storeName: 'Vitrine',
    cartCount: 0,
    onCartClick: fn(),
    onSearch: fn(),
    // The Screen opens its search sheet and keeps the button's form from opening /busca.
    onSearchClick: fn((event: MouseEvent) => event.preventDefault()),
    children: page,
  },
} satisfies Meta<typeof StorefrontShellView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {
  args: { storeName: 'Casa Aurora' },
};

export const WithItemsInCart: Story = {
  args: { cartCount: 3 },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sacola: 3 itens' }));
    await expect(args.onCartClick).toHaveBeenCalledOnce();
  },
};

/** The department menu (issue 12, item 5): a row under the header from md up. */
const departments = catalog.categories.map((top) => ({
  slug: top.slug,
  name: top.name,
  children: top.children.map((child) => ({ slug: child.slug, name: child.name })),
}));

export const WithDepartments: Story = {
  args: { departments, onDepartmentsClick: fn() },
  play: async ({ canvasElement }) => {
    const menu = within(within(canvasElement).getByRole('navigation', { name: 'Departamentos' }));
    const first = departments[0]!;
    await expect(menu.getByRole('link', { name: first.name })).toBeVisible();
    // The panel of subcategories stays closed until the department is pointed at or focused.
    await expect(menu.getByText(`Ver tudo em ${first.name}`)).not.toBeVisible();
  },
};

/** Teclado: o foco num departamento abre as subcategorias dele (passar o mouse faz o mesmo). */
export const DepartmentPanelOpen: Story = {
  args: { departments, onDepartmentsClick: fn() },
  play: async ({ canvasElement }) => {
    const menu = within(within(canvasElement).getByRole('navigation', { name: 'Departamentos' }));
    const first = departments[0]!;
    menu.getByRole('link', { name: first.name }).focus();
    await expect(menu.getByRole('link', { name: `Ver tudo em ${first.name}` })).toBeVisible();
    await expect(menu.getByRole('link', { name: first.children[0]!.name })).toHaveAttribute(
      'href',
      `/categoria/${first.children[0]!.slug}`,
    );
  },
};

/** Celulares: sem a linha; o botão de menu antes da logo abre a gaveta (que é da tela). */
export const WithDepartmentsPhone: Story = {
  args: { departments, onDepartmentsClick: fn() },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Departamentos' }));
    await expect(args.onDepartmentsClick).toHaveBeenCalledOnce();
  },
};

/**
 * Celulares (abaixo de 600 px): o campo dá lugar a um botão de busca ao lado da sacola, que a tela
 * faz abrir a folha de busca de largura total. A troca é por CSS, então o servidor desenha o mesmo.
 */
export const SearchButtonPhone: Story = {
  args: { departments, onDepartmentsClick: fn(), cartCount: 2 },
  globals: { viewport: { value: 'phone320', isRotated: false } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('search', { name: 'Buscar na loja' })).toBeNull();
    const button = canvas.getByRole('button', { name: 'Buscar produtos' });
    const bag = canvas.getByRole('button', { name: 'Sacola: 2 itens' });
    // Side by side at the bar's end, neither over the other.
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(
      bag.getBoundingClientRect().left,
    );
    await expect(bag.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(button);
    await expect(args.onSearchClick).toHaveBeenCalledOnce();
  },
};

/** A tela põe aqui a HeaderSearch conectada; qualquer nó toma o lugar do campo simples. */
export const WithSearchSlot: Story = {
  args: {
    search: (
      <input
        type="search"
        aria-label="Busca de exemplo"
        placeholder="Busca conectada"
        style={{ width: '100%', minHeight: 44, padding: 8 }}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Busca de exemplo' })).toBeVisible();
    await expect(canvas.queryByRole('search', { name: 'Buscar na loja' })).toBeNull();
  },
};

/** O link de pular, visível quando o teclado chega nele primeiro (issue 12, item 12). */
export const SkipLinkFocused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const skip = within(canvasElement).getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toHaveFocus();
    await expect(skip.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  },
};
