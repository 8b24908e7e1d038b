import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderTimeline } from '@vitrine/ui';

const placed = {
  status: 'PENDING_PAYMENT' as const,
  label: 'Pedido recebido',
  createdAt: '2024-05-20T13:00:00Z',
};
const paid = {
  status: 'PAID' as const,
  label: 'Pagamento aprovado',
  createdAt: '2024-05-20T13:20:00Z',
};
const shipped = {
  status: 'SHIPPED' as const,
  label: 'Pedido enviado',
  createdAt: '2024-05-21T18:00:00Z',
};
const delivered = {
  status: 'DELIVERED' as const,
  label: 'Pedido entregue',
  createdAt: '2024-05-24T15:00:00Z',
};

const meta = {
  title: 'Components/Storefront/OrderTimeline',
  component: OrderTimeline,
  args: { status: 'PENDING_PAYMENT', events: [placed] },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 420 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof OrderTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {
  args: { status: 'PAID', events: [placed, paid], pickup: false },
};
export const Shipped: Story = { args: { status: 'SHIPPED', events: [placed, paid, shipped] } };
export const Delivered: Story = {
  args: { status: 'DELIVERED', events: [placed, paid, shipped, delivered] },
};
export const Pickup: Story = {
  args: { status: 'SHIPPED', events: [placed, paid, shipped], pickup: true },
};
export const Canceled: Story = {
  args: {
    status: 'CANCELED',
    events: [
      placed,
      { status: 'CANCELED', label: 'Pedido cancelado', createdAt: '2024-05-21T13:00:00Z' },
    ],
  },
};
