import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomeScreen } from '@vitrine/ui';
import { catalogMock, graphqlApi, paymentsMock, settingsMock } from '@vitrine/ui/mocks';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';
import {
  phone,
  StorefrontStoryRoutes,
  storefrontGraphql,
  storefrontMocks,
} from './storefrontStoryData';

const meta = {
  title: 'Screens/Storefront/Home/Screen',
  component: HomeScreen,
  parameters: {
    docs: {
      description: {
        component: `
A página inicial da loja (\`/\`), para o cliente: o destaque com os textos das configurações, as
vantagens da loja (Pix, parcelas só quando há cartão, frete grátis, trocas), destaques, marcas,
categorias, novidades, mais vendidos e ofertas, tudo de uma consulta só. Seções sem nada a mostrar
ficam de fora.

**Estados**

- \`Default\` / \`Playground\`: a home da loja de demonstração.
- \`PixOnlyPromises\` (sem cartão: nunca "sem juros") e \`WithCardPromises\` (as parcelas entram).
- \`WithoutFeatured\`: sem produtos em destaque, sem a seção.
- \`EmptyCatalog\`: loja nova, só o destaque das configurações, sem caixas vazias.
- \`Loading\` e \`ServerDown\` (com "Tentar novamente").
- \`Phone\`: 320 px, sem rolagem lateral.

**GraphQL**: \`StorefrontHomePage\` (query).
`,
      },
    },
    route: '/',
    msw: { handlers: storefrontGraphql },
  },
  render: () => <StorefrontStoryRoutes />,
} satisfies Meta<typeof HomeScreen>;

export default meta;

function unfeaturedCatalog() {
  const catalog = makeStorefrontCatalog();
  for (const product of catalog.products) product.featured = false;
  return catalog;
}

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: /^Aurora 4 produtos/ })).toBeVisible();
    await expect(await canvas.findByRole('list', { name: 'Novidades' })).toBeVisible();
    // By text, not by role: the whole home is on the page and role queries are slow there.
    await expect(canvas.getByText('Destaques', { selector: 'h2' })).toBeVisible();
  },
};
/**
 * Sem gateway de cartão (a loja de demonstração): Pix, frete grátis e trocas, nunca "sem juros".
 */
export const PixOnlyPromises: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const promises = await canvas.findByRole('list', { name: 'Vantagens da loja' });
    await expect(within(promises).getByText('5% de desconto no Pix')).toBeVisible();
    await expect(within(promises).getByText(/^Frete grátis acima de R\$/)).toBeVisible();
    await expect(promises.textContent).not.toMatch(/sem juros|parcel/i);
  },
};
/**
 * Com gateway de cartão configurado: as parcelas que as configurações permitem entram nas
 * vantagens.
 */
export const WithCardPromises: Story = {
  parameters: {
    msw: {
      handlers: {
        ...storefrontGraphql,
        payments: paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const promises = await canvas.findByRole('list', { name: 'Vantagens da loja' });
    await expect(within(promises).getByText('Até 10x sem juros')).toBeVisible();
    await expect(within(promises).getByText('5% de desconto no Pix')).toBeVisible();
  },
};
/** A equipe ainda não destacou nada: nenhuma seção "Destaques". */
export const WithoutFeatured: Story = {
  parameters: { msw: { handlers: storefrontMocks(unfeaturedCatalog()) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The grid's list appears once the home has loaded (the headings show while loading).
    await expect(await canvas.findByRole('list', { name: 'Novidades' })).toBeVisible();
    await expect(canvas.queryByText('Destaques', { selector: 'h2' })).toBeNull();
  },
};
/** Uma loja nova: ainda sem marcas, categorias nem produtos; o destaque vem das configurações. */
export const EmptyCatalog: Story = {
  parameters: {
    msw: {
      handlers: {
        catalog: catalogMock.answers({ brands: [], categories: [], products: [] }),
        settings: settingsMock.answers({
          heroTitle: 'Em breve, marcas brasileiras por aqui',
          heroSubtitle: 'Estamos preparando a vitrine.',
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Em breve, marcas brasileiras por aqui', { selector: 'h1' }),
    ).toBeVisible();
    await expect(canvas.getByText('Estamos preparando a vitrine.')).toBeVisible();
    await expect(canvas.getByText(/^Nenhum produto por aqui ainda/)).toBeVisible();
    await expect(canvas.getByText('Novidades', { selector: 'h2' })).toBeVisible();
    // No empty boxes: no brands, categories or product lists, and no button to missing brands.
    for (const title of ['Destaques', 'Nossas marcas', 'Categorias', 'Mais vendidos', 'Ofertas']) {
      await expect(canvas.queryByText(title, { selector: 'h2' })).toBeNull();
    }
    await expect(canvas.queryByRole('link', { name: 'Conhecer as marcas' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Ver novidades' })).toBeVisible();
  },
};
export const Playground: Story = {};
export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
};
export const ServerDown: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Tentar novamente' }),
    ).toBeVisible();
  },
};
/** O menor celular (320 px): nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('list', { name: 'Novidades' }),
    ).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
