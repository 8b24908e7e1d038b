import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PixPrice } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/PixPrice',
  component: PixPrice,
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

export const Default: Story = {};
export const Playground: Story = {
  args: { pixPriceCents: 12340, discountPercent: 7.5, size: 'medium' },
};
export const Small: Story = { args: { size: 'small' } };
export const NoDiscount: Story = { args: { discountPercent: 0, pixPriceCents: 7990 } };
