import type { Meta, StoryObj } from '@storybook/react-vite';
import { EMPTY_FILTER_SELECTION, ListingView } from '@vitrine/ui';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';
import { cards, facets, phone } from './storefrontStoryData';

const meta = {
  title: 'Screens/Storefront/Listing/View',
  component: ListingView,
  parameters: {
    docs: {
      description: {
        component: `
Uma listagem de produtos, pura (categoria, busca ou o catálogo de uma marca): filtros com contagens
(\`FacetFilters\`), ordem (\`SortSelect\`), a grade de \`ProductCard\`, "Mostrar mais"
(\`Pagination\`) e um resultado vazio que diz o que fazer. No celular, os filtros abrem numa gaveta
inferior. Não envia nada: quem a alimenta é o \`CategoryScreen\`, o \`SearchScreen\` ou a
\`BrandView\`.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\` e \`WithFilters\`.
- \`SearchWithCategory\`: a faceta de categoria da busca, com "Roupas" escolhida.
- \`Loading\` e \`Refreshing\` (a lista antiga fica enquanto a nova chega).
- \`Empty\` (filtros sem resultado), \`EmptyCategory\` (só para onde ir), \`EmptySearch\` e
  \`Error\`.
- \`Phone\`: 320 px, sem rolagem lateral.
- \`PhoneFilterPanel\` / \`PhoneFilterPanelCloses\`: a gaveta de filtros, com fechar e "Limpar".

**GraphQL**: nenhuma (as telas de listagem a alimentam).
`,
      },
    },
  },
  args: {
    title: 'Roupas',
    breadcrumbs: [{ label: 'Início', href: '/' }, { label: 'Roupas' }],
    status: 'ready',
    products: cards(9),
    totalCount: 31,
    facets,
    filters: EMPTY_FILTER_SELECTION,
    onFiltersChange: fn(),
    sort: 'NEWEST',
    onSortChange: fn(),
    // A category page: its sub-categories are links, not the category facet.
    hideCategoryFilter: true,
    categoryLinks: [
      { label: 'Camisetas', href: '/categoria/camisetas', count: 8 },
      { label: 'Vestidos', href: '/categoria/vestidos', count: 12 },
      { label: 'Bermudas', href: '/categoria/bermudas', count: 5 },
    ],
    nextPageHref: '/categoria/roupas?pagina=2',
    onRetry: fn(),
  },
} satisfies Meta<typeof ListingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { refreshing: false } };
export const WithData: Story = {};
export const WithFilters: Story = {
  args: {
    filters: { ...EMPTY_FILTER_SELECTION, brands: ['aurora'], sizes: ['M'], inStock: true },
    products: cards(4),
    totalCount: 4,
    nextPageHref: null,
  },
};
/** Resultados de busca: o filtro de categoria (uma por vez), aqui com "Roupas" escolhida. */
export const SearchWithCategory: Story = {
  args: {
    title: 'Resultados para “algodão”',
    breadcrumbs: [{ label: 'Início', href: '/' }, { label: 'Busca' }],
    searchQuery: 'algodão',
    sort: 'RELEVANCE',
    hideCategoryFilter: false,
    categoryLinks: [],
    filters: { ...EMPTY_FILTER_SELECTION, category: 'roupas' },
    products: cards(4),
    totalCount: 4,
    nextPageHref: null,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const aside = canvas.getByRole('complementary', { name: 'Filtros' });
    const group = within(aside).getByRole('radiogroup', { name: 'Categoria' });
    await expect(within(group).getByRole('radio', { name: /^Roupas \(\d+\)$/ })).toBeChecked();
    // The chosen category's sub-categories are offered; other branches stay folded.
    await expect(within(group).getByRole('radio', { name: /^Camisetas/ })).toBeEnabled();
    await expect(within(group).queryByRole('radio', { name: /^Tênis/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Remover filtro Roupas' })).toBeVisible();
  },
};
export const Loading: Story = { args: { status: 'loading', products: [], facets: null } };
export const Refreshing: Story = { args: { refreshing: true } };
export const Empty: Story = {
  args: {
    products: [],
    totalCount: 0,
    filters: { ...EMPTY_FILTER_SELECTION, colors: ['Coral'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Nenhum produto com esses filtros' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Limpar filtros' })).toBeVisible();
  },
};
/** Uma categoria ainda vazia e nenhum filtro ativo: nada a limpar, só um lugar para onde ir. */
export const EmptyCategory: Story = {
  args: { products: [], totalCount: 0, facets: null, categoryLinks: [], nextPageHref: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Nenhum produto por aqui ainda' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Ver novidades' })).toBeVisible();
  },
};
export const EmptySearch: Story = {
  args: {
    title: 'Resultados para “camisetta azul”',
    searchQuery: 'camisetta azul',
    products: [],
    totalCount: 0,
    sort: 'RELEVANCE',
    categoryLinks: [],
  },
};
export const Error: Story = { args: { status: 'error', products: [] } };
/** O menor celular (320 px): nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Roupas' }),
    ).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};

/**
 * O painel de filtros do celular (issue 12, item 12): um botão de fechar no topo e "Limpar" ao lado
 * do botão de resultados, que limpa todos os filtros sem fechar o painel.
 */
export const PhoneFilterPanel: Story = {
  globals: phone,
  args: {
    filters: { ...EMPTY_FILTER_SELECTION, brands: ['aurora'], sizes: ['M'], inStock: true },
  },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Filtrar/ }));
    const panel = within(await body.findByRole('dialog', { name: 'Filtros' }));
    await expect(panel.getByRole('button', { name: 'Fechar filtros' })).toBeVisible();
    await userEvent.click(panel.getByRole('button', { name: 'Limpar' }));
    await expect(args.onFiltersChange).toHaveBeenCalledWith(EMPTY_FILTER_SELECTION);
    await expect(body.getByRole('dialog', { name: 'Filtros' })).toBeVisible();
  },
};

export const PhoneFilterPanelCloses: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Filtrar/ }));
    const panel = within(await body.findByRole('dialog', { name: 'Filtros' }));
    await expect(panel.getByRole('button', { name: 'Limpar' })).toBeDisabled();
    await userEvent.click(panel.getByRole('button', { name: 'Fechar filtros' }));
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Filtros' })).toBeNull());
  },
};
