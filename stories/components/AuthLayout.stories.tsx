import Typography from '@mui/material/Typography';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthLayout } from '@vitrine/ui';

const meta = {
  title: 'Components/AuthLayout',
  component: AuthLayout,
  args: {
    title: 'Entrar no painel',
    subtitle: 'Acesse a área da equipe para gerenciar a loja.',
    children: <Typography>Conteúdo do cartão.</Typography>,
  },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {
  args: { storeName: 'Casa Aurora', footer: 'Rodapé do cartão' },
};
