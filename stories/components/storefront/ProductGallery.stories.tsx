import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductGallery } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, userEvent, within } from 'storybook/test';

const product = storefrontProduct('camiseta-basica-algodao');

const meta = {
  title: 'Components/Storefront/ProductGallery',
  component: ProductGallery,
  parameters: {
    docs: {
      description: {
        component: `
As fotos do produto: setas, miniaturas, teclado (← →), deslizar o dedo em telas de toque e uma
janela de zoom (um toque amplia 2× no ponto tocado). A primeira foto carrega de imediato (é a maior
pintura da página), as outras sob demanda; o contador "2 / 6" é anunciado aos leitores de tela.

**Quando usar**

- Na página do produto, com as \`images\` do produto; \`index\` e \`onIndexChange\` para controlar a
  foto mostrada (por exemplo, ao escolher uma cor).

**Quando não usar**

- Para a foto de um produto numa grade ou lista: use \`ProductCard\` ou as linhas da sacola e do
  pedido, que têm sua própria miniatura.

**Estados**: \`Default\`, \`KeyboardNavigation\`, \`Zoomed\` (janela de zoom aberta),
\`SingleImage\` (sem setas nem miniaturas) e \`NoImages\` ("Sem imagens deste produto").
`,
      },
    },
  },
  args: { images: product.images, productName: product.name },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, maxWidth: 560 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ProductGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { index: 2 } };

export const KeyboardNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ver imagem 1 de 6' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: /^Ampliar imagem 2 de 6/ })).toBeVisible();
  },
};

export const Zoomed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Ampliar imagem 1 de 6/ }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog')).toBeVisible();
  },
};

export const SingleImage: Story = { args: { images: product.images.slice(0, 1) } };
export const NoImages: Story = { args: { images: [] } };
