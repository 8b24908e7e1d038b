import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductCard, type ProductCardData } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/fixtures/storefront';

const shirt = storefrontProduct('camiseta-basica-algodao');

const product: ProductCardData = {
  slug: shirt.slug,
  name: shirt.name,
  brandName: shirt.brand.name,
  image: shirt.images[0] ?? null,
  priceCents: 7990,
  compareAtPriceCents: 9990,
  inStock: true,
};

const meta = {
  title: 'Components/Storefront/ProductCard',
  component: ProductCard,
  args: { product, href: `/produto/${shirt.slug}` },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, width: 280 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { imageLoading: 'eager' } };
export const FullPrice: Story = { args: { product: { ...product, compareAtPriceCents: null } } };
export const StartingAt: Story = {
  args: { product: { ...product, compareAtPriceCents: null, startingAt: true } },
};
export const WithOffer: Story = {
  args: {
    product: {
      ...product,
      pix: { priceCents: 7591, discountPercent: 5 },
      installments: {
        count: 2,
        perInstallmentCents: 3995,
        firstInstallmentCents: 3995,
        totalCents: 7990,
        interestFree: true,
      },
    },
  },
};
export const SoldOut: Story = { args: { product: { ...product, inStock: false } } };
export const NoImage: Story = { args: { product: { ...product, image: null } } };
export const LongName: Story = {
  args: {
    product: {
      ...product,
      name: 'Camiseta básica de algodão orgânico com gola careca reforçada e bolso frontal',
    },
  },
};
