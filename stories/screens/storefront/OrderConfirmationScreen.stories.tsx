import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderConfirmationScreen, rememberPlacedOrder } from '@vitrine/ui';
import { graphqlApi, ordersMock } from '@vitrine/ui/mocks';
import {
  makeCustomerOrder,
  type CustomerOrderFixture,
} from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import type { ComponentProps } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';

import { checkoutGraphql, CheckoutStoryRoutes } from './CheckoutStoryKit';
import { phone } from './storefrontStoryData';

/** /pedido/confirmado/:number opened again in the tab that placed it (orderStatus). */
const meta = {
  title: 'Screens/Storefront/OrderConfirmation/Screen',
  component: OrderConfirmationScreen,
  parameters: {
    docs: {
      description: {
        component: `
A confirmação do pedido (\`/pedido/confirmado/:number\`), para o cliente que acabou de comprar: o
pedido como o checkout o fez aparece no primeiro quadro, e a página sempre pergunta ao servidor o
status atual (por número e e-mail), então um Pix pago ou vencido desde então aparece como está.
Esvazia a sacola quando o pedido existe (um cartão recusado a mantém) e deixa pagar de novo com
outro cartão ou boleto, sem cobrar duas vezes.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`: aberta na aba que fez o pedido, com o Pix.
- \`OpenedElsewhere\`: o link de um pedido que esta aba não fez; acompanhar pelo e-mail.
- \`Loading\`, \`Error\` e \`Phone\`.
- \`PixPaidSinceReload\`, \`PixExpiredSinceReload\` (pedido cancelado) e
  \`CardRefusalPaidSinceReload\`: recarregada depois, vale o que o servidor diz agora.

**GraphQL**: \`StorefrontOrderStatus\`, \`StoreName\` e, só para cartão ainda esperando depois de
recarregar, \`StorefrontPaymentMethods\` (queries); \`StorefrontOrderPay\` (mutation, ao pagar de
novo).
`,
      },
    },
    route: '/pedido/confirmado/VT-10000',
    msw: { handlers: checkoutGraphql() },
  },
  beforeEach: () => {
    rememberPlacedOrder('VT-10000', 'maria@exemplo.com.br');
  },
  render: () => <CheckoutStoryRoutes />,
} satisfies Meta<typeof OrderConfirmationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Pix copia e cola' })).toBeVisible();
  },
};
export const Playground: Story = {};
export const WithData: Story = {};
/**
 * O link de um pedido que esta aba não fez (outro aparelho, outra aba): a página pede o e-mail.
 * Esta aba fez o VT-10000; a página aberta é a do VT-10001. (Isso não é feito limpando o
 * armazenamento da aba: na página de documentação todas as prévias o compartilham, e a confirmação
 * o lê a cada renderização.)
 */
export const OpenedElsewhere: Story = {
  parameters: {
    route: '/pedido/confirmado/VT-10001',
    ...serverSays(makeCustomerOrder({ number: 'VT-10001' })),
  },
};
export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
};
export const Error: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
};
export const Phone: Story = { globals: phone };

// Reloaded: the router still holds the order as the checkout placed it (a reload keeps it), the
// server says what it is now.
type PlacedState = ComponentProps<typeof Navigate>['state'];

function ReloadedConfirmation({ state, number }: { state: PlacedState; number: string }) {
  return (
    <Routes>
      <Route
        path="/"
        element={<Navigate to={`/pedido/confirmado/${number}`} state={state} replace />}
      />
      <Route path="/pedido/confirmado/:number" element={<OrderConfirmationScreen />} />
    </Routes>
  );
}

/** The server knows the order only as `current`. */
function serverSays(current: CustomerOrderFixture) {
  return {
    msw: {
      handlers: {
        ...checkoutGraphql(),
        orders: ordersMock.answers({ orders: [current] }),
      },
    },
  };
}

const placedPix = makeCustomerOrder();
const cardOrder = makeCustomerOrder({
  paymentMethod: 'CARD',
  installments: 3,
  pix: null,
  pixDiscountCents: 0,
  totalCents: 17970,
});

export const PixPaidSinceReload: Story = {
  parameters: {
    route: '/',
    ...serverSays(makeCustomerOrder({ status: 'PAID', paymentStatus: 'PAID', pix: null })),
  },
  render: () => (
    <ReloadedConfirmation number="VT-10000" state={{ order: placedPix, placed: false }} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Pix recebido')).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Pix copia e cola' })).toBeNull();
    await expect(canvas.queryByRole('timer')).toBeNull();
  },
};
export const PixExpiredSinceReload: Story = {
  parameters: {
    route: '/',
    ...serverSays(
      makeCustomerOrder({
        status: 'CANCELED',
        paymentStatus: 'EXPIRED',
        cancelReason: 'expirado',
        pix: null,
      }),
    ),
  },
  render: () => (
    <ReloadedConfirmation number="VT-10000" state={{ order: placedPix, placed: false }} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Maria, seu pedido foi cancelado' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Pix copia e cola' })).toBeNull();
  },
};
export const CardRefusalPaidSinceReload: Story = {
  parameters: {
    route: '/',
    ...serverSays({ ...cardOrder, status: 'PAID', paymentStatus: 'PAID' }),
  },
  render: () => (
    <ReloadedConfirmation
      number="VT-10000"
      state={{
        order: { ...cardOrder, paymentStatus: 'FAILED' },
        placed: false,
        payment: {
          kind: 'result',
          result: {
            status: 'rejected',
            providerPaymentId: '1330000001',
            statusDetail: 'cc_rejected_insufficient_amount',
            orderStatus: 'PENDING_PAYMENT',
            boletoUrl: null,
            boletoBarcode: null,
            boletoExpiresAt: null,
          },
        },
        maxInstallments: 3,
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Pagamento aprovado')).toBeVisible();
    await expect(canvas.queryByText('Pagamento recusado')).toBeNull();
  },
};
