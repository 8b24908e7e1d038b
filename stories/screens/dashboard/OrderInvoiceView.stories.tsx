import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderInvoice } from '@vitrine/ui';
import { makeInvoice } from '@vitrine/ui/mocks/invoices/invoices.fixtures';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

/** The order page's 'Nota fiscal (NF-e)', pure. */
const meta = {
  title: 'Screens/Dashboard/Orders/Invoice/View',
  component: OrderInvoice,
  parameters: {
    docs: {
      description: {
        component: `
"Nota fiscal (NF-e)" na página do pedido, puro: a nota emitida pelo emissor de NF-e (aguardando
envio, processando na SEFAZ, autorizada com a chave de acesso, o protocolo, o DANFE e o XML,
rejeitada com o código e a mensagem da SEFAZ ou com o que falta preencher, cancelada), as cartas de
correção e as ações que o servidor permite a quem está vendo: "Enviar de novo" (ADMIN e SUPORTE),
"Cancelar NF-e" (ADMIN, com a justificativa, até 24 horas depois da autorização) e "Carta de
correção" (ADMIN).

**Estados**

- \`Default\` / \`Playground\`: autorizada, em homologação.
- \`ProviderDown\` (o emissor não respondeu: a loja tenta de novo sozinha), \`Processing\`.
- \`Rejected\` (faltou o NCM: nada foi enviado) e \`RejectedBySefaz\` (rejeição 778).
- \`Canceled\`, \`Corrected\` e \`CancelSuggested\` (pedido cancelado com a nota autorizada).
- \`NotConfigured\`: "Emissão de NF-e não configurada".
- \`PaidWithoutInvoice\`: pedido pago sem nota (pago antes de a loja começar a emitir): "Emitir
  NF-e" emite a primeira (a mesma ação de "Enviar de novo").
- Diálogos: \`CancelDialog\` e \`CorrectDialog\`.
- \`Support\` (sem cancelar nem corrigir) e \`Phone\` (320 px).

**GraphQL**: nenhuma; quem consulta a API (\`DashboardOrderInvoice\`) é o painel com dados da
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
    configured: true,
    invoice: makeInvoice('authorized'),
    onAction: fn(async () => true),
  },
} satisfies Meta<typeof OrderInvoice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('3526 0311 2223 3300 0181 5500 1000 0010 4210 0007 9196'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'DANFE (PDF)' })).toBeVisible();
  },
};
export const Playground: Story = {};

/** O emissor não respondeu duas vezes: a loja tenta de novo sozinha; o pedido segue. */
export const ProviderDown: Story = { args: { invoice: makeInvoice('pending') } };
export const Processing: Story = { args: { invoice: makeInvoice('processing') } };
/** Faltou o NCM de um produto: a nota não foi enviada, nem numerada. */
export const Rejected: Story = {
  tags: ['mobile'],
  args: { invoice: makeInvoice('rejectedLocally') },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Enviar de novo' }),
    ).toBeVisible();
  },
};
export const RejectedBySefaz: Story = { args: { invoice: makeInvoice('rejectedBySefaz') } };
export const Canceled: Story = { args: { invoice: makeInvoice('canceled') } };
export const Corrected: Story = { args: { invoice: makeInvoice('corrected') } };
export const CancelSuggested: Story = { args: { invoice: makeInvoice('cancelSuggested') } };
export const NotConfigured: Story = { args: { configured: false, invoice: null } };
/** Pedido pago sem nota fiscal: "Emitir NF-e" pede a primeira ao emissor. */
export const PaidWithoutInvoice: Story = {
  args: { invoice: null, paid: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Pedido pago ainda sem nota fiscal/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Emitir NF-e' }));
    await expect(args.onAction).toHaveBeenCalledWith({ action: 'RETRY' });
  },
};
export const CancelDialog: Story = {
  args: { initialDialog: 'CANCEL' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Cancelar a NF-e' })).toBeDisabled();
    // The staff member clicks into the reason (the screenshot shows it focused, every time).
    await userEvent.click(within(dialog).getByRole('textbox'));
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus());
  },
};
export const CorrectDialog: Story = {
  args: { initialDialog: 'CORRECT' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('textbox'));
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus());
  },
};
export const Support: Story = {
  args: { invoice: makeInvoice('authorized', { allowedActions: [] }) },
};
export const Phone: Story = {
  args: { invoice: makeInvoice('corrected') },
  globals: phone,
  play: async () => {
    await expectNoHorizontalScroll(320);
  },
};
