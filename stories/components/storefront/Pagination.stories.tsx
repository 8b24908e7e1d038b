import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pagination } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/Pagination',
  component: Pagination,
  args: { shown: 24, total: 130, nextHref: '/categoria/roupas?pagina=2' },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { shown: 48, total: 130, loading: false } };
export const Loading: Story = { args: { loading: true } };
export const Everything: Story = { args: { shown: 130, nextHref: null } };
