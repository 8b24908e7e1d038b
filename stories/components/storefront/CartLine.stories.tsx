import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CartLine, type CartLineData } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, fn, userEvent, within } from 'storybook/test';

const shoe = storefrontProduct('tenis-trilha-serra-leve');
const line: CartLineData = {
  variantId: 'tenis-trilha-serra-leve-ver-40',
  productName: shoe.name,
  brandName: shoe.brand.name,
  variantLabel: 'Tamanho 40 · Cor Verde-musgo',
  imageUrl: shoe.images[0]?.url ?? null,
  href: `/produto/${shoe.slug}`,
  unitPriceCents: 39990,
  compareAtPriceCents: 49990,
  quantity: 2,
  availableQuantity: 6,
  availability: 'AVAILABLE',
  lineTotalCents: 79980,
};

const meta = {
  title: 'Components/Storefront/CartLine',
  component: CartLine,
  parameters: {
    docs: {
      description: {
        component: `
Uma linha da sacola: foto, marca, nome (link para o produto), variante, total da linha (com o "de"
riscado numa promoção e o preço unitário quando há mais de uma unidade), quantidade
(\`QuantityStepper\`) e remover. Se o estoque caiu desde que o item entrou, avisa (\`role="alert"\`)
e oferece a correção em um clique.

**Quando usar**

- Cada item da sacola, dentro de uma lista (\`<ul>\`): a linha é um \`<li>\`.
- \`compact\` na sacola em gaveta do cabeçalho (foto de 72 px); \`disabled\` enquanto a sacola é
  recalculada.

**Quando não usar**

- Para os itens de um pedido (revisão do checkout, confirmação, rastreio): use \`OrderLines\`, só
  leitura.

**Estados**: \`Default\`, \`Compact\`, \`StockFell\` ("Ajustar para N unidades"), \`SoldOut\`
(esgotado: só "Remover item") e \`Updating\` (desabilitado durante o recálculo).
`,
      },
    },
  },
  args: { line, onQuantityChange: fn(), onRemove: fn() },
  decorators: [
    (Story) => (
      <Box component="ul" sx={{ p: 2, m: 0, maxWidth: 560 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof CartLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { compact: false, disabled: false } };
export const Compact: Story = { args: { compact: true } };

/** O estoque caiu desde que a linha entrou na sacola: a correção é um clique. */
export const StockFell: Story = {
  args: {
    line: {
      ...line,
      quantity: 4,
      availableQuantity: 1,
      availability: 'INSUFFICIENT_STOCK',
      lineTotalCents: 159960,
    },
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Ajustar para 1 unidade' }),
    );
    await expect(args.onQuantityChange).toHaveBeenCalledWith(1);
  },
};

export const SoldOut: Story = {
  args: { line: { ...line, availableQuantity: 0, availability: 'OUT_OF_STOCK' } },
};

export const Updating: Story = { args: { disabled: true } };
