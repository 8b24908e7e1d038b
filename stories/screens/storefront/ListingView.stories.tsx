import type { Meta, StoryObj } from '@storybook/react-vite';
import { EMPTY_FILTER_SELECTION, ListingView } from '@vitrine/ui';
import { fn } from 'storybook/test';

import { cards, facets, phone } from './storefrontStoryData';

const meta = {
  title: 'Screens/Storefront/Listing/View',
  component: ListingView,
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
export const Loading: Story = { args: { status: 'loading', products: [], facets: null } };
export const Refreshing: Story = { args: { refreshing: true } };
export const Empty: Story = {
  args: {
    products: [],
    totalCount: 0,
    filters: { ...EMPTY_FILTER_SELECTION, colors: ['Coral'] },
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
export const Phone: Story = { globals: phone };
