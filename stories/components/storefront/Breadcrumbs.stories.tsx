import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Breadcrumbs } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/Breadcrumbs',
  component: Breadcrumbs,
  args: {
    items: [
      { label: 'Início', href: '/' },
      { label: 'Roupas', href: '/categoria/roupas' },
      { label: 'Camisetas', href: '/categoria/camisetas' },
      { label: 'Camiseta básica de algodão orgânico' },
    ],
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const TwoLevels: Story = {
  args: { items: [{ label: 'Início', href: '/' }, { label: 'Busca' }] },
};
