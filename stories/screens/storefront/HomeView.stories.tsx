import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomeView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';
import { cards, catalog, demoStoreSettings, homeCategories, phone } from './storefrontStoryData';

const featuredCards = cards().filter((_, index) => catalog.products[index]?.featured === true);

const meta = {
  title: 'Screens/Storefront/Home/View',
  component: HomeView,
  parameters: {
    docs: {
      description: {
        component: `
A página inicial, pura: destaque (título e subtítulo das configurações), vantagens da loja,
destaques da equipe, marcas, categorias, novidades, mais vendidos e ofertas. Uma seção sem nada fica
de fora, menos "Novidades", que diz que a loja ainda não tem produtos. Não envia nada: quem a
alimenta é o \`HomeScreen\`.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`, \`Loading\`, \`Empty\` e \`Error\`.
- \`WithoutBestSellers\` (menos de quatro vendidos), \`WithoutFeatured\` e \`WithFeatured\`.
- \`CustomHero\`: o destaque das configurações; subtítulo vazio não deixa linha vazia.
- \`BrandsButton\`: "Conhecer as marcas" leva o foco a "Nossas marcas".
- \`Default\`: a loja de demonstração, sem gateway de cartão: nenhuma parcela prometida.
- \`WithCardGateway\` ("Até 10x sem juros"), \`WithoutCardPromises\` (sem parcelas nem frete
  grátis) e \`PixWithoutDiscount\` (Pix sem percentual).
- \`Phone\`: 320 px, sem rolagem lateral.

**GraphQL**: nenhuma; quem consulta a API é a tela que a alimenta.
`,
      },
    },
  },
  args: {
    status: 'ready',
    storeName: 'Vitrine',
    heroTitle: 'Marcas brasileiras que você ama, num só lugar',
    heroSubtitle:
      'Roupas, calçados e acessórios de pequenas marcas, com Pix com desconto e entrega para todo o Brasil.',
    // The demo store: no card gateway, so no installments are promised (the server says 1x).
    settings: demoStoreSettings,
    brands: catalog.brands,
    categories: homeCategories(),
    featured: featuredCards,
    newArrivals: cards(8),
    bestSellers: cards().slice(-4).reverse(),
    onSale: cards()
      .filter((card) => card.compareAtPriceCents !== null)
      .slice(0, 4),
    onRetry: fn(),
  },
} satisfies Meta<typeof HomeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { storeName: 'Casa Aurora' } };
export const WithData: Story = {};
export const Loading: Story = {
  args: {
    status: 'loading',
    settings: null,
    brands: [],
    categories: [],
    featured: [],
    newArrivals: [],
    onSale: [],
  },
};
export const Empty: Story = {
  args: {
    newArrivals: [],
    featured: [],
    bestSellers: [],
    onSale: [],
    brands: [],
    categories: [],
  },
};
/** Uma loja nova: menos de quatro produtos vendidos, então ainda sem 'Mais vendidos'. */
export const WithoutBestSellers: Story = { args: { bestSellers: cards(2) } };
/** A equipe ainda não destacou nada: a seção fica de fora, em vez de uma caixa vazia. */
export const WithoutFeatured: Story = {
  args: { featured: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Novidades' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Destaques' })).toBeNull();
  },
};
export const WithFeatured: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Destaques' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(featuredCards.length);
  },
};
/**
 * O destaque diz o que as configurações da loja dizem; um subtítulo vazio não deixa linha em
 * branco.
 */
export const CustomHero: Story = {
  args: { heroTitle: 'Inverno com marcas do Sul', heroSubtitle: '' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Inverno com marcas do Sul' }),
    ).toBeVisible();
    await expect(canvas.queryByText(/num só lugar/)).toBeNull();
    await expect(canvas.queryByText(/pequenas marcas/)).toBeNull();
  },
};
/** "Conhecer as marcas" leva a "Nossas marcas", na própria página, e põe o foco lá. */
export const BrandsButton: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('link', { name: 'Conhecer as marcas' });
    await expect(button).toHaveAttribute('href', '/#marcas');
    await userEvent.click(button);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Nossas marcas' })).toHaveFocus();
  },
};
/** Uma loja com gateway de cartão: as parcelas são prometidas ("Até 10x sem juros"). */
export const WithCardGateway: Story = {
  args: { settings: { ...demoStoreSettings, maxInstallments: 10 } },
  play: async ({ canvasElement }) => {
    const promises = within(canvasElement).getByRole('list', { name: 'Vantagens da loja' });
    await expect(within(promises).getByText(/Até 10x sem juros/)).toBeVisible();
  },
};
/**
 * Sem pagamento com cartão e sem frete grátis: as três vantagens que sobram preenchem a fileira.
 */
export const WithoutCardPromises: Story = {
  args: {
    settings: { pixDiscountPercent: 5, maxInstallments: 1, freeShippingThresholdCents: null },
  },
  play: async ({ canvasElement }) => {
    const promises = within(canvasElement).getByRole('list', { name: 'Vantagens da loja' });
    await expect(within(promises).getAllByRole('listitem')).toHaveLength(3);
    await expect(promises.textContent).not.toContain('sem juros');
    await expect(within(promises).getByText('Entrega para todo o Brasil')).toBeVisible();
  },
};
/** Pix oferecido sem desconto: continua sendo uma forma de pagar, sem porcentagem prometida. */
export const PixWithoutDiscount: Story = {
  args: {
    settings: { pixDiscountPercent: 0, maxInstallments: 10, freeShippingThresholdCents: 29900 },
  },
  play: async ({ canvasElement }) => {
    const promises = within(canvasElement).getByRole('list', { name: 'Vantagens da loja' });
    await expect(within(promises).getByText('Pague com Pix')).toBeVisible();
    await expect(promises.textContent).not.toContain('desconto no Pix');
  },
};
export const Error: Story = { args: { status: 'error' } };
/** O menor celular (320 px): nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('list', { name: 'Novidades' })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
