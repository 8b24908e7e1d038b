import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductGallery } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/fixtures/storefront';
import { expect, userEvent, within } from 'storybook/test';

const product = storefrontProduct('camiseta-basica-algodao');

const meta = {
  title: 'Components/Storefront/ProductGallery',
  component: ProductGallery,
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

export const Default: Story = {};
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
