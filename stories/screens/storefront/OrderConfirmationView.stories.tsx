import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderConfirmationView } from '@vitrine/ui';
import { makeCustomerOrder } from '@vitrine/ui/mocks/fixtures/storefront';
import { expect, fn, userEvent, within } from 'storybook/test';

import { pixClock } from './CheckoutStoryKit';
import { phone } from './storefrontStoryData';

/** 'Pedido recebido', pure: the order through args, a fixed clock for the Pix countdown. */
const meta = {
  title: 'Screens/Storefront/OrderConfirmation/View',
  component: OrderConfirmationView,
  args: {
    status: 'ready',
    number: 'VT-10000',
    order: makeCustomerOrder(),
    now: pixClock,
    onRetry: fn(),
  },
} satisfies Meta<typeof OrderConfirmationView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('20:00')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Copiar código Pix' }));
    await expect(await canvas.findByRole('status')).not.toBeEmptyDOMElement();
  },
};
export const Playground: Story = {};
export const WithData: Story = {};
export const Loading: Story = { args: { status: 'loading', order: null } };
export const Empty: Story = { args: { status: 'lookup', order: null } };
export const Error: Story = { args: { status: 'error', order: null } };
export const PixExpired: Story = {
  args: { now: () => Date.parse('2030-01-01T12:30:00.000Z') },
};
export const PaidAlready: Story = {
  args: { order: makeCustomerOrder({ status: 'PAID', paymentStatus: 'PAID', pix: null }) },
};
export const Phone: Story = { globals: phone };
