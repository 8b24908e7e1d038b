import type { Meta, StoryObj } from '@storybook/react-vite';
import { CartProvider, createCartStore, StorefrontShellScreen } from '@vitrine/ui';
import { graphqlApi, settingsMock } from '@vitrine/ui/mocks';
import { CHECKOUT_VARIANTS, seedCart } from '@vitrine/ui/mocks/checkout/checkout.fixtures';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { storefrontGraphql, storefrontMocks } from './storefrontStoryData';

/** A cart store per story, read after the story seeded localStorage (as a new visit would). */
function FreshCart({ children }: { children: ReactNode }) {
  const [store] = useState(() => createCartStore());
  return <CartProvider store={store}>{children}</CartProvider>;
}

const withCartInBag = () => {
  seedCart({
    lines: [
      { variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 },
      { variantId: CHECKOUT_VARIANTS.shortsP, quantity: 1 },
    ],
  });
};

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const phone375 = { viewport: { value: 'phone375', isRotated: false } };
const phone320 = { viewport: { value: 'phone320', isRotated: false } };

/**
 * The public storefront at '', with storeSettings from the GraphQL mock: the header's live
 * search, the bag button and its drawer, the page (the home at '/') inside an error boundary,
 * the footer.
 */
const meta = {
  title: 'Screens/Storefront/Shell/Screen',
  component: StorefrontShellScreen,
  // The home at '/' shows the demo catalog.
  parameters: {
    docs: {
      description: {
        component: `
A moldura da vitrine com dados reais, para o cliente: o cabeçalho com a busca ao vivo, o menu de
departamentos, o botão e a gaveta da sacola, a página (a home em \`/\`) dentro de uma proteção de
erro que mantém o cabeçalho, e o rodapé com a identidade legal da loja. As gavetas (sacola e
departamentos) são baixadas só na primeira vez que abrem.

**Estados**

- \`Default\` / \`Playground\`: a home da loja de demonstração dentro da moldura.
- \`OtherStore\`: outra loja (nome, desconto Pix, sem frete grátis).
- \`Loading\` e \`ServerDown\` (o erro da página dentro da moldura; cabeçalho e rodapé ficam).
- \`PageNotFound\`: a página 404 dentro da moldura.
- \`SearchSuggestions\`: sugestões sob o campo de busca do cabeçalho (do \`sm\` para cima).
- \`SearchSheetPhone\` (375 px) e \`SearchSheetSmallPhone\` (320 px): no celular, o botão de busca
  do cabeçalho abre a folha de busca (\`SearchSheet\`, baixada no primeiro toque), com o campo na
  largura toda e as sugestões de "camizeta".
- \`SearchSheetRecentPhone\`: a folha com as buscas recentes deste aparelho.
- \`WithItemsInCart\`, \`CartDrawerOpen\` e \`CartDrawerOpenPhone\`: a sacola com 3 itens e a
  gaveta.
- \`DepartmentsDrawerPhone\`: a gaveta de departamentos no celular.

**GraphQL**: \`StorefrontShell\` (departamentos e identidade legal), \`StoreName\`,
\`StorefrontSearchSuggestions\` (ao digitar na busca) e \`StorefrontCartPreview\` (na gaveta da
sacola) (queries), além das da página dentro da moldura.
`,
      },
    },
    route: '/',
    msw: { handlers: storefrontGraphql },
  },
  decorators: [
    (Story) => (
      <FreshCart>
        <Story />
      </FreshCart>
    ),
  ],
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof StorefrontShellScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Frete grátis acima de R$ 299,00')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Institucional' })).toBeVisible();
  },
};

export const Playground: Story = {};

export const OtherStore: Story = {
  parameters: {
    msw: {
      handlers: {
        ...storefrontMocks(),
        settings: settingsMock.answers({
          storeName: 'Casa Aurora',
          pixDiscountPercent: 8,
          freeShippingThresholdCents: null,
        }),
      },
    },
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
};

export const ServerDown: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
  play: async ({ canvasElement }) => {
    // The home's error inside the frame: the header and footer stay.
    await expect(
      await within(canvasElement).findByRole('heading', {
        name: 'Não foi possível abrir a loja agora',
      }),
    ).toBeVisible();
  },
};

export const PageNotFound: Story = {
  parameters: { route: '/nao-existe' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'Página não encontrada' }),
    ).toBeVisible();
  },
};

/**
 * As sugestões abrem sob o campo de busca do cabeçalho (de 600 px para cima; no celular, há a
 * folha).
 */
export const SearchSuggestions: Story = {
  parameters: { msw: { handlers: storefrontMocks() } },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(body.getByRole('combobox', { name: 'Buscar produtos' }), 'tenis');
    await expect(
      await body.findByRole('option', { name: /Tênis de trilha Serra Leve/ }),
    ).toBeVisible();
  },
};

/**
 * Celulares: o botão de busca do cabeçalho abre uma folha de largura total (issue 28, item 1: o
 * campo do cabeçalho tinha 60 px de largura em 375 px, 17 px em 320 px). O que é digitado fica à
 * vista, as sugestões têm a largura da tela, e uma delas abre o produto.
 */
export const SearchSheetPhone: Story = {
  parameters: { msw: { handlers: storefrontMocks() } },
  globals: phone375,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Buscar produtos' }));
    const sheet = await body.findByRole('dialog', { name: 'Buscar na loja' });
    const field = within(sheet).getByRole('combobox', { name: 'Buscar produtos' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'camizeta');
    const option = await within(sheet).findByRole('option', { name: /^Camiseta listrada/ });
    const width = window.innerWidth;
    await expect(field.closest('label')!.getBoundingClientRect().width).toBeGreaterThanOrEqual(
      width * 0.9,
    );
    await expect((field as HTMLInputElement).scrollWidth).toBeLessThanOrEqual(
      (field as HTMLInputElement).clientWidth,
    );
    await expect(
      within(sheet).getByRole('listbox', { name: 'Sugestões' }).getBoundingClientRect().width,
    ).toBeGreaterThanOrEqual(width * 0.95);
    await expect(option).toBeVisible();
  },
};

export const SearchSheetSmallPhone: Story = {
  ...SearchSheetPhone,
  globals: phone320,
};

/** As buscas feitas neste aparelho, antes de digitar qualquer coisa. */
export const SearchSheetRecentPhone: Story = {
  parameters: { msw: { handlers: storefrontMocks() } },
  globals: phone375,
  beforeEach: () => {
    window.localStorage.setItem(
      'vitrine.recentSearches',
      JSON.stringify(['camiseta listrada', 'tênis de trilha', 'bolsa de palha']),
    );
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const opener = await body.findByRole('button', { name: 'Buscar produtos' });
    await userEvent.click(opener);
    const sheet = await body.findByRole('dialog', { name: 'Buscar na loja' });
    const recent = within(sheet).getByRole('listbox', { name: 'Buscas recentes' });
    await expect(
      within(recent)
        .getAllByRole('option')
        .map((item) => item.textContent),
    ).toEqual(['camiseta listrada', 'tênis de trilha', 'bolsa de palha']);
  },
};

export const WithItemsInCart: Story = {
  parameters: { msw: { handlers: storefrontMocks() } },
  beforeEach: withCartInBag,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Sacola: 3 itens' }),
    ).toBeVisible();
  },
};

/** O botão da sacola abre a gaveta da sacola, precificada pelo cartPreview. */
export const CartDrawerOpen: Story = {
  ...WithItemsInCart,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(body.getByRole('button', { name: 'Sacola: 3 itens' }));
    const drawer = await body.findByRole('dialog', { name: /Minha sacola/ });
    await waitFor(() => expect(within(drawer).getByText('Subtotal (3 itens)')).toBeVisible());
  },
};

export const CartDrawerOpenPhone: Story = {
  ...CartDrawerOpen,
  globals: phone,
};

/** Celulares: a gaveta de departamentos, pelo botão de menu antes da logo (issue 12, item 5). */
export const DepartmentsDrawerPhone: Story = {
  parameters: { msw: { handlers: storefrontMocks() } },
  globals: phone,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Departamentos' }));
    const drawer = await body.findByRole('dialog', { name: 'Departamentos' });
    await waitFor(() => expect(within(drawer).getByRole('link', { name: 'Marcas' })).toBeVisible());
    // The departments come with the categories' answer, which may land after "Marcas".
    await waitFor(() => expect(within(drawer).getAllByRole('link').length).toBeGreaterThan(4));
  },
};
