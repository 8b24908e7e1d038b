import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderConfirmationScreen, rememberPlacedOrder } from '@vitrine/ui';
import { graphqlScenarios } from '@vitrine/ui/mocks';
import { expect, within } from 'storybook/test';

import { checkoutGraphql, CheckoutStoryRoutes } from './CheckoutStoryKit';
import { phone } from './storefrontStoryData';

/** /pedido/confirmado/:number opened again in the tab that placed it (orderStatus). */
const meta = {
  title: 'Screens/Storefront/OrderConfirmation/Screen',
  component: OrderConfirmationScreen,
  parameters: {
    route: '/pedido/confirmado/VT-10000',
    msw: { handlers: { graphql: checkoutGraphql() } },
  },
  beforeEach: () => {
    rememberPlacedOrder('VT-10000', 'maria@exemplo.com.br');
  },
  render: () => <CheckoutStoryRoutes />,
} satisfies Meta<typeof OrderConfirmationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Pix copia e cola' })).toBeVisible();
  },
};
export const Playground: Story = {};
export const WithData: Story = {};
// Runs after the meta's beforeEach: this tab did not place the order.
export const OpenedElsewhere: Story = { beforeEach: () => window.sessionStorage.clear() };
export const Loading: Story = {
  parameters: { msw: { handlers: { graphql: graphqlScenarios.pending } } },
};
export const Error: Story = {
  parameters: { msw: { handlers: { graphql: graphqlScenarios.serverDown } } },
};
export const Phone: Story = { globals: phone };
