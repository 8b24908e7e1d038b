import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomeView, StorefrontShellView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

import { cards, catalog } from './storefrontStoryData';

/** A page inside the frame: the home with a few products. */
const page = (
  <HomeView
    status="ready"
    storeName="Vitrine"
    heroTitle="Marcas brasileiras que você ama, num só lugar"
    heroSubtitle="Roupas, calçados e acessórios de pequenas marcas."
    settings={{ pixDiscountPercent: 5, maxInstallments: 10, freeShippingThresholdCents: 29900 }}
    brands={catalog.brands}
    categories={catalog.categories}
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
  args: {
    storeName: 'Vitrine',
    cartCount: 0,
    onCartClick: fn(),
    onSearch: fn(),
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

/** The Screen puts the connected HeaderSearch here; any node takes the placeholder's place. */
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
