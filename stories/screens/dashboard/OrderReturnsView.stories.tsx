import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderReturns, type OrderReturnNode } from '@vitrine/ui';
import type { RETURN_STATES } from '@vitrine/ui/mocks/returns/returns.fixtures';
import { makeStaffReturnOrder } from '@vitrine/ui/mocks/returns/returns.fixtures';
import { expect, fn, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const ADMIN_ACTIONS: OrderReturnNode['allowedActions'] = ['SET_CODE', 'RECEIVE', 'REJECT'];

/** A return of the delivered fixture order in `state`, with what the caller may do. */
function staffReturn(
  state: keyof typeof RETURN_STATES,
  allowedActions: OrderReturnNode['allowedActions'] = ADMIN_ACTIONS,
  overrides: Partial<OrderReturnNode> = {},
): OrderReturnNode {
  const [ret] = makeStaffReturnOrder(state).seededReturns!;
  return { ...ret!, allowedActions, ...overrides };
}

/** The order page's 'Devoluções', pure. */
const meta = {
  title: 'Screens/Dashboard/Orders/Returns/View',
  component: OrderReturns,
  parameters: {
    docs: {
      description: {
        component: `
"Devoluções" na página do pedido, puro: cada devolução em 7 dias que o cliente pediu, com os
itens, o reembolso, o que a transportadora de devolução está fazendo e o código de postagem; e
as ações que o servidor permite a quem está vendo: "Informar código de postagem" (à mão),
"Pedir o código de novo", "Recebi os produtos" (só ADMIN: volta ao estoque e reembolso, ditos
antes de confirmar) e "Recusar" (com o motivo que o cliente recebe).

**Estados**

- \`Default\` / \`Playground\`: pedida, pedindo o código aos Correios.
- \`CarrierRetrying\` (os Correios não responderam: tenta de novo às 15:04), \`CarrierRefused\`
  (recusaram: "Pedir o código de novo") e \`NoCarrier\` (nenhuma configurada: o código à mão).
- \`LabelIssued\`, \`Refunded\` e \`Rejected\`.
- \`RefundedWithInvoice\` (recebida: a NF-e de devolução autorizada, com a chave, o DANFE e o XML)
  e \`InvoiceRejected\` (a SEFAZ rejeitou a NF-e de devolução: "Enviar de novo").
- Diálogos: \`SetCodeDialog\`, \`ReceiveDialog\` e \`RejectDialog\`.
- \`Support\` (sem "Recebi os produtos") e \`BrandManager\` (sem valores).
- \`Phone\`: 320 px.

**GraphQL**: nenhuma; quem consulta a API (\`DashboardOrderReturns\`) é o painel com dados da
página do pedido.
`,
      },
    },
  },
  decorators: [
    (Story) => (
      <Box sx={{ maxWidth: 760, p: 2 }}>
        <Story />
      </Box>
    ),
  ],
  args: {
    returns: [staffReturn('requested')],
    paymentMethod: 'PIX',
    onAction: fn(async () => true),
  },
} satisfies Meta<typeof OrderReturns>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};

/** Os Correios não responderam duas vezes: a loja pede de novo sozinha. */
export const CarrierRetrying: Story = {
  tags: ['mobile'],
  args: { returns: [staffReturn('carrierRetrying')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/pede de novo às 15:04/)).toBeVisible();
  },
};
/** Os Correios recusaram: a loja parou de pedir até alguém pedir de novo. */
export const CarrierRefused: Story = {
  args: {
    returns: [staffReturn('carrierRefused', ['SET_CODE', 'RETRY_CARRIER', 'RECEIVE', 'REJECT'])],
  },
};
export const NoCarrier: Story = { args: { returns: [staffReturn('noCarrier')] } };
export const LabelIssued: Story = {
  tags: ['mobile'],
  args: { returns: [staffReturn('labelIssued')] },
};
export const Refunded: Story = { args: { returns: [staffReturn('refunded', [])] } };
export const Rejected: Story = { args: { returns: [staffReturn('rejected', [])] } };
/** Recebida e reembolsada: a NF-e de devolução autorizada, com o DANFE e o XML. */
export const RefundedWithInvoice: Story = {
  tags: ['mobile'],
  args: { returns: [staffReturn('refundedWithInvoice', [])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: /^NF-e de devolução 1043/ })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /^DANFE da NF-e de devolução/ })).toBeVisible();
  },
};
/** A SEFAZ rejeitou a NF-e de devolução: o motivo e "Enviar de novo". */
export const InvoiceRejected: Story = {
  args: { returns: [staffReturn('invoiceRejected', [])] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(/Rejeição 778: Informado NCM inexistente/),
    ).toBeVisible();
  },
};

export const SetCodeDialog: Story = {
  args: { initialDialog: { returnId: staffReturn('noCarrier').id, action: 'SET_CODE' } },
};
/** Antes de confirmar: o que volta ao estoque e quanto o cliente recebe, por Pix. */
export const ReceiveDialog: Story = {
  args: {
    returns: [staffReturn('labelIssued')],
    initialDialog: { returnId: staffReturn('labelIssued').id, action: 'RECEIVE' },
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(within(dialog).getByText(/de volta por Pix/)).toBeVisible();
  },
};
export const RejectDialog: Story = {
  args: { initialDialog: { returnId: staffReturn('requested').id, action: 'REJECT' } },
};
export const Support: Story = {
  args: { returns: [staffReturn('labelIssued', ['SET_CODE', 'REJECT'])] },
};
/** O gerente de marca não vê valores (o dinheiro é da loja). */
export const BrandManager: Story = {
  args: {
    returns: [
      staffReturn('labelIssued', ['SET_CODE', 'REJECT'], {
        refundCents: null,
        shippingRefundCents: null,
      }),
    ],
  },
};
export const Phone: Story = {
  args: {
    returns: [staffReturn('carrierRefused', ['SET_CODE', 'RETRY_CARRIER', 'RECEIVE', 'REJECT'])],
  },
  globals: phone,
  play: async () => {
    await expectNoHorizontalScroll(320);
  },
};
