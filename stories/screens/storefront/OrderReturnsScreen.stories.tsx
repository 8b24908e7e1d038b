import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderTrackingScreen } from '@vitrine/ui';
import { ordersMock } from '@vitrine/ui/mocks';
import {
  makeDeliveredOrder,
  makeLongDeliveredOrder,
  RETURN_STATES,
  withReturns,
} from '@vitrine/ui/mocks/returns/returns.fixtures';
import { expect, userEvent, within } from 'storybook/test';

import { checkoutGraphql, CheckoutStoryRoutes } from './CheckoutStoryKit';
import { expectNoHorizontalScroll } from '../../support/layout';
import { phone } from './storefrontStoryData';

async function lookUp(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByRole('textbox', { name: /E-mail/ }),
    'maria@exemplo.com.br',
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Acompanhar pedido' }));
  return within(await canvas.findByRole('region', { name: 'Devolver produtos' }));
}

/** /pedido of a delivered order against the GraphQL mock: the 7-day return from end to end. */
const meta = {
  title: 'Screens/Storefront/OrderTracking/Returns/Screen',
  component: OrderTrackingScreen,
  parameters: {
    docs: {
      description: {
        component: `
A devolução em 7 dias (direito de arrependimento) na página "Acompanhe seu pedido", com a API
simulada: o cliente encontra o pedido entregue, escolhe o que volta e o motivo, e recebe a
confirmação com o código de autorização de postagem dos Correios (o mock o emite logo depois do
pedido, como o servidor faz em instantes). O prazo é julgado em 12/06/2024 (o pedido foi entregue
em 08/06/2024 e pode ser devolvido até 15/06/2024).

**Estados**

- \`Default\` / \`Playground\`: o pedido entregue, dentro do prazo.
- \`RequestFlow\`: do formulário ao código de postagem; \`RequestFlowPhone\` a 320 px.
- \`CodeIssued\`: uma devolução já com o código; \`WindowClosed\`: entregue há mais de 7 dias.

**GraphQL**: \`StorefrontOrderStatus\` e \`StorefrontOrderReturns\` (queries, ao buscar),
\`StorefrontRequestOrderReturn\` (mutation) e \`StoreName\` (query).
`,
      },
    },
    route: '/pedido?numero=VT-9998',
    msw: {
      handlers: {
        ...checkoutGraphql(),
        orders: ordersMock.answers({ orders: [makeDeliveredOrder()] }),
      },
    },
  },
  render: () => <CheckoutStoryRoutes />,
} satisfies Meta<typeof OrderTrackingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const section = await lookUp(canvasElement);
    await expect(await section.findByRole('button', { name: 'Devolver produtos' })).toBeVisible();
  },
};
export const Playground: Story = { play: Default.play };

/** Do formulário à confirmação: as duas camisetas voltam, o vestido fica. */
export const RequestFlow: Story = {
  tags: ['mobile'],
  play: async ({ canvasElement }) => {
    const section = await lookUp(canvasElement);
    await userEvent.click(await section.findByRole('button', { name: 'Devolver produtos' }));
    await userEvent.selectOptions(
      section.getByRole('combobox', { name: /Quantidade de Vestido/ }),
      'Não devolver',
    );
    await userEvent.selectOptions(
      section.getByRole('combobox', { name: /Motivo da devolução/ }),
      'Não serviu',
    );
    await userEvent.click(section.getByRole('button', { name: 'Solicitar devolução' }));
    await expect(await section.findByText('LR987654321BR')).toBeVisible();
    await expect(section.getByText(/Recebemos seu pedido de devolução 1/)).toBeVisible();
  },
};
export const RequestFlowPhone: Story = {
  globals: phone,
  play: async (context) => {
    await RequestFlow.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};
export const CodeIssued: Story = {
  parameters: {
    msw: {
      handlers: {
        ...checkoutGraphql(),
        orders: ordersMock.answers({
          orders: [withReturns(makeDeliveredOrder(), [RETURN_STATES.labelIssued()])],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const section = await lookUp(canvasElement);
    await expect(await section.findByText('LR123456785BR')).toBeVisible();
  },
};
export const WindowClosed: Story = {
  parameters: {
    msw: {
      handlers: {
        ...checkoutGraphql(),
        orders: ordersMock.answers({ orders: [makeLongDeliveredOrder()] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const section = await lookUp(canvasElement);
    await expect(await section.findByText(/terminou em 27\/05\/2024/)).toBeVisible();
  },
};
