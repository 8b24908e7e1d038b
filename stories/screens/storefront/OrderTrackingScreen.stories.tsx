import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderTrackingScreen } from '@vitrine/ui';
import { graphqlApi } from '@vitrine/ui/mocks';
import { expect, userEvent, within } from 'storybook/test';

import { checkoutGraphql, CheckoutStoryRoutes } from './CheckoutStoryKit';
import { expectNoHorizontalScroll } from '../../support/layout';
import { phone } from './storefrontStoryData';

async function lookUp(canvasElement: HTMLElement, number: string, email: string) {
  const canvas = within(canvasElement);
  const numberField = await canvas.findByRole('textbox', { name: /Número do pedido/ });
  await userEvent.clear(numberField);
  await userEvent.type(numberField, number);
  await userEvent.type(canvas.getByRole('textbox', { name: /E-mail/ }), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Acompanhar pedido' }));
  return canvas;
}

/** /pedido against the GraphQL mock (orderStatus). */
const meta = {
  title: 'Screens/Storefront/OrderTracking/Screen',
  component: OrderTrackingScreen,
  parameters: {
    docs: {
      description: {
        component: `
"Acompanhe seu pedido" (\`/pedido\`), para o cliente: busca o pedido por número e e-mail e mostra o
andamento (\`OrderTimeline\`), o rastreio com o link da transportadora, o Pix enquanto não pago e os
itens e totais. Um e-mail errado responde igual a um número errado, então ninguém descobre quais
pedidos existem. \`?numero=\` na URL preenche o número.

**Estados**

- \`Default\` / \`Playground\` / \`Empty\`: o formulário vazio.
- \`WithData\`: pedido encontrado; \`Phone\`: o mesmo a 320 px.
- \`WaitingForPix\`: vindo de \`?numero=\`, aguardando o Pix.
- \`WrongEmail\`: "Pedido não encontrado".
- \`Loading\` e \`Error\`.

**GraphQL**: \`StorefrontOrderStatus\` (query, enviada ao buscar) e \`StoreName\` (query).
`,
      },
    },
    route: '/pedido',
    msw: { handlers: checkoutGraphql() },
  },
  render: () => <CheckoutStoryRoutes />,
} satisfies Meta<typeof OrderTrackingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const Empty: Story = {};

export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, 'VT-9999', 'maria@exemplo.com.br');
    await expect(await canvas.findByRole('heading', { name: 'Pedido VT-9999' })).toBeVisible();
    await expect(canvas.getByText('QB123456789BR')).toBeVisible();
  },
};

export const WaitingForPix: Story = {
  parameters: { route: '/pedido?numero=VT-10000' },
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, 'VT-10000', 'maria@exemplo.com.br');
    await expect(await canvas.findByRole('button', { name: 'Copiar código Pix' })).toBeVisible();
  },
};

export const WrongEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, 'VT-9999', 'outra@exemplo.com.br');
    await expect(
      await canvas.findByRole('heading', { name: 'Pedido não encontrado' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
  play: async ({ canvasElement }) => {
    await lookUp(canvasElement, 'VT-9999', 'maria@exemplo.com.br');
  },
};
export const Error: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, 'VT-9999', 'maria@exemplo.com.br');
    await expect(await canvas.findByText(/Não foi possível consultar o pedido/)).toBeVisible();
  },
};
/** O menor celular (320 px): o pedido encontrado cabe, nada rola para o lado. */
export const Phone: Story = {
  ...WithData,
  globals: phone,
  play: async (context) => {
    await WithData.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};
