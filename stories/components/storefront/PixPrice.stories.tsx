import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PixPrice } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/PixPrice',
  component: PixPrice,
  parameters: {
    docs: {
      description: {
        component: `
O preço pagando com Pix, como o servidor calculou, com o desconto da loja para Pix: "R$ 75,91 no Pix
(5% de desconto)". Sem desconto (\`discountPercent\` 0), só o valor.

**Quando usar**

- Sob o preço, na página do produto, no cartão de produto (\`size="small"\`) e no resumo da sacola.

**Quando não usar**

- Para o preço principal (com o "de" e o percentual): use \`PriceTag\`.
- Para o parcelamento: use \`InstallmentLine\`.
- Para o pagamento em si (código e QR Code): use \`PixPayment\`.

**Estados**: \`Default\`, \`Small\` e \`NoDiscount\`.
`,
      },
    },
  },
  args: { pixPriceCents: 7591, discountPercent: 5 },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof PixPrice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = {
  args: { pixPriceCents: 12340, discountPercent: 7.5, size: 'medium' },
};
export const Small: Story = { args: { size: 'small' } };
export const NoDiscount: Story = { args: { discountPercent: 0, pixPriceCents: 7990 } };
