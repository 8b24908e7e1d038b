import type { Meta, StoryObj } from '@storybook/react-vite';
import { StorefrontHomeView } from '@vitrine/ui';
import { fn } from 'storybook/test';

const meta = {
  title: 'Screens/StorefrontHome/View',
  component: StorefrontHomeView,
  args: {
    settings: {
      storeName: 'Vitrine',
      pixDiscountPercent: 5,
      freeShippingThresholdCents: 29900,
      maxInstallments: 10,
    },
    loading: false,
    errorMessage: null,
    onRetry: fn(),
  },
} satisfies Meta<typeof StorefrontHomeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {};

export const Loading: Story = {
  args: { settings: null, loading: true },
};

export const Error: Story = {
  args: { settings: null, errorMessage: 'Não foi possível carregar a loja agora. Tente de novo.' },
};

/** No Pix discount, no installments, no free-shipping threshold. */
export const NoPerks: Story = {
  args: {
    settings: {
      storeName: 'Vitrine',
      pixDiscountPercent: 0,
      freeShippingThresholdCents: null,
      maxInstallments: 1,
    },
  },
};
