import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductPageView } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, fn, within } from 'storybook/test';

import { isVisualPass } from '../../support/layout';

import { cards, phone } from './storefrontStoryData';

const shoe = storefrontProduct('tenis-trilha-serra-leve');

const meta = {
  title: 'Screens/Storefront/ProductPage/View',
  component: ProductPageView,
  parameters: {
    docs: {
      description: {
        component: `
A página do produto, pura: galeria (\`ProductGallery\`), preço (\`PriceTag\`, \`PixPrice\`,
\`InstallmentLine\`), cor e tamanho (\`VariantPicker\`), estoque (\`StockMessage\`), quantidade,
"Adicionar à sacola", frete (\`ShippingQuoteForm\`), "Avise-me" (\`RestockAlertForm\`), descrição
(\`FormattedText\`) e relacionados. No celular, a linha de compra fica presa no pé da tela. Não
envia nada: quem a alimenta é o \`ProductPageScreen\`.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`.
- \`NoSizeChosen\`: "Escolha um tamanho." depois de tentar comprar sem tamanho.
- \`OfferUnavailable\`: uma nota discreta no lugar do Pix e das parcelas.
- \`SizeSoldOut\` (dito uma vez, no botão, com "Avise-me") e \`SoldOut\`.
- \`ShippingQuoted\`: o frete calculado.
- \`Loading\` e \`Error\`.
- \`Phone\` e \`PhoneBuyBarInView\` ("Adicionar à sacola" à vista ao abrir).

**GraphQL**: nenhuma; quem consulta a API é a tela que a alimenta.
`,
      },
    },
  },
  args: {
    status: 'ready',
    product: {
      name: shoe.name,
      description: shoe.description,
      brand: shoe.brand,
      images: shoe.images,
      priceCents: 39990,
      compareAtPriceCents: 49990,
      startingAt: false,
      sku: 'SER-6-VER-40',
      inStock: true,
    },
    breadcrumbs: [
      { label: 'Início', href: '/' },
      { label: 'Calçados', href: '/categoria/calcados' },
      { label: 'Tênis', href: '/categoria/tenis' },
      { label: shoe.name },
    ],
    colors: [
      { value: 'Verde-musgo', swatch: '#3f6212', available: true },
      { value: 'Grafite', swatch: '#374151', available: true },
    ],
    sizes: ['37', '38', '39', '40', '41', '42'].map((size) => ({
      value: size,
      available: size !== '39',
    })),
    selectedColor: 'Verde-musgo',
    selectedSize: '40',
    onColorChange: fn(),
    onSizeChange: fn(),
    stock: 3,
    offer: {
      pixPriceCents: 37990,
      pixDiscountPercent: 5,
      installments: {
        count: 7,
        perInstallmentCents: 5712,
        firstInstallmentCents: 5718,
        totalCents: 39990,
        interestFree: true,
        interestCents: 0,
      },
    },
    quantity: 1,
    maxQuantity: 3,
    onQuantityChange: fn(),
    onAddToCart: fn(),
    shipping: { postalCode: null, options: null, loading: false, error: null, onQuote: fn() },
    related: cards(4),
    onRetry: fn(),
  },
} satisfies Meta<typeof ProductPageView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { quantity: 2 } };
export const WithData: Story = {};
export const NoSizeChosen: Story = {
  args: { selectedSize: null, stock: null, sizeError: 'Escolha um tamanho.' },
};
/** A consulta da oferta falhou: uma nota discreta no lugar das linhas de Pix e parcelas. */
export const OfferUnavailable: Story = { args: { offer: null, offerUnavailable: true } };
/** O tamanho escolhido está esgotado: dito uma vez (no botão), e 'Avise-me quando chegar'. */
export const SizeSoldOut: Story = {
  args: {
    selectedSize: '39',
    stock: 0,
    restockAlert: {
      status: 'idle',
      options: [{ variantId: 'v-39', label: 'Tamanho 39' }],
      onSubmit: fn(),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText(/esgotado/i)).toHaveLength(1);
    await expect(canvas.getByRole('heading', { name: 'Avise-me quando chegar' })).toBeVisible();
  },
};
export const SoldOut: Story = {
  args: {
    product: {
      name: 'Sandália papete conforto',
      description: 'Papete com tiras ajustáveis e palmilha de EVA.',
      brand: shoe.brand,
      images: shoe.images.slice(0, 1),
      priceCents: 15990,
      compareAtPriceCents: null,
      startingAt: false,
      sku: null,
      inStock: false,
    },
    stock: null,
    offer: null,
    related: [],
  },
};
export const ShippingQuoted: Story = {
  args: {
    shipping: {
      postalCode: '01310100',
      options: [
        {
          methodId: 'retirada',
          name: 'Retirar na loja',
          kind: 'PICKUP',
          priceCents: 0,
          fullPriceCents: 0,
          freeShipping: false,
          businessDays: 1,
          pickupAddress: 'Rua Augusta, 1500 — São Paulo/SP',
        },
        {
          methodId: 'pac',
          name: 'PAC',
          kind: 'DELIVERY',
          priceCents: 0,
          fullPriceCents: 1990,
          freeShipping: true,
          businessDays: 6,
        },
        {
          methodId: 'sedex',
          name: 'SEDEX',
          kind: 'DELIVERY',
          priceCents: 3490,
          fullPriceCents: 3490,
          freeShipping: false,
          businessDays: 2,
        },
      ],
      loading: false,
      error: null,
      onQuote: fn(),
    },
  },
};
export const Loading: Story = { args: { status: 'loading', product: null, related: [] } };
export const Error: Story = { args: { status: 'error', product: null } };
export const Phone: Story = { globals: phone };

/**
 * Celulares: a linha de compra fica presa no pé da tela, então 'Adicionar à sacola' está à vista
 * quando a página abre (issue 12, item 6: ele ficava em y≈1.081 numa tela de 844 px).
 */
export const PhoneBuyBarInView: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    // The phone width is there in the test run; the screenshot pass applies it after this.
    if (isVisualPass()) return;
    await expect(window.innerWidth).toBeLessThan(600);
    window.scrollTo(0, 0);
    const button = within(canvasElement).getByRole('button', { name: 'Adicionar à sacola' });
    const box = button.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};
