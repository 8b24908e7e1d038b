import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderTrackingView } from '@vitrine/ui';
import {
  makeCustomerOrder,
  makePickupOrder,
  makeShipmentEvents,
  makeShippedOrder,
} from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, fn, within } from 'storybook/test';

import { pixClock } from './CheckoutStoryKit';
import { phone } from './storefrontStoryData';
import { expectNoHorizontalScroll } from '../../support/layout';

/** 'Acompanhe seu pedido', pure. */
const meta = {
  title: 'Screens/Storefront/OrderTracking/View',
  component: OrderTrackingView,
  parameters: {
    docs: {
      description: {
        component: `
"Acompanhe seu pedido", puro: número e e-mail (\`SubmitButton\`), depois o andamento
(\`OrderTimeline\`), o código de rastreio com o link da transportadora, o Pix enquanto não pago
(\`PixPayment\`) e os itens e totais. Não envia nada: quem o alimenta é o \`OrderTrackingScreen\`.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`: um pedido encontrado.
- \`Empty\` (formulário vazio), \`Loading\`, \`NotFound\` e \`Error\`.
- \`WaitingForPix\`, \`WaitingForBoleto\`, \`Delivered\` e \`Canceled\`.
- \`CarrierEvents\`: os eventos da transportadora (postado, em trânsito, saiu para entrega), do
  mais novo ao mais antigo, com data, hora e lugar; \`DeliveryFailed\`: a entrega não aconteceu,
  com o aviso no alto.
- \`Invoice\`: a NF-e autorizada, com o DANFE (PDF) e o XML para baixar.
- \`PickupReady\` (e \`PickupReadyPhone\`): pronto para retirada; onde retirar, o horário e o
  que levar.
- \`Phone\`: 320 px, sem rolagem lateral.

**GraphQL**: nenhuma; quem consulta a API é a tela que o alimenta.
`,
      },
    },
  },
  args: {
    status: 'found',
    order: makeShippedOrder(),
    defaultValues: { number: 'VT-9999', email: 'maria@exemplo.com.br' },
    onSubmit: fn(),
    now: pixClock,
  },
} satisfies Meta<typeof OrderTrackingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const WithData: Story = {};
export const Empty: Story = { args: { status: 'idle', order: null, defaultValues: {} } };
export const Loading: Story = { args: { status: 'loading', order: null } };
export const NotFound: Story = { args: { status: 'not-found', order: null } };
export const Error: Story = { args: { status: 'error', order: null } };
export const WaitingForPix: Story = {
  args: { order: makeCustomerOrder(), defaultValues: { number: 'VT-10000' } },
};
export const Delivered: Story = {
  args: {
    order: makeShippedOrder({
      status: 'DELIVERED',
      fulfilmentStatus: 'DELIVERED',
      timeline: [
        ...makeShippedOrder().timeline,
        {
          type: 'delivered',
          status: 'DELIVERED',
          label: 'Pedido entregue',
          createdAt: '2024-05-24T16:00:00.000Z',
        },
      ],
    }),
  },
};
/** Os eventos que a transportadora registrou, do mais novo ao mais antigo. */
export const CarrierEvents: Story = {
  args: {
    order: makeShippedOrder({
      trackingStatus: 'OUT_FOR_DELIVERY',
      shipmentEvents: makeShipmentEvents(),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Eventos da transportadora' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent(/Saiu para entrega.*Belo Horizonte\/MG/);
  },
};
/** A NF-e autorizada: o número e os links do DANFE (PDF) e do XML, os mesmos do e-mail. */
export const Invoice: Story = {
  args: {
    order: makeShippedOrder({
      invoice: {
        number: 1042,
        series: 1,
        danfeUrl: '/nfe/danfe-exemplo.pdf',
        xmlUrl: '/nfe/nfe-exemplo.xml',
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = canvas.getByRole('region', { name: 'Nota fiscal' });
    await expect(section).toHaveTextContent('NF-e nº 1042, série 1');
    await expect(within(section).getByRole('link', { name: 'Baixar DANFE (PDF)' })).toHaveAttribute(
      'href',
      '/nfe/danfe-exemplo.pdf',
    );
    await expect(within(section).getByRole('link', { name: 'Baixar XML' })).toHaveAttribute(
      'href',
      '/nfe/nfe-exemplo.xml',
    );
  },
};
/** A transportadora não conseguiu entregar: o aviso vem antes dos eventos. */
export const DeliveryFailed: Story = {
  args: {
    order: makeShippedOrder({
      trackingStatus: 'DELIVERY_FAILED',
      shipmentEvents: [
        ...makeShipmentEvents(),
        {
          status: 'DELIVERY_FAILED',
          label: 'Entrega não realizada',
          description: 'Carteiro não atendido',
          location: 'Belo Horizonte/MG',
          occurredAt: '2024-06-06T18:00:00.000Z',
        },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/não conseguiu entregar/)).toBeVisible();
  },
};
export const Canceled: Story = {
  args: {
    order: makeCustomerOrder({
      status: 'CANCELED',
      pix: null,
      cancelReason: 'Pagamento não identificado no prazo.',
      timeline: [
        ...makeCustomerOrder().timeline,
        {
          type: 'canceled',
          status: 'CANCELED',
          label: 'Pedido cancelado',
          createdAt: '2024-06-02T15:00:00.000Z',
        },
      ],
    }),
  },
};
export const WaitingForBoleto: Story = {
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
    defaultValues: { number: 'VT-10000' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Linha digitável' })).toHaveValue(
      '23790.00009 01234.567890 12345.678901 1 99990000011500',
    );
    await expect(canvas.getByRole('link', { name: /Abrir boleto/ })).toBeVisible();
  },
};
/** Um pedido para retirada pronto na loja: onde, quando e com o que retirá-lo. */
export const PickupReady: Story = {
  args: {
    order: makePickupOrder({
      status: 'SHIPPED',
      paymentStatus: 'PAID',
      pix: null,
      // As tracking answers: the shopper's address is never shown (a pickup keeps none).
    }),
    defaultValues: { number: 'VT-10001', email: 'ana.souza@exemplo.com.br' },
  },
  play: async ({ canvasElement }) => {
    const where = within(canvasElement).getByRole('region', { name: 'Onde retirar' });
    await expect(where).toHaveTextContent('Rua Augusta, 1500 – Loja 3, térreo');
    await expect(where).toHaveTextContent('Sáb., 10h às 18h');
    await expect(where).toHaveTextContent(/O que levar/);
  },
};
export const PickupReadyPhone: Story = {
  ...PickupReady,
  globals: phone,
  play: async (context) => {
    await PickupReady.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};
/** O menor celular (320 px): nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('heading').length).toBeGreaterThan(0);
    await expectNoHorizontalScroll(320);
  },
};
