import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { InvoicesView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

type Row = Parameters<typeof InvoicesView>[0]['rows'][number];

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const denseGrid = {
  disable: { reason: 'The desktop NF-e grid is a dense data table used with a mouse.' },
};

function row(overrides: Partial<Row>): Row {
  return {
    id: 'inv-1',
    kind: 'SALE',
    orderId: 'order-10028',
    orderNumber: 'VT-10028',
    returnNumber: null,
    returnId: null,
    status: 'AUTHORIZED',
    statusLabel: 'Autorizada',
    environment: 'producao',
    series: 1,
    number: 1042,
    rejectionCode: null,
    rejectionMessage: null,
    lastError: null,
    nextAttemptAt: null,
    allowedActions: [],
    updatedAt: '2026-03-10T14:29:00.000Z',
    ...overrides,
  };
}

const ROWS: Row[] = [
  row({
    id: 'inv-ret',
    kind: 'RETURN',
    orderId: 'order-10014',
    orderNumber: 'VT-10014',
    returnNumber: 1,
    returnId: 'return-VT-10014-1',
    number: 1051,
    status: 'REJECTED',
    statusLabel: 'Rejeitada',
    rejectionCode: '327',
    rejectionMessage: 'Rejeição: CFOP de devolução incompatível com a NF-e referenciada',
    allowedActions: ['RETRY'],
    updatedAt: '2026-03-10T14:50:00.000Z',
  }),
  row({
    id: 'inv-pend',
    orderId: 'order-10020',
    orderNumber: 'VT-10020',
    number: 1034,
    status: 'PENDING',
    statusLabel: 'Aguardando envio',
    lastError: 'Provedor de NF-e indisponível (HTTP 503).',
    nextAttemptAt: '2026-03-10T15:01:00.000Z',
    allowedActions: ['RETRY'],
    updatedAt: '2026-03-10T14:59:00.000Z',
  }),
  row({
    id: 'inv-proc',
    orderId: 'order-10026',
    orderNumber: 'VT-10026',
    number: 1040,
    status: 'PROCESSING',
    statusLabel: 'Processando',
    updatedAt: '2026-03-10T14:40:00.000Z',
  }),
  row({}),
  row({
    id: 'inv-rej',
    orderId: 'order-10022',
    orderNumber: 'VT-10022',
    number: 1036,
    status: 'REJECTED',
    statusLabel: 'Rejeitada',
    rejectionCode: '778',
    rejectionMessage: 'Rejeição: Informado NCM inexistente',
    allowedActions: ['RETRY'],
    updatedAt: '2026-03-10T06:17:00.000Z',
  }),
  row({
    id: 'inv-canc',
    orderId: 'order-10013',
    orderNumber: 'VT-10013',
    number: 1027,
    status: 'CANCELED',
    statusLabel: 'Cancelada',
    updatedAt: '2026-03-07T15:00:00.000Z',
  }),
];

/** The NF-e list, pure. */
const meta = {
  title: 'Screens/Dashboard/Invoices/View',
  component: InvoicesView,
  decorators: [
    (Story) => (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <Story />
      </Box>
    ),
  ],
  args: {
    state: { status: null, kind: null, page: 0, pageSize: 25 },
    onStateChange: fn(),
    rows: ROWS,
    totalCount: ROWS.length,
    overview: {
      configured: true,
      environment: 'producao',
      pendingCount: 1,
      processingCount: 1,
      rejectedCount: 2,
    },
    loading: false,
    orderHref: (orderId: string) => `/dashboard/pedidos/${orderId}`,
    onResend: fn(),
  },
  parameters: {
    docs: {
      description: {
        component: `
A lista de notas fiscais, pura: as notas de venda dos pedidos e as NF-e de devolução das
devoluções, cada uma com o pedido, o número e a série, a situação (com o código e a mensagem da
SEFAZ de uma rejeição, ou quando o emissor é chamado de novo) e quando mudou. "Enviar de novo" vale
para a nota de venda rejeitada ou pendente; a NF-e de devolução é reenviada pela devolução, na
página do pedido. Tudo chega por props; quem consulta a API é o \`InvoicesScreen\`.

**Estados**

- \`Default\` / \`Playground\`: em produção, uma de cada situação e uma NF-e de devolução rejeitada.
- \`Resending\`: "Enviar de novo" em andamento numa nota; \`ResendFailed\`: o servidor recusou.
- \`Phone\`: os cartões, a 320 px.

**GraphQL**: nenhuma.
`,
      },
    },
    route: '/dashboard/notas-fiscais',
    touchTarget: denseGrid,
  },
} satisfies Meta<typeof InvoicesView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Uma nota de cada situação e uma NF-e de devolução rejeitada. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Notas fiscais' });
    await expect(await within(grid).findByText('Devolução 1')).toBeVisible();
    await expect(
      within(grid).getByText(
        'Rejeição 327: CFOP de devolução incompatível com a NF-e referenciada.',
      ),
    ).toBeVisible();
    // The devolução is sent again by its return.
    await userEvent.click(
      within(grid).getByRole('button', { name: 'Enviar de novo: VT-10014, devolução 1' }),
    );
    await expect(args.onResend).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'inv-ret', returnId: 'return-VT-10014-1' }),
    );
    await userEvent.click(within(grid).getByRole('button', { name: 'Enviar de novo: VT-10022' }));
    await expect(args.onResend).toHaveBeenCalledWith(expect.objectContaining({ id: 'inv-rej' }));
  },
};

export const Playground: Story = {};

/** "Enviar de novo" em andamento numa nota: as outras esperam. */
export const Resending: Story = {
  args: { resendingInvoiceId: 'inv-rej' },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Notas fiscais' });
    await expect(
      within(grid).getByRole('button', { name: 'Enviar de novo: VT-10020' }),
    ).toBeDisabled();
  },
};

/** O servidor recusou o reenvio: o motivo acima da lista. */
export const ResendFailed: Story = {
  args: {
    resendError: 'A SEFAZ ainda está processando esta nota: aguarde a resposta.',
    onDismissResendError: fn(),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'A SEFAZ ainda está processando esta nota',
    );
  },
};

/** Celular: cada nota um cartão. */
export const Phone: Story = {
  globals: phone,
  parameters: { touchTarget: undefined },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Notas fiscais' });
    await expect(within(list).getByText('Devolução 1 · NF-e 1051 · série 1')).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
