import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouteErrorView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Screens/Errors/RouteError/View',
  component: RouteErrorView,
  args: { homePath: '/', homeLabel: 'Voltar para a página inicial', onRetry: fn() },
  tags: ['mobile'],
} satisfies Meta<typeof RouteErrorView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Tentar novamente' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {};

export const InDashboard: Story = {
  args: { homePath: '/dashboard', homeLabel: 'Voltar para o painel' },
};
