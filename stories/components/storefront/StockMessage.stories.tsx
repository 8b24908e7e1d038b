import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StockMessage } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/StockMessage',
  component: StockMessage,
  parameters: {
    docs: {
      description: {
        component: `
A escassez como o cliente deve ler: "Últimas 3 unidades", "Última unidade", "Esgotado", com ícone e
cor de aviso ou de erro. Com estoque de sobra não mostra nada, a não ser que \`showInStock\` peça
"Em estoque"; \`lowStockThreshold\` (5 por padrão) decide quando avisar.

**Quando usar**

- Na página do produto, para a variante escolhida (\`stock\`); lá vai com \`showInStock\`.

**Quando não usar**

- Num produto esgotado em que o cliente pode pedir aviso: junte \`RestockAlertForm\`.
- Nos cartões da grade: o \`ProductCard\` já tem o selo "Esgotado".

**Estados**: \`Default\` (poucas unidades), \`LastUnit\`, \`SoldOut\` e \`InStock\`.
`,
      },
    },
  },
  args: { stock: 3 },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof StockMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { stock: 4, lowStockThreshold: 5, showInStock: true } };
export const LastUnit: Story = { args: { stock: 1 } };
export const SoldOut: Story = { args: { stock: 0 } };
export const InStock: Story = { args: { stock: 40, showInStock: true } };
