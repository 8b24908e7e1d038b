import type { Meta, StoryObj } from '@storybook/react-vite';
import { PixScreen } from '@vitrine/ui';
import { makeStaffOrders, ordersMock, paymentsMock, staffMock } from '@vitrine/ui/mocks';
import { makeSampleStatementImport } from '@vitrine/ui/mocks/payments/reconciliation.fixtures';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { expect, screen, userEvent, within } from 'storybook/test';

// The workshop's screenshots run on 02/06/2025 at noon in São Paulo: orders written around it.
const STORY_NOW = '2025-06-02T15:00:00.000Z';
const staffOrders = makeStaffOrders(STORY_NOW);
const orders = { orders: ordersMock.answers({ staffOrders }) };
const denseGrid = {
  disable: { reason: 'The Pix queue is a dense data table used with a mouse.' },
};

/** /dashboard/pix: orders waiting for Pix and bank statements to reconcile. */
const meta = {
  title: 'Screens/Dashboard/Pix/Screen',
  component: PixScreen,
  parameters: {
    docs: {
      description: {
        component: `
"Pix a conferir" (\`/dashboard/pix\`): a fila dos pedidos esperando Pix (vence antes, primeiro; o
txid para copiar; a última hora em vermelho), com confirmação em lote, e a aba "Extratos" para
importar um extrato do banco e conciliar (\`?aba=\`, \`?pagina=\` na URL). Só para ADMIN: o dinheiro
é da loja; aberta pelo endereço por outra função, mostra "Sem permissão" e não pede os pedidos
nem os extratos. As histórias rodam o app do painel (\`WorkshopRoutes\`).

**Estados**

- \`Queue\` / \`Playground\`: a fila de Pix.
- \`Phone\`: no celular, cada pedido numa linha com valor, txid e prazo à vista.
- \`ConfirmDialog\`: dois selecionados, o diálogo diz quantos e o total.
- \`Empty\` ("Nenhum Pix a conferir") e \`Failed\` (com "Tentar de novo").
- \`Statements\`: a área para soltar o arquivo e um extrato importado antes.
- \`BrandManager\` e \`Support\`: abertas pelo endereço, sem permissão.

**GraphQL**: \`DashboardPixRole\`, \`PixQueue\` (aba da fila) e \`BankStatementImports\` (aba de
extratos) (queries);
\`OrdersMarkPaid\` e \`BankStatementImportCreate\` (mutations).
`,
      },
    },
    route: '/dashboard/pix',
    session: 'staff',
    touchTarget: denseGrid,
    msw: { handlers: orders },
  },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof PixScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function queue(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole('grid', { name: 'Pix a conferir' });
}

/** A fila: o que expira antes vem primeiro, o txid para copiar, a última hora em vermelho. */
export const Queue: Story = {
  play: async ({ canvasElement }) => {
    const grid = await queue(canvasElement);
    await expect(await within(grid).findByRole('link', { name: 'VT-10027' })).toBeVisible();
  },
};

export const Playground: Story = {};

/**
 * Um celular: cada pedido em uma linha, com valor, txid e expiração à vista (as cinco colunas
 * rolavam para o lado, escondendo Valor, txid e Expira).
 */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const grid = await queue(canvasElement);
    const link = await within(grid).findByRole('link', { name: 'VT-10027' });
    const card = link.closest<HTMLElement>('[data-testid="pix-order-card"]')!;
    await expect(card).toHaveTextContent(/R\$/);
    await expect(card).toHaveTextContent(/txid/);
    await expect(card).toHaveTextContent(/Expira/);
    await expect(within(card).getByRole('button', { name: /^Copiar txid/ })).toBeVisible();
    const right = card.getBoundingClientRect().right;
    await expect(right).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Dois selecionados: o diálogo diz quantos são e o total. */
export const ConfirmDialog: Story = {
  play: async ({ canvasElement }) => {
    const grid = await queue(canvasElement);
    await within(grid).findByRole('link', { name: 'VT-10029' });
    const boxes = within(grid).getAllByRole('checkbox', { name: /Selecionar linha/i });
    await userEvent.click(boxes[1]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Confirmar 2 pagamentos' }),
    );
    await expect(
      await screen.findByRole('dialog', { name: 'Confirmar 2 pagamentos?' }),
    ).toBeVisible();
  },
};

/** Nada aguardando. */
export const Empty: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.answers({ staffOrders: [] }) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nenhum Pix a conferir')).toBeVisible();
  },
};

/** A fila falha: uma mensagem e "Tentar de novo". */
export const Failed: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Não foi possível carregar os pedidos aguardando Pix.',
      ),
    ).toBeVisible();
  },
};

/** "Extratos": a área para soltar o arquivo e uma importação anterior. */
export const Statements: Story = {
  parameters: {
    route: '/dashboard/pix?aba=extratos',
    touchTarget: undefined,
    msw: {
      handlers: {
        ...orders,
        payments: paymentsMock.answers({
          statementImports: [
            makeSampleStatementImport(staffOrders, { createdAt: '2025-06-02T14:40:00.000Z' }),
          ],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('link', { name: /extrato-marco\.csv/ }),
    ).toBeVisible();
  },
};

/**
 * Um gerente de marca abrindo /dashboard/pix pelo endereço: sem permissão, e a fila nem é pedida.
 */
export const BrandManager: Story = {
  parameters: {
    touchTarget: undefined,
    msw: {
      handlers: {
        ...orders,
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
    await expect(
      await canvas.findByText(
        'Somente administradores podem conferir o Pix e os extratos do banco.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('Sem permissão')).toBeVisible();
    await expect(canvas.queryByRole('grid')).toBeNull();
  },
};

/** O atendimento abrindo a aba de extratos pelo endereço: sem permissão, sem envio de arquivo. */
export const Support: Story = {
  parameters: {
    route: '/dashboard/pix?aba=extratos',
    touchTarget: undefined,
    msw: {
      handlers: { ...orders, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Sem permissão')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Escolher arquivo' })).toBeNull();
  },
};
