import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotFoundView } from '@vitrine/ui';

const meta = {
  title: 'Screens/Errors/NotFound/View',
  component: NotFoundView,
  args: { homePath: '/', homeLabel: 'Voltar para a página inicial' },
} satisfies Meta<typeof NotFoundView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Also shot at 375 px by the visual script. */
export const Default: Story = { tags: ['mobile'] };

export const Playground: Story = {};

export const InDashboard: Story = {
  args: { homePath: '/dashboard', homeLabel: 'Voltar para o painel' },
};
