import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StockMessage } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/StockMessage',
  component: StockMessage,
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

export const Default: Story = {};
export const Playground: Story = { args: { stock: 4, lowStockThreshold: 5, showInStock: true } };
export const LastUnit: Story = { args: { stock: 1 } };
export const SoldOut: Story = { args: { stock: 0 } };
export const InStock: Story = { args: { stock: 40, showInStock: true } };
