import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderScreen } from '@vitrine/ui';
import { makeStaffOrders, ordersMock } from '@vitrine/ui/mocks';
import { makeStaffReturnOrder } from '@vitrine/ui/mocks/returns/returns.fixtures';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

const breadcrumbs = {
  exempt: [
    {
      selector: 'nav[aria-label="Trilha de navegação"] a',
      reason: 'The breadcrumb repeats the side bar\'s "Pedidos", which has a full-size target.',
    },
  ],
};

function OrderPage() {
  return (
    <Routes>
      <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />
    </Routes>
  );
}

/** The staff orders with the delivered one carrying a return in `state`. */
function ordersWith(state: Parameters<typeof makeStaffReturnOrder>[0]) {
  const order = makeStaffReturnOrder(state);
  return {
    id: order.id,
    handlers: {
      orders: ordersMock.answers({
        staffOrders: makeStaffOrders().map((item) => (item.id === order.id ? order : item)),
      }),
    },
  };
}

const labelIssued = ordersWith('labelIssued');

/** /dashboard/pedidos/:id of a delivered order with a 7-day return, over the GraphQL mock. */
const meta = {
  title: 'Screens/Dashboard/Orders/Returns/Screen',
  component: OrderScreen,
  parameters: {
    docs: {
      description: {
        component: `
A devolução em 7 dias na página do pedido, com a API simulada: o card "Devoluções" entre os itens
e os pagamentos; confirmar o recebimento devolve os itens ao estoque e reembolsa pela forma de
pagamento, e o pedido (reembolso, histórico) é relido.

**Estados**

- \`Default\` / \`Playground\`: ADMIN, a devolução com o código de postagem dos Correios.
- \`ReceiveFlow\`: "Recebi os produtos" confirmado: reembolsada, o reembolso nos pagamentos.
- \`CarrierFailing\`: os Correios não responderam, com "Informar código de postagem".

**GraphQL**: \`DashboardOrder\` e \`DashboardOrderReturns\` (queries, relidas depois de cada
ação); \`DashboardOrderReturnSetCode\`, \`DashboardOrderReturnRetryCarrier\`,
\`DashboardOrderReturnReceive\` e \`DashboardOrderReturnReject\` (mutations).
`,
      },
    },
    route: `/dashboard/pedidos/${labelIssued.id}`,
    session: 'staff',
    touchTarget: breadcrumbs,
    msw: { handlers: labelIssued.handlers },
  },
  render: () => <OrderPage />,
} satisfies Meta<typeof OrderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const section = await within(canvasElement).findByRole('region', { name: 'Devoluções' });
    await expect(within(section).getByText('LR123456785BR')).toBeVisible();
  },
};
export const Playground: Story = { play: Default.play };

/** Recebi os produtos → confirmado: reembolsada e o reembolso nos pagamentos do pedido. */
export const ReceiveFlow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = await canvas.findByRole('region', { name: 'Devoluções' });
    await userEvent.click(within(section).getByRole('button', { name: 'Recebi os produtos' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar recebimento' }));
    await expect(await within(section).findByText('Reembolsada')).toBeVisible();
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    const payments = canvas.getByRole('region', { name: 'Pagamentos' });
    await expect(await within(payments).findByText(/Devolução 1: Não serviu/)).toBeVisible();
  },
};

const failing = ordersWith('carrierRetrying');
export const CarrierFailing: Story = {
  parameters: { route: `/dashboard/pedidos/${failing.id}`, msw: { handlers: failing.handlers } },
  play: async ({ canvasElement }) => {
    const section = await within(canvasElement).findByRole('region', { name: 'Devoluções' });
    await expect(within(section).getByText(/Os Correios estão indisponíveis/)).toBeVisible();
  },
};
