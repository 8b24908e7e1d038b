import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Breadcrumbs } from '@vitrine/ui';
import { expect, within } from 'storybook/test';
import { isVisualPass } from '../../support/layout';

const meta = {
  title: 'Components/Storefront/Breadcrumbs',
  component: Breadcrumbs,
  parameters: {
    docs: {
      description: {
        component: `
A trilha "Início › Roupas › Camisetas": onde a página está na loja. Itens com \`href\` são links do
roteador; o último é a página atual (\`aria-current="page"\`). A navegação se chama "Você está em" e
cada item é um alvo de pelo menos 44 × 44 px.

**Quando usar**

- Listagens (categoria, busca), página do produto, páginas institucionais e cabeçalhos das páginas
  do painel.
- Com \`compactOnPhone\`, abaixo de 600 px a página atual some (o título logo abaixo já a nomeia) e
  a trilha cabe numa linha: é o caso da página do produto.

**Quando não usar**

- Para as etapas do checkout: use \`CheckoutSteps\`.

**Estados**: \`Default\`, \`TwoLevels\` (trilha curta) e \`CompactOnPhone\` (celular, sem a página
atual).
`,
      },
    },
  },
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

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = {};
export const TwoLevels: Story = {
  args: { items: [{ label: 'Início', href: '/' }, { label: 'Busca' }] },
};

/**
 * A trilha da página do produto no celular: o nome do produto (que é o título da página) fica de
 * fora.
 */
export const CompactOnPhone: Story = {
  args: { compactOnPhone: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    // The phone width is there in the test run; the screenshot pass applies it after this.
    if (isVisualPass()) return;
    await expect(window.innerWidth).toBeLessThan(600);
    const trail = within(canvasElement).getByRole('navigation', { name: 'Você está em' });
    await expect(within(trail).getByRole('link', { name: 'Camisetas' })).toBeVisible();
    await expect(within(trail).getByText('Camiseta básica de algodão orgânico')).not.toBeVisible();
    // One line of 44 px targets.
    await expect(trail.getBoundingClientRect().height).toBeLessThan(60);
  },
};
