import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderScreen } from '@vitrine/ui';
import {
  DELIVERY_PROBLEM_ORDER_ID,
  INTEREST_CARD_ORDER_ID,
  makeInterestCardOrder,
  makeStaffOrders,
  ordersMock,
  staffMock,
} from '@vitrine/ui/mocks';
import {
  BANK_PAID_ORDER_ID,
  BANK_REFUSED_ORDER_ID,
  makeBankPaidPixOrder,
  makeBankRefusedPixOrder,
} from '@vitrine/ui/mocks/payments/pixPsp.fixtures';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
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

const at = (id: string) => `/dashboard/pedidos/${id}`;

/** /dashboard/pedidos/:id over the staff order fixtures. */
const meta = {
  title: 'Screens/Dashboard/Orders/Order',
  component: OrderScreen,
  parameters: {
    docs: {
      description: {
        component: `
Um pedido no painel (\`/dashboard/pedidos/:id\`): cliente, endereço, itens, pagamentos, envio e o
histórico (do mais novo), com as ações que o servidor permite (confirmar pagamento, enviar, marcar
como entregue, cancelar, reembolsar, nota, reenviar o último e-mail), cada uma num diálogo e com o
resultado num aviso. ADMIN e SUPPORT veem o pedido inteiro (SUPPORT com o CPF mascarado);
BRAND_MANAGER só os itens das suas marcas, sem pagamentos nem ações. Confirmar pagamento e
reembolsar são só do ADMIN (o dinheiro é da loja).

**Estados**

- \`PaidAdmin\`: ADMIN, pedido Pix pago a enviar; \`Phone\`: o mesmo a 320 px.
- \`PendingPix\` (aguardando Pix, com prazo e txid) e \`Shipped\` (rastreio dos Correios, ainda
  sem eventos da transportadora).
- \`DeliveryProblem\`: os Correios não conseguiram entregar: o aviso no topo, os eventos da
  transportadora do mais novo ao mais antigo e "Problema na entrega" (pelos Correios) no histórico.
- \`CardWithInterest\`: cartão em 12x com juros (os juros do parcelamento acima do total, e a
  troca de plano no histórico).
- \`Support\` (CPF mascarado, sem reembolsar) e \`BrandManager\` (só as suas linhas, sem ações).
- \`SupportPendingPix\`: SUPPORT num pedido aguardando Pix, sem "Confirmar pagamento".
- Pix pelo banco (uma loja com PSP): \`PaidByBank\` (pago pelo banco, com o E2E),
  \`PixChargeRefused\` (a cobrança recusada pelo banco, com o motivo) e \`RefundBankPixDialog\`
  (o valor volta por Pix, em devolução, para quem pagou).
- \`NotFound\`, \`Error\` e \`Loading\`.
- Diálogos: \`MarkPaidDialog\`, \`ShipDialog\`, \`DeliverDialog\`, \`CancelDialog\`,
  \`RefundDialog\` (cartão, no máximo o que resta), \`RefundPixDialog\` (registrado como manual),
  \`AddNoteDialog\` e \`ResendMailDialog\`.
- \`ShipDone\`: envio registrado, novo status e o evento no histórico (sem foto de comparação).

- \`LabelBought\`, \`LabelBoughtShipDialog\` e \`LabelFailed\`: a etiqueta comprada na grade (o
  código e "Abrir etiqueta"; "Enviar" já preenchido) ou o motivo da transportadora ao recusar.

**GraphQL**: \`DashboardOrder\` (query, relida depois de cada ação); \`DashboardOrderMarkPaid\`,
\`DashboardOrderShip\`, \`DashboardOrderDeliver\`, \`DashboardOrderCancel\`,
\`DashboardOrderRefund\`, \`DashboardOrderAddNote\` e \`DashboardOrderResendLastMail\` (mutations).

**Rede**: \`GET /admin/events\` (pedidos ao vivo) e \`GET /admin/labels/{id}.pdf\` (a etiqueta).
`,
      },
    },
    route: at('order-10026'),
    session: 'staff',
    touchTarget: breadcrumbs,
  },
  render: () => <OrderPage />,
} satisfies Meta<typeof OrderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement, button: string, title: RegExp) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: button }));
  return within(canvasElement.ownerDocument.body).findByRole('dialog', { name: title });
}

/**
 * ADMIN, um pedido Pix pago a enviar: CPF completo, pagamentos com o txid, o histórico do mais novo
 * ao mais antigo.
 */
export const PaidAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Pedido VT-10026' }),
    ).toBeVisible();
    await expect(canvas.getByText(/CPF \d{3}\.\d{3}\.\d{3}-\d{2}/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Enviar' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Confirmar pagamento' })).toBeNull();
  },
};

export const Phone: Story = {
  globals: phone,
  play: async (context) => {
    await PaidAdmin.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** Aguardando Pix: "Confirmar pagamento" primeiro, o prazo e o txid. */
export const PendingPix: Story = {
  parameters: { route: at('order-10030') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Confirmar pagamento' })).toBeVisible();
    await expect(canvas.getByText(/Aguardando pagamento até .* txid VT10030/)).toBeVisible();
  },
};

/** A loja com Pix pelo banco: os pedidos de demonstração mais um pago pelo banco e um recusado. */
const bankOrders = {
  msw: {
    handlers: {
      orders: ordersMock.answers({
        staffOrders: [makeBankPaidPixOrder(), makeBankRefusedPixOrder(), ...makeStaffOrders()],
      }),
    },
  },
};

/**
 * Pago pelo banco: o pagamento "Confirmado pelo banco (Pix)" com o E2E, e o bloco "Pix pelo banco"
 * com a data e o identificador do Pix recebido.
 */
export const PaidByBank: Story = {
  parameters: { route: at(BANK_PAID_ORDER_ID), ...bankOrders },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = await canvas.findByRole('region', { name: 'Pix pelo banco' });
    await expect(block).toHaveTextContent(/Pago pelo banco em .* \(E2E E60701190/);
    await expect(canvas.getByText(/Confirmado pelo banco \(Pix\) · E2E/)).toBeVisible();
  },
};

/** A cobrança que o banco recusou, com as palavras do banco; o Pix copia e cola da loja segue. */
export const PixChargeRefused: Story = {
  parameters: { route: at(BANK_REFUSED_ORDER_ID), ...bankOrders },
  play: async ({ canvasElement }) => {
    const block = await within(canvasElement).findByRole('region', { name: 'Pix pelo banco' });
    await expect(block).toHaveTextContent(/Recusada pelo banco: /);
  },
};

/** Reembolsar um pedido pago pelo banco: o valor volta por Pix (devolução) para quem pagou. */
export const RefundBankPixDialog: Story = {
  parameters: { route: at(BANK_PAID_ORDER_ID), ...bankOrders },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Reembolsar', /Reembolsar · VT-10041/);
    await expect(within(dialog).getByText(/volta por Pix \(devolução\)/)).toBeVisible();
  },
};

/**
 * Cartão em 12x com juros: "Cartão em 12x de R$ 60,27 com juros", a linha "Juros do parcelamento
 * (12x)" acima do total e, no histórico, "Parcelamento alterado" (a cliente trocou 3x sem juros
 * por 12x ao pagar).
 */
export const CardWithInterest: Story = {
  parameters: {
    route: at(INTEREST_CARD_ORDER_ID),
    msw: {
      handlers: {
        orders: ordersMock.answers({
          staffOrders: [makeInterestCardOrder(), ...makeStaffOrders()],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Juros do parcelamento (12x)')).toBeVisible();
    await expect(canvas.getByText(/· Cartão em 12x de R\$ 60,27 com juros$/)).toBeVisible();
    await expect(canvas.getByText('Parcelamento alterado')).toBeVisible();
  },
};

/** Enviado pelos Correios: o código leva à página de rastreio dos Correios. */
export const Shipped: Story = {
  parameters: { route: at('order-10019') },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link', { name: /^AA\d{9}BR$/ });
    await expect(link.getAttribute('href')).toMatch(
      /^https:\/\/rastreamento\.correios\.com\.br\/app\/index\.php\?objetos=AA\d{9}BR$/,
    );
  },
};

/**
 * Entrega não realizada: o aviso no topo manda falar com o cliente ou com os Correios; em
 * "Rastreamento", o status atual e os eventos dos Correios do mais novo ao mais antigo; no
 * histórico, "Problema na entrega" pelos Correios.
 */
export const DeliveryProblem: Story = {
  parameters: { route: at(DELIVERY_PROBLEM_ORDER_ID) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = await canvas.findByRole('region', { name: 'Rastreamento' });
    const events = within(block).getAllByRole('listitem');
    await expect(events[0]).toHaveTextContent(/Entrega não realizada.*Carteiro não atendido/);
    await expect(
      canvas.getByText(/^Entrega não realizada: fale com o cliente ou com os Correios\.$/),
    ).toBeVisible();
    const history = canvas.getByRole('list', { name: 'Histórico do pedido' });
    await expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(
      /Problema na entrega.*Correios/,
    );
  },
};

/** SUPPORT: o CPF mascarado como a API o entrega; envia, nunca reembolsa (o dinheiro é da loja). */
export const Support: Story = {
  parameters: { msw: { handlers: { staff: staffMock.answers({ role: 'SUPPORT' }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/CPF \*\*\*\.\d{3}\.\d{3}-\*\*/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Enviar' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
  },
};

/**
 * SUPPORT num pedido aguardando Pix: sem "Confirmar pagamento" (só do ADMIN), mas pode cancelar.
 */
export const SupportPendingPix: Story = {
  parameters: {
    route: at('order-10030'),
    msw: { handlers: { staff: staffMock.answers({ role: 'SUPPORT' }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Cancelar pedido' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Confirmar pagamento' })).toBeNull();
  },
};

/**
 * Um gerente de marca da Aurora num pedido com Aurora e Maré: as linhas da Aurora, sem pagamentos,
 * sem ações.
 */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        staff: staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-aurora'] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/você vê só os itens das suas marcas/)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Pagamentos' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Enviar' })).toBeNull();
    await expect(canvas.queryByText(/CPF/)).toBeNull();
  },
};

export const NotFound: Story = {
  parameters: { route: at('order-inexistente') },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Pedido não encontrado' }),
    ).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o pedido.',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('Carregando pedido')).toBeVisible();
  },
};

export const MarkPaidDialog: Story = {
  parameters: { route: at('order-10030') },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Confirmar pagamento', /Confirmar pagamento/);
    await expect(within(dialog).getByText(/txid\): VT10030/)).toBeVisible();
  },
};

export const ShipDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Enviar', /Enviar · VT-10026/);
    await expect(within(dialog).getByLabelText(/Transportadora/)).toHaveValue('Correios');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar envio' }));
    await expect(within(dialog).getByText('Informe o código de rastreamento.')).toBeVisible();
  },
};

/**
 * Corrigindo o rastreio de um pedido enviado: o diálogo parte da transportadora e do código
 * registrados e avisa no campo que o dígito verificador de um código dos Correios está errado,
 * antes de enviar qualquer coisa.
 */
export const CorrectTrackingDialog: Story = {
  parameters: { route: at('order-10019') },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(
      canvasElement,
      'Corrigir rastreamento',
      /Corrigir rastreamento · VT-/,
    );
    await expect(within(dialog).getByLabelText(/Transportadora/)).toHaveValue('Correios');
    const code = within(dialog).getByLabelText(/Código de rastreamento/);
    await expect((code as HTMLInputElement).value).toMatch(/^AA\d{9}BR$/);
    await userEvent.clear(code);
    await userEvent.type(code, 'QB123456780BR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar correção' }));
    await expect(
      within(dialog).getByText(/o dígito verificador \(o 9º número\) não confere/),
    ).toBeVisible();
  },
};

export const DeliverDialog: Story = {
  parameters: { route: at('order-10019') },
  play: async ({ canvasElement }) => {
    await openDialog(canvasElement, 'Marcar como entregue', /Marcar como entregue/);
  },
};

export const CancelDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Cancelar pedido', /Cancelar pedido/);
    await expect(within(dialog).getByText(/Os itens voltam ao estoque/)).toBeVisible();
  },
};

/**
 * Um pedido no cartão já reembolsado em parte: no máximo o que resta; o valor volta pelo gateway de
 * pagamento.
 */
export const RefundDialog: Story = {
  parameters: { route: at('order-10010') },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Reembolsar', /Reembolsar · VT-10010/);
    await expect(within(dialog).getByText(/devolvido pelo gateway/)).toBeVisible();
    const amount = within(dialog).getByLabelText(/Valor do reembolso/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '9999,00');
    await userEvent.type(within(dialog).getByLabelText(/Motivo do reembolso/), 'Defeito');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    await expect(within(dialog).getByText(/O valor máximo é/)).toBeVisible();
  },
};

/** Um pedido Pix: o reembolso é registrado como manual. */
export const RefundPixDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Reembolsar', /Reembolsar · VT-10026/);
    await expect(within(dialog).getByText(/registrado como manual/)).toBeVisible();
  },
};

export const AddNoteDialog: Story = {
  play: async ({ canvasElement }) => {
    await openDialog(canvasElement, 'Adicionar nota', /Adicionar nota/);
  },
};

export const ResendMailDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Reenviar último e-mail', /Reenviar/);
    await expect(within(dialog).getByText(/Pagamento confirmado: pedido VT-10026/)).toBeVisible();
  },
};

/**
 * Enviando com um código: o aviso, o novo status e o evento mais novo do histórico. Sem foto de
 * comparação: o aviso some sozinho depois de um tempo, então a imagem dependeria do momento.
 */
export const ShipDone: Story = {
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await openDialog(canvasElement, 'Enviar', /Enviar · VT-10026/);
    await userEvent.type(within(dialog).getByLabelText(/Código de rastreamento/), 'AA123456785BR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar envio' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByText(/Envio registrado/),
    ).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'AA123456785BR' })).toBeVisible();
    const history = canvas.getByRole('list', { name: 'Histórico do pedido' });
    await expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Enviado');
  },
};

/** The order VT-10026 (paid, to ship) with a label bought or refused by the carrier. */
function withLabel(status: 'PURCHASED' | 'FAILED') {
  return {
    msw: {
      handlers: {
        orders: ordersMock.answers({
          staffOrders: makeStaffOrders().map((order) =>
            order.id === 'order-10026'
              ? {
                  ...order,
                  shippingLabel: {
                    id: 'label-10026',
                    carrier: 'correios' as const,
                    carrierName: 'Correios',
                    service: '03298',
                    status,
                    trackingCode: status === 'PURCHASED' ? 'AB123456785BR' : null,
                    error:
                      status === 'FAILED' ? 'CEP do destinatário não atendido: 69900000.' : null,
                    pdfPath: status === 'PURCHASED' ? '/admin/labels/label-10026.pdf' : null,
                    createdAt: '2026-03-10T14:05:00.000Z',
                  },
                }
              : order,
          ),
        }),
      },
    },
  };
}

/**
 * A etiqueta comprada na grade aparece no envio do pedido, com o código de rastreio e "Abrir
 * etiqueta" (o PDF, buscado com a sessão da equipe).
 */
export const LabelBought: Story = {
  parameters: withLabel('PURCHASED'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const label = await canvas.findByRole('group', { name: 'Etiqueta de envio' });
    await expect(label).toHaveTextContent('Etiqueta Correios comprada');
    await expect(label).toHaveTextContent('AB123456785BR');
    await expect(within(label).getByRole('button', { name: 'Abrir etiqueta' })).toBeVisible();
  },
};

/** "Enviar" com a etiqueta comprada: a transportadora e o código já vêm preenchidos. */
export const LabelBoughtShipDialog: Story = {
  parameters: withLabel('PURCHASED'),
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Enviar', /Enviar · VT-10026/);
    await expect(within(dialog).getByLabelText(/Transportadora/)).toHaveValue('Correios');
    await expect(within(dialog).getByLabelText(/Código de rastreamento/)).toHaveValue(
      'AB123456785BR',
    );
  },
};

/** A última tentativa de etiqueta falhou: o motivo da transportadora e o caminho para tentar de novo. */
export const LabelFailed: Story = {
  parameters: withLabel('FAILED'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/A compra da etiqueta \(Correios\) falhou/),
    ).toHaveTextContent('CEP do destinatário não atendido: 69900000.');
  },
};
