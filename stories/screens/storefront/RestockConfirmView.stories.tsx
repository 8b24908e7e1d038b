import type { Meta, StoryObj } from '@storybook/react-vite';
import { RestockConfirmView } from '@vitrine/ui';
import { fn } from 'storybook/test';

const meta = {
  title: 'Screens/Storefront/RestockConfirm/View',
  component: RestockConfirmView,
  args: {
    status: 'confirmed',
    product: {
      productName: 'Tênis de trilha Serra Leve',
      productSlug: 'tenis-trilha-serra-leve',
      size: '39',
      color: 'Verde-musgo',
    },
  },
} satisfies Meta<typeof RestockConfirmView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const Loading: Story = { args: { status: 'loading', product: null } };
/** Unknown, used or expired. */
export const InvalidLink: Story = { args: { status: 'invalid', product: null } };
export const Failed: Story = {
  args: {
    status: 'error',
    product: null,
    message: 'Não foi possível conectar à loja. Verifique sua conexão e tente novamente.',
    onRetry: fn(),
  },
};
