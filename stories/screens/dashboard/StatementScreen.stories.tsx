import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatementScreen } from '@vitrine/ui';
import { makeStaffOrders, ordersMock, paymentsMock, staffMock } from '@vitrine/ui/mocks';
import { makeSampleStatementImport } from '@vitrine/ui/mocks/fixtures/reconciliation';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { expect, screen, userEvent, within } from 'storybook/test';

const STORY_NOW = '2025-06-02T15:00:00.000Z';
const staffOrders = makeStaffOrders(STORY_NOW);
const sample = makeSampleStatementImport(staffOrders, { createdAt: '2025-06-02T14:40:00.000Z' });
/** The same statement imported again after its two matched Pix were confirmed. */
const reimported = makeSampleStatementImport(staffOrders, {
  id: 'statement-2',
  createdAt: '2025-06-02T14:55:00.000Z',
  entries: sample.entries.map((entry) =>
    entry.match === 'MATCHED' ? { ...entry, match: 'ALREADY_PAID' as const } : entry,
  ),
});
const paidOrders = staffOrders.map((order) =>
  sample.entries.some((entry) => entry.match === 'MATCHED' && entry.orderId === order.id)
    ? { ...order, status: 'PAID' as const, paymentStatus: 'PAID' as const, paidAt: STORY_NOW }
    : order,
);

/** /dashboard/pix/extratos/:id: a statement's credits by match, and the matched to confirm. */
const meta = {
  title: 'Screens/Dashboard/Pix/Statement',
  component: StatementScreen,
  parameters: {
    docs: {
      description: {
        component: `
Um extrato bancário importado (\`/dashboard/pix/extratos/:id\`): os créditos agrupados pela
conciliação (batem com um pedido, valor diferente, sem pedido, já pagos) e a confirmação dos que
batem, de uma vez. Só para ADMIN (o dinheiro é da loja): outra função, pelo endereço, vê "Sem
permissão"; as histórias rodam o app do painel (\`WorkshopRoutes\`).

**Estados**

- \`Matched\` / \`Playground\`: dois Pix batem, um veio com valor diferente e um não tem pedido.
- \`Mismatch\`: o total do pedido ao lado do crédito.
- \`ConfirmDialog\`: "Confirmar 2 pagamentos" pede confirmação.
- \`Reimported\`: o mesmo arquivo importado de novo; já pagos, nada a confirmar.
- \`BrandManager\`: aberto pelo endereço por quem não é ADMIN, sem permissão.

**GraphQL**: \`DashboardPixRole\` e \`BankStatement\` (queries); \`BankStatementConfirmMatched\`
(mutation).
`,
      },
    },
    route: '/dashboard/pix/extratos/statement-1',
    session: 'staff',
    touchTarget: {
      disable: {
        reason: 'The entries are a dense data table with order links, used with a mouse.',
      },
    },
    msw: {
      handlers: {
        orders: ordersMock.answers({ staffOrders }),
        payments: paymentsMock.answers({ statementImports: [sample] }),
      },
    },
  },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof StatementScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Dois Pix batem, um pagou um valor diferente, um não tem pedido. */
export const Matched: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'Confirmar 2 pagamentos' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Valor diferente (1)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sem pedido (1)' })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Só o valor não bate: o total do pedido ao lado do crédito. */
export const Mismatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Valor diferente (1)' }));
    await expect(canvas.getByText(/pedido: R\$/)).toBeVisible();
  },
};

/** "Confirmar 2 pagamentos" pede confirmação antes. */
export const ConfirmDialog: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Confirmar 2 pagamentos' }),
    );
    await expect(
      await screen.findByRole('dialog', { name: 'Confirmar 2 pagamentos?' }),
    ).toBeVisible();
  },
};

/** O mesmo arquivo importado de novo: os Pix já estão pagos, nada a confirmar. */
export const Reimported: Story = {
  parameters: {
    route: '/dashboard/pix/extratos/statement-2',
    msw: {
      handlers: {
        orders: ordersMock.answers({ staffOrders: paidOrders }),
        payments: paymentsMock.answers({ statementImports: [sample, reimported] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Nada a confirmar neste extrato/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Já pagos (2)' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Confirmar \d/ })).toBeNull();
  },
};

/** Um gerente de marca abrindo um extrato pelo endereço: sem permissão, nenhum dos lançamentos. */
export const BrandManager: Story = {
  parameters: {
    touchTarget: undefined,
    msw: {
      handlers: {
        orders: ordersMock.answers({ staffOrders }),
        payments: paymentsMock.answers({ statementImports: [sample] }),
        staff: staffMock.answers({
          name: 'Carla Dias',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-aurora'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Sem permissão')).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Lançamentos do extrato' })).toBeNull();
  },
};
