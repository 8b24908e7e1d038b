import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatementScreen } from '@vitrine/ui';
import { makeStaffOrders, ordersMock, paymentsMock, staffMock } from '@vitrine/ui/mocks';
import {
  makeSampleStatementImport,
  makeSuggestionOrders,
  makeSuggestionStatementImport,
} from '@vitrine/ui/mocks/payments/reconciliation.fixtures';
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
/** Pix without txid: two suggested by their amount, one with two orders waiting for it. */
const suggestionOrders = makeSuggestionOrders(staffOrders);
const suggestions = makeSuggestionStatementImport(suggestionOrders, {
  createdAt: '2025-06-02T14:50:00.000Z',
});
const withSuggestions = {
  route: `/dashboard/pix/extratos/${suggestions.id}`,
  msw: {
    handlers: {
      orders: ordersMock.answers({ staffOrders: suggestionOrders }),
      payments: paymentsMock.answers({ statementImports: [suggestions] }),
    },
  },
};
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
- \`Suggested\`: Pix sem txid com o valor exato de um único pedido aguardando ("Sugerido"): o nome
  de quem pagou ao lado do nome do cliente, "Nomes conferem" ou "Nome diferente", e "Confirmar" em
  cada um.
- \`ConfirmSuggested\`: "Confirmar sugeridos (2)" pede confirmação e lista os pedidos.
- \`Ambiguous\`: um Pix com dois pedidos do mesmo valor: nenhum é adivinhado, cada pedido tem o
  seu "Confirmar como VT-…".
- \`SuggestedPhone\`: no celular, cada crédito em bloco, sem rolagem lateral.

**GraphQL**: \`DashboardPixRole\` e \`BankStatement\` (queries); \`BankStatementConfirmMatched\`
(com \`includeSuggested\` para os sugeridos) e \`BankStatementEntryConfirm\` (mutations).
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

/**
 * Pix sem txid sugeridos pelo valor: o nome de quem pagou ao lado do cliente, se os nomes
 * conferem, e "Confirmar" em cada um.
 */
export const Suggested: Story = {
  parameters: withSuggestions,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sugeridos (2)' }));
    await expect(canvas.getByText('Nomes conferem')).toBeVisible();
    await expect(canvas.getByText('Nome diferente')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Confirmar como VT-10029' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Confirmar sugeridos (2)' })).toBeVisible();
  },
};

/** "Confirmar sugeridos (2)" pede confirmação, com cada pedido e quem pagou. */
export const ConfirmSuggested: Story = {
  parameters: withSuggestions,
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Confirmar sugeridos (2)' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Confirmar 2 pagamentos sugeridos?',
    });
    await expect(within(dialog).getByText(/MARCOS VIEIRA \(nome diferente\)/)).toBeVisible();
  },
};

/** Dois pedidos esperam o mesmo valor: nenhum é adivinhado, cada um com o seu "Confirmar como". */
export const Ambiguous: Story = {
  parameters: withSuggestions,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mais de um pedido (1)' }));
    await expect(canvas.getByText('Mais de um pedido com este valor')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Confirmar como VT-10031' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Confirmar como VT-10032' })).toBeVisible();
  },
};

/** No celular: cada crédito em bloco (data e valor, descrição, situação, pedido), sem rolagem lateral. */
export const SuggestedPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  parameters: { ...withSuggestions, touchTarget: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'Confirmar como VT-10029' }),
    ).toBeVisible();
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      window.innerWidth,
    );
  },
};
