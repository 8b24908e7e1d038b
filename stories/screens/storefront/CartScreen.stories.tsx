import type { Meta, StoryObj } from '@storybook/react-vite';
import { CartScreen, COUPON_FORMAT_MESSAGE } from '@vitrine/ui';
import { COUPON_NOT_FOUND_MESSAGE } from '@vitrine/rules';
import { graphqlApi, paymentsMock } from '@vitrine/ui/mocks';
import { CHECKOUT_VARIANTS } from '@vitrine/ui/mocks/checkout/checkout.fixtures';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { checkoutGraphql, CheckoutStoryRoutes, withCart } from './CheckoutStoryKit';
import { phone } from './storefrontStoryData';

/** /carrinho and the header drawer against the GraphQL mock (cartPreview prices everything). */
const meta = {
  title: 'Screens/Storefront/Cart/Screen',
  component: CartScreen,
  parameters: {
    docs: {
      description: {
        component: `
A sacola do cliente (\`/carrinho\`) e a gaveta da sacola do cabeçalho: os itens guardados no
aparelho, precificados pelo servidor (preços, estoque, frete pelo CEP, cupom, total, Pix e
parcelas), com quantidade, remover, cupom, frete e "Finalizar compra". Nenhum preço vem da memória
do navegador.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`: loja sem cartão, com o preço no Pix e sem parcelas.
- \`WithCard\`: com gateway de cartão, a oferta de parcelas sob o total.
- \`ChangeQuantityRepricesOnTheServer\`: mudar a quantidade reprecifica no servidor.
- \`StockFell\`: o estoque caiu; a linha avisa e corrige.
- \`ApplyCoupon\`, \`RefusedCoupon\` (fica à mostra com o motivo e "Remover") e \`MalformedCoupon\`
  (recusado no campo, nada é enviado).
- \`Empty\`, \`Loading\`, \`Error\` e \`ErrorEmptyCart\` ("Esvaziar sacola", com confirmação).
- \`Phone\`: 320 px.
- \`HeaderDrawer\` / \`HeaderDrawerPhone\`: a sacola na gaveta do cabeçalho.

**GraphQL**: \`StorefrontCartPreview\` (query, enviada de novo a cada mudança de itens, CEP ou
cupom) e \`StoreName\` (query).
`,
      },
    },
    route: '/carrinho',
    msw: { handlers: checkoutGraphql() },
  },
  beforeEach: withCart({
    lines: [
      { variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 },
      { variantId: CHECKOUT_VARIANTS.shortsP, quantity: 1 },
    ],
    postalCode: '01310-100',
  }),
  render: () => <CheckoutStoryRoutes />,
} satisfies Meta<typeof CartScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sem gateway de cartão (a loja de demonstração): o preço no Pix, e nenhuma parcela prometida. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Subtotal (3 itens)')).toBeVisible();
    await expect(canvasElement.textContent).not.toContain('sem juros');
  },
};
/** Com gateway de cartão configurado: a oferta de parcelas do servidor abaixo do total. */
export const WithCard: Story = {
  parameters: {
    msw: {
      handlers: {
        ...checkoutGraphql(),
        payments: paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Subtotal (3 itens)')).toBeVisible();
    await waitFor(() => expect(canvasElement.textContent).toMatch(/em até \d+x .*sem juros/));
  },
};
export const Playground: Story = {};
export const WithData: Story = {};

export const ChangeQuantityRepricesOnTheServer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Subtotal (3 itens)');
    const [more] = canvas.getAllByRole('button', { name: 'Aumentar quantidade' });
    if (more) await userEvent.click(more);
    await expect(await canvas.findByText('Subtotal (4 itens)')).toBeVisible();
  },
};

export const StockFell: Story = {
  beforeEach: withCart({ lines: [{ variantId: CHECKOUT_VARIANTS.dressM, quantity: 4 }] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ajustar para 2 unidades' }));
    await waitFor(() => expect(canvas.queryByText('Só restam 2 unidades.')).toBeNull());
    await expect(await canvas.findByRole('link', { name: 'Finalizar compra' })).toBeVisible();
  },
};

export const ApplyCoupon: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Subtotal (3 itens)');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Cupom de desconto' }), 'BEMVINDO10');
    await userEvent.click(canvas.getByRole('button', { name: 'Aplicar' }));
    await expect(await canvas.findByText(/Cupom BEMVINDO10 aplicado/)).toBeVisible();
  },
};

/** Um código que o servidor não aplica fica à mostra com o motivo, e 'Remover' o tira. */
export const RefusedCoupon: Story = {
  beforeEach: withCart({
    lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }],
    couponCode: 'NATAL2019',
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(COUPON_NOT_FOUND_MESSAGE)).toBeVisible();
    await expect(canvas.getByText('Cupom NATAL2019 não aplicado')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(canvas.queryByText(/Cupom NATAL2019/)).toBeNull());
  },
};

/** Um código com espaço é recusado no próprio campo, antes de ser salvo ou enviado. */
export const MalformedCoupon: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Subtotal (3 itens)');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Cupom de desconto' }), 'bem vindo');
    await userEvent.click(canvas.getByRole('button', { name: 'Aplicar' }));
    await expect(await canvas.findByText(COUPON_FORMAT_MESSAGE)).toBeVisible();
  },
};

// Runs after the meta's beforeEach: the device has no cart.
export const Empty: Story = { beforeEach: () => window.localStorage.clear() };
export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
};
export const Error: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', {
        name: 'Não foi possível carregar sua sacola',
      }),
    ).toBeVisible();
  },
};
/** A saída de uma sacola que não carrega: 'Esvaziar sacola', com confirmação. */
export const ErrorEmptyCart: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Esvaziar sacola' }));
    const dialog = await body.findByRole('dialog', { name: 'Esvaziar a sacola?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Esvaziar sacola' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Sua sacola está vazia' }),
    ).toBeVisible();
  },
};
export const Phone: Story = { globals: phone };

export const HeaderDrawer: Story = {
  parameters: { route: '/' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Abrir sacola (3)' }));
    const dialog = await body.findByRole('dialog', { name: /Minha sacola/ });
    await expect(await within(dialog).findByText('Subtotal (3 itens)')).toBeVisible();
  },
};
export const HeaderDrawerPhone: Story = { ...HeaderDrawer, globals: phone };
