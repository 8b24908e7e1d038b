import type { Meta, StoryObj } from '@storybook/react-vite';
import { CartDrawerView, CartView, type CartViewProps } from '@vitrine/ui';
import {
  CHECKOUT_VARIANTS,
  makeCartLineData,
  makeCartLines,
  makeCartSummaryData,
  makeCartSummaryWithInterestData,
} from '@vitrine/ui/mocks/checkout/checkout.fixtures';
import { storefrontProduct } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, fn, userEvent, within } from 'storybook/test';

import { isVisualPass } from '../../support/layout';
import { phone } from './storefrontStoryData';

const shippingOptions = [
  {
    methodId: 'retirada',
    name: 'Retirar na loja',
    kind: 'PICKUP' as const,
    priceCents: 0,
    fullPriceCents: 0,
    freeShipping: false,
    businessDays: 1,
    pickupAddress: 'Rua Augusta, 1500 — Consolação, São Paulo/SP',
  },
  {
    methodId: 'pac',
    name: 'PAC',
    kind: 'DELIVERY' as const,
    priceCents: 0,
    fullPriceCents: 1990,
    freeShipping: true,
    businessDays: 6,
  },
  {
    methodId: 'sedex',
    name: 'SEDEX',
    kind: 'DELIVERY' as const,
    priceCents: 3490,
    fullPriceCents: 3490,
    freeShipping: false,
    businessDays: 2,
  },
];

const base: CartViewProps = {
  status: 'ready',
  layout: 'page',
  lines: makeCartLines(),
  summary: makeCartSummaryData(),
  canCheckout: true,
  coupon: {
    appliedCode: null,
    discountCents: 0,
    freeShipping: false,
    error: null,
    onApply: fn(),
    onRemove: fn(),
  },
  shipping: {
    postalCode: '01310-100',
    options: shippingOptions,
    selectedMethodId: 'pac',
    error: null,
    onQuote: fn(),
    onSelect: fn(),
  },
  onQuantityChange: fn(),
  onRemove: fn(),
  onRetry: fn(),
  onClear: fn(),
};

/** The cart, pure: every state through args. */
const meta = {
  title: 'Screens/Storefront/Cart/View',
  component: CartView,
  parameters: {
    docs: {
      description: {
        component: `
A sacola, pura: itens (\`CartLine\`), resumo com Pix e parcelas, frete (\`ShippingQuoteForm\`
selecionável), cupom (\`CouponField\`) e "Finalizar compra", na página (\`layout="page"\`) ou na
gaveta do cabeçalho (\`CartDrawerView\`). No celular, o total e "Finalizar compra" ficam presos no
pé da tela. Não envia nada: quem a alimenta é o \`CartScreen\` (e a gaveta do cabeçalho).

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`: a sacola cheia.
- \`Loading\`, \`Empty\`, \`Error\` e \`ErrorEmptyCart\` ("Esvaziar sacola" pede confirmação).
- \`Updating\` (reprecificando) e \`Stale\` (a última reprecificação falhou; o checkout espera).
- \`WithCoupon\` e \`RefusedCoupon\` (o motivo e "Remover").
- \`StockFell\`: um item com menos estoque e um esgotado; o checkout espera a correção.
- \`Phone\` e \`PhoneCheckoutBarInView\` (a barra do total sempre à vista).
- \`Drawer\` / \`DrawerPhone\` / \`DrawerError\`: a gaveta, e o seu erro.
- \`LineRemoved\`: o aviso com "Desfazer" logo depois de remover um item.

**GraphQL**: nenhuma; a tela que a alimenta envia a \`StorefrontCartPreview\`.
`,
      },
    },
  },
  args: base,
  render: (args) => (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
      <CartView {...args} />
    </div>
  ),
} satisfies Meta<typeof CartView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const WithData: Story = {};
export const Loading: Story = { args: { status: 'loading', lines: [], summary: null } };
export const Empty: Story = { args: { status: 'empty', lines: [], summary: null } };
export const Error: Story = { args: { status: 'error', lines: [], summary: null } };
/** 'Esvaziar sacola' pergunta antes de esvaziar a sacola que não carrega. */
export const ErrorEmptyCart: Story = {
  args: { status: 'error', lines: [], summary: null },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Esvaziar sacola' }));
    const dialog = await body.findByRole('dialog', { name: 'Esvaziar a sacola?' });
    await expect(args.onClear).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Esvaziar sacola' }));
    await expect(args.onClear).toHaveBeenCalledTimes(1);
  },
};
export const Updating: Story = { args: { updating: true } };
/** Loja com parcelas com juros: o sem juros e, ao lado, o plano mais longo com o total (Tabela Price). */
export const WithInterestPlans: Story = {
  args: { summary: makeCartSummaryWithInterestData() },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toMatch(/ou 12x de R\$\s[\d.,]+ com juros \(total/);
  },
};
/**
 * A última reprecificação falhou: os valores anteriores ficam, e o checkout espera uma nova
 * tentativa.
 */
export const Stale: Story = { args: { stale: true, onRetry: fn() } };
export const WithCoupon: Story = {
  args: {
    summary: makeCartSummaryData({
      discountCents: 4197,
      couponCode: 'BEMVINDO10',
      totalCents: 37773,
      pixTotalCents: 35884,
    }),
    coupon: { ...base.coupon, appliedCode: 'BEMVINDO10', discountCents: 4197 },
  },
};
/** Um código salvo que o servidor não aplicou: o motivo, e 'Remover' para tirá-lo. */
export const RefusedCoupon: Story = {
  args: {
    coupon: {
      ...base.coupon,
      savedCode: 'NATAL2019',
      error: 'Este cupom expirou em 31/12/2019.',
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Cupom NATAL2019 não aplicado')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remover' }));
    await expect(args.coupon.onRemove).toHaveBeenCalled();
  },
};
export const StockFell: Story = {
  args: {
    canCheckout: false,
    lines: [
      makeCartLineData(),
      makeCartLineData({
        variantId: CHECKOUT_VARIANTS.dressM,
        productName: 'Vestido midi de linho',
        variantLabel: 'Tamanho M · Cor Areia',
        imageUrl: makeCartLines()[1]?.imageUrl ?? null,
        unitPriceCents: 25990,
        compareAtPriceCents: null,
        quantity: 4,
        availableQuantity: 2,
        availability: 'INSUFFICIENT_STOCK',
        lineTotalCents: 103960,
      }),
      makeCartLineData({
        variantId: 'sandalia',
        productName: 'Sandália papete conforto',
        brandName: 'Serra',
        variantLabel: 'Tamanho 37 · Cor Caramelo',
        imageUrl: storefrontProduct('sandalia-papete-conforto').images[0]?.url ?? null,
        compareAtPriceCents: null,
        unitPriceCents: 15990,
        quantity: 1,
        availableQuantity: 0,
        availability: 'OUT_OF_STOCK',
        lineTotalCents: 15990,
      }),
    ],
  },
};
export const Phone: Story = { globals: phone };

export const Drawer: StoryObj<typeof CartDrawerView> = {
  render: () => <CartDrawerView {...base} open onClose={fn()} />,
};
export const DrawerPhone: StoryObj<typeof CartDrawerView> = {
  ...Drawer,
  globals: phone,
};
/** A tela de erro da gaveta: 'Tentar novamente' e 'Esvaziar sacola'. */
export const DrawerError: StoryObj<typeof CartDrawerView> = {
  render: () => (
    <CartDrawerView {...base} status="error" lines={[]} summary={null} open onClose={fn()} />
  ),
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: /Minha sacola/,
    });
    await expect(within(drawer).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expect(within(drawer).getByRole('button', { name: 'Esvaziar sacola' })).toBeVisible();
  },
};

/**
 * Celulares: o total e 'Finalizar compra' ficam presos no pé da tela, à vista desde o início,
 * quantos itens a sacola tiver (issue 12, item 6); o resumo guarda os detalhes.
 */
export const PhoneCheckoutBarInView: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    if (isVisualPass()) return;
    await expect(window.innerWidth).toBeLessThan(600);
    window.scrollTo(0, 0);
    const canvas = within(canvasElement);
    const buttons = canvas.getAllByRole('link', { name: 'Finalizar compra' });
    await expect(buttons).toHaveLength(1);
    const box = buttons[0]!.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(canvas.getByTestId('checkout-bar')).toHaveTextContent(/Total\s*R\$/);
  },
};

/** Logo depois de remover uma linha: o aviso oferece "Desfazer" (issue 12, item 12). */
export const LineRemoved: Story = {
  args: {
    removed: { name: 'Camiseta básica de algodão orgânico' },
    onUndoRemove: fn(),
    onRemovedDismiss: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(
      body.getByText('Camiseta básica de algodão orgânico saiu da sacola'),
    ).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: 'Desfazer' }));
    await expect(args.onUndoRemove).toHaveBeenCalledOnce();
  },
};
