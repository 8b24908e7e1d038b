import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderLines, type OrderLineItem } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, within } from 'storybook/test';

const shoe = storefrontProduct('tenis-trilha-serra-leve');
const shirt = storefrontProduct('camiseta-basica-algodao');

// As the checkout lists them: name, variant and '2 unidades'.
const lines: OrderLineItem[] = [
  {
    id: 'tenis-trilha-serra-leve-ver-40',
    productName: shoe.name,
    variantLabel: 'Tamanho 40 · Cor Verde-musgo',
    quantity: 2,
    lineTotalCents: 79980,
    imageUrl: shoe.images[0]?.url ?? null,
  },
  {
    id: 'camiseta-basica-algodao-m',
    productName: shirt.name,
    variantLabel: 'Tamanho M',
    quantity: 1,
    lineTotalCents: 5990,
    imageUrl: shirt.images[0]?.url ?? null,
  },
];

const meta = {
  title: 'Components/Storefront/OrderLines',
  component: OrderLines,
  parameters: {
    docs: {
      description: {
        component: `
Os itens de um pedido como o cliente os lê: foto, nome, variante, quantidade e total da linha, só
leitura. Com \`brandName\`, a marca vem acima do nome; com \`unitPriceCents\`, a quantidade vira "2
× R$ 399,90" em vez de "2 unidades".

**Quando usar**

- Na revisão do checkout e nas páginas de confirmação e de rastreio do pedido.
- Dê um \`aria-label\` ("Itens do pedido") quando nenhum título em volta nomear a lista.

**Quando não usar**

- Para itens que o cliente ainda pode mudar: use \`CartLine\`.

**Estados**: \`Default\`, \`WithBrandAndUnitPrice\` (como na confirmação) e \`WithoutPicture\`
(caixa cinza no lugar da foto).
`,
      },
    },
  },
  args: { lines, 'aria-label': 'Itens do pedido' },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, maxWidth: 380 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof OrderLines>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Itens do pedido' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(list).getByText('Tamanho 40 · Cor Verde-musgo · 2 unidades')).toBeVisible();
  },
};

export const Playground: Story = {};

/**
 * Como a confirmação do pedido as lista: a marca acima do nome, o preço unitário junto da
 * quantidade.
 */
export const WithBrandAndUnitPrice: Story = {
  args: {
    'aria-label': undefined,
    lines: [
      {
        ...lines[0]!,
        brandName: shoe.brand.name,
        unitPriceCents: 39990,
      },
      {
        ...lines[1]!,
        brandName: shirt.brand.name,
        unitPriceCents: 5990,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(shoe.brand.name)).toBeVisible();
    await expect(canvas.getByText('Tamanho 40 · Cor Verde-musgo · 2 × R$ 399,90')).toBeVisible();
  },
};

/** Uma linha sem foto mantém a caixa cinza. */
export const WithoutPicture: Story = {
  args: { lines: [{ ...lines[1]!, imageUrl: null }] },
};
