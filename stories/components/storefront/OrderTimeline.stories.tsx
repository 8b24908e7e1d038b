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
  parameters: {
    docs: {
      description: {
        component: `
O andamento do pedido: recebido → pagamento → envio → entrega, com as datas do que já aconteceu, ou
como ele terminou (cancelado, reembolsado). Cada etapa é nomeada pelo que aconteceu, pelo que espera
ou pelo que vem, para nunca contradizer o status do pedido; leitores de tela ouvem "concluído",
"etapa atual", "a seguir" ou "encerrado".

**Quando usar**

- Na página de rastreio do pedido, com o \`status\`, os \`events\` do pedido e, enquanto espera o
  pagamento, o \`paymentStatus\` (cartão em análise ou recusado).
- \`pickup\` para pedidos de retirada ("Pronto para retirada" no lugar de "Pedido enviado").

**Quando não usar**

- Para as etapas do checkout: use \`CheckoutSteps\`.

**Estados**: \`Default\` (aguardando pagamento), \`Playground\` (pago), \`Shipped\`, \`Delivered\`,
\`Pickup\` e \`Canceled\`.
`,
      },
    },
  },
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

export const Default: Story = { tags: ['every-brand-and-width'] };
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
