import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderConfirmationView } from '@vitrine/ui';
import { makeCustomerOrder, makePickupOrder } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { installmentOptionFor, installmentTable } from '@vitrine/rules';
import { TABLE_WITH_INTEREST } from '@vitrine/ui/mocks/checkout/checkout.fixtures';
import { expect, fn, userEvent, within } from 'storybook/test';

import { pixClock } from './CheckoutStoryKit';
import { phone } from './storefrontStoryData';

/** 'Pedido recebido', pure: the order through args, a fixed clock for the Pix countdown. */
const meta = {
  title: 'Screens/Storefront/OrderConfirmation/View',
  component: OrderConfirmationView,
  parameters: {
    docs: {
      description: {
        component: `
"Pedido recebido", puro: o número do pedido, o QR Code e o "copia e cola" do Pix com a contagem
(\`PixPayment\`), a linha digitável do boleto ou o veredito do cartão (aprovado, em análise,
recusado com nova tentativa); quando o pedido já não espera pagamento, o que o status significa para
a forma de pagamento. E o que vem depois e como acompanhar. Não envia nada: quem o alimenta é o
\`OrderConfirmationScreen\`.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`: Pix esperando pagamento.
- \`Loading\`, \`Empty\` (aberta sem o pedido: acompanhar pelo e-mail) e \`Error\`.
- \`PixExpired\`, \`PaidAlready\`, \`PixExpiredAndCanceled\` e \`PixRefunded\`.
- \`BoletoWaiting\`, \`BoletoNotIssued\` e \`BoletoCanceled\`.
- \`CardApproved\`, \`CardApprovedWithInterest\` (12x com juros), \`CardInReview\`, \`CardRejected\`, \`CardCanceledAfterPayment\` e
  \`CardRefunded\`.
- \`Shipped\`, \`DeliveredPickup\` e \`Phone\`.
- \`Pickup\`, \`PickupReady\` e \`PickupPhone\`: retirada na loja; onde retirar (endereço da loja,
  horário), o que levar (documento com foto e o número do pedido) e como retirar, nunca o CEP do
  cliente.

**GraphQL**: nenhuma; quem consulta a API é a tela que o alimenta.
`,
      },
    },
  },
  args: {
    status: 'ready',
    number: 'VT-10000',
    order: makeCustomerOrder(),
    now: pixClock,
    onRetry: fn(),
  },
} satisfies Meta<typeof OrderConfirmationView>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Runs `action` with a clipboard that grants or refuses the copy: a real one answers by the
 * page's focus and permissions, which vary from run to run (and between the screenshot pages).
 */
async function withClipboard(outcome: 'granted' | 'refused', action: () => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: () =>
        outcome === 'granted'
          ? Promise.resolve()
          : Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')),
    },
  });
  try {
    await action();
  } finally {
    // Back to the browser's own clipboard (the prototype's getter).
    delete (navigator as { clipboard?: unknown }).clipboard;
  }
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('20 min')).toBeVisible();
    await expect(canvas.getByRole('timer')).toHaveTextContent('Expira em 20 min (até 09:00)');
    await withClipboard('granted', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Copiar código Pix' }));
      await expect(
        await canvas.findByText('Código Pix copiado. Cole no app do seu banco.'),
      ).toBeVisible();
    });
  },
};
export const Playground: Story = {};
export const WithData: Story = {};
export const Loading: Story = { args: { status: 'loading', order: null } };
export const Empty: Story = { args: { status: 'lookup', order: null } };
export const Error: Story = { args: { status: 'error', order: null } };
export const PixExpired: Story = {
  args: { now: () => Date.parse('2030-01-01T12:30:00.000Z') },
};
export const PaidAlready: Story = {
  args: { order: makeCustomerOrder({ status: 'PAID', paymentStatus: 'PAID', pix: null }) },
};
const cardOrder = makeCustomerOrder({
  paymentMethod: 'CARD',
  installments: 3,
  pix: null,
  pixDiscountCents: 0,
  totalCents: 17970,
});
const cardResult = (status: string, statusDetail: string) => ({
  kind: 'result' as const,
  result: {
    status,
    providerPaymentId: '1330000001',
    statusDetail,
    orderStatus: status === 'approved' ? ('PAID' as const) : ('PENDING_PAYMENT' as const),
    boletoUrl: null,
    boletoBarcode: null,
    boletoExpiresAt: null,
  },
});

export const BoletoWaiting: Story = {
  args: {
    order: makeCustomerOrder({
      paymentMethod: 'BOLETO',
      pix: null,
      pixDiscountCents: 0,
      totalCents: 17970,
      boleto: {
        url: 'https://www.mercadopago.com.br/payments/1330000001/ticket',
        barcode: '23790.00009 01234.567890 12345.678901 1 99990000011500',
        expiresAt: '2030-01-04T02:59:59.000Z',
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Linha digitável' })).toHaveValue(
      '23790.00009 01234.567890 12345.678901 1 99990000011500',
    );
    await expect(canvas.getByRole('link', { name: /Abrir boleto/ })).toBeVisible();
    await expect(canvas.getByText('03/01/2030')).toBeVisible();
    // Without clipboard permission the line is selected for a manual copy.
    await withClipboard('refused', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Copiar linha digitável' }));
      await expect(
        await canvas.findByText(/Não foi possível copiar automaticamente/),
      ).toBeVisible();
    });
  },
};
export const BoletoNotIssued: Story = {
  args: {
    order: makeCustomerOrder({ paymentMethod: 'BOLETO', pix: null, totalCents: 17970 }),
    payment: {
      kind: 'error',
      message: 'O pagamento está indisponível agora. Tente novamente em instantes.',
    },
    onIssueBoleto: fn(),
  },
};
export const CardApproved: Story = {
  args: {
    order: { ...cardOrder, status: 'PAID', paymentStatus: 'PAID' },
    payment: cardResult('approved', 'accredited'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Pagamento aprovado')).toBeVisible();
    await expect(canvas.getByText(/3x sem juros no cartão/)).toBeVisible();
  },
};
// 6x sem juros, then up to 12x at 2,99% a.m. (the mocks' TABLE_WITH_INTEREST).
const twelveWithInterest = installmentOptionFor(cardOrder.totalCents, 12, TABLE_WITH_INTEREST)!;
/** Pago em 12x com juros: o plano e os juros aparecem no pagamento e no resumo do pedido. */
export const CardApprovedWithInterest: Story = {
  args: {
    order: {
      ...cardOrder,
      status: 'PAID',
      paymentStatus: 'PAID',
      installments: 12,
      interestCents: twelveWithInterest.interestCents,
      totalCents: twelveWithInterest.totalCents,
    },
    payment: cardResult('approved', 'accredited'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/12x de R\$\s[\d.,]+ com juros no cartão/)).toBeVisible();
    await expect(canvas.getByText('Juros do parcelamento (12x)')).toBeVisible();
  },
};
export const CardInReview: Story = {
  args: { order: cardOrder, payment: cardResult('pending', 'pending_review_manual') },
};
export const CardRejected: Story = {
  args: {
    order: { ...cardOrder, paymentStatus: 'FAILED' },
    payment: cardResult('rejected', 'cc_rejected_insufficient_amount'),
    installmentOptions: installmentTable(cardOrder.totalCents, {
      maxInstallments: 3,
      interestFreeInstallments: 3,
      monthlyInterestPercent: 0,
      minInstallmentCents: 500,
    }),
    onPayByCard: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Pagamento recusado')).toBeVisible();
    await expect(canvas.getByText(/saldo ou limite insuficiente/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Pagar com outro cartão' }));
    await expect(await canvas.findByText('Informe o número do cartão.')).toBeVisible();
    await expect(args.onPayByCard).not.toHaveBeenCalled();
  },
};
export const PixExpiredAndCanceled: Story = {
  args: {
    order: makeCustomerOrder({
      status: 'CANCELED',
      paymentStatus: 'EXPIRED',
      cancelReason: 'expirado',
      pix: null,
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Maria, seu pedido foi cancelado' }),
    ).toBeVisible();
    await expect(canvas.getByText(/O prazo para pagar o Pix acabou/)).toBeVisible();
    await expect(canvas.queryByText(/aprovad/i)).toBeNull();
  },
};
export const CardCanceledAfterPayment: Story = {
  args: {
    order: {
      ...cardOrder,
      status: 'CANCELED',
      paymentStatus: 'PAID',
      cancelReason: 'produto sem estoque',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Pedido cancelado')).toBeVisible();
    await expect(canvas.getByText(/que será devolvido: o estorno aparece na fatura/)).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Pagar com cartão' })).toBeNull();
  },
};
export const BoletoCanceled: Story = {
  args: {
    order: makeCustomerOrder({
      status: 'CANCELED',
      paymentStatus: 'EXPIRED',
      cancelReason: 'expirado',
      paymentMethod: 'BOLETO',
      pix: null,
      pixDiscountCents: 0,
      totalCents: 17970,
    }),
  },
};
export const CardRefunded: Story = {
  args: {
    order: { ...cardOrder, status: 'REFUNDED', paymentStatus: 'REFUNDED' },
    payment: cardResult('approved', 'accredited'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Maria, seu pedido foi reembolsado' }),
    ).toBeVisible();
    await expect(canvas.getByText('Pedido reembolsado')).toBeVisible();
    // orderPay's old 'approved' does not outweigh the refund.
    await expect(canvas.queryByText(/aprovad/i)).toBeNull();
  },
};
export const PixRefunded: Story = {
  args: {
    order: makeCustomerOrder({ status: 'REFUNDED', paymentStatus: 'REFUNDED', pix: null }),
  },
};
export const Shipped: Story = {
  args: {
    order: makeCustomerOrder({
      status: 'SHIPPED',
      paymentStatus: 'PAID',
      pix: null,
      trackingCarrier: 'Correios',
      trackingCode: 'QB123456789BR',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Pedido enviado')).toBeVisible();
    await expect(canvas.getByText(/QB123456789BR/)).toBeVisible();
  },
};
export const DeliveredPickup: Story = {
  args: {
    order: {
      ...cardOrder,
      status: 'DELIVERED',
      paymentStatus: 'PAID',
      shippingMethodKind: 'PICKUP',
      shippingMethodName: 'Retirada na loja',
    },
  },
};
export const Phone: Story = { globals: phone };

/** Um pedido para retirada esperando o Pix: onde retirar, os horários e o que levar. */
export const Pickup: Story = {
  args: { number: 'VT-10001', order: makePickupOrder() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const where = canvas.getByRole('region', { name: 'Onde retirar' });
    await expect(where).toHaveTextContent('Rua Augusta, 1500 – Loja 3, térreo');
    await expect(where).toHaveTextContent('Seg. a sex., 10h às 20h');
    await expect(where).toHaveTextContent(
      'Leve um documento oficial com foto e o número do pedido (VT-10001).',
    );
  },
};
/** Pronto na loja: o aviso e o próximo passo dizem de novo onde. */
export const PickupReady: Story = {
  args: {
    number: 'VT-10001',
    order: makePickupOrder({ status: 'SHIPPED', paymentStatus: 'PAID', pix: null }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Pedido pronto para retirada')).toBeVisible();
    await expect(canvas.getByText(/^Retire o pedido em Rua Augusta, 1500/)).toBeVisible();
  },
};
export const PickupPhone: Story = { ...Pickup, globals: phone };
