import SearchOff from '@mui/icons-material/SearchOff';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Button from '@mui/material/Button';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/EmptyState',
  component: EmptyState,
  args: {
    title: 'Sua sacola está vazia',
    description: <p>Que tal começar pelas novidades?</p>,
    icon: <ShoppingBagOutlined />,
    actions: <Button variant="contained">Ver novidades</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { title: 'Nada por aqui', headingLevel: 'h2' } };
export const NoResults: Story = {
  args: {
    icon: <SearchOff />,
    title: 'Nenhum resultado para “camisetta”',
    description: (
      <ul>
        <li>Confira se a palavra está escrita corretamente.</li>
        <li>Use termos mais gerais.</li>
      </ul>
    ),
  },
};
