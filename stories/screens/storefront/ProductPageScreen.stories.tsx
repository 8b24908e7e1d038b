import type { Meta, StoryObj } from '@storybook/react-vite';
import { CART_STORAGE_KEY, ProductPageScreen } from '@vitrine/ui';
import { catalogMock, graphqlApi, paymentsMock } from '@vitrine/ui/mocks';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { graphql, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { phone, StorefrontStoryRoutes, storefrontGraphql } from './storefrontStoryData';

/** The storefront's catalog with the basic T-shirt's Terracota sold out in every size. */
function terracotaSoldOut() {
  const catalog = makeStorefrontCatalog();
  for (const product of catalog.products) {
    if (product.slug !== 'camiseta-basica-algodao') continue;
    product.variants = product.variants.map((variant) =>
      variant.color === 'Terracota' ? { ...variant, stock: 0, available: false } : variant,
    );
  }
  return catalog;
}

const meta = {
  title: 'Screens/Storefront/ProductPage/Screen',
  component: ProductPageScreen,
  parameters: {
    docs: {
      description: {
        component: `
A página do produto (\`/produto/:slug\`), para o cliente: fotos, preço, Pix e parcelas da variante
escolhida, cor e tamanho, estoque, quantidade, "Adicionar à sacola", frete pelo CEP, "Avise-me
quando chegar" num tamanho esgotado, a descrição e "Você também pode gostar". Roda as consultas do
produto, da oferta, dos relacionados e do frete e guarda a escolha.

**Estados**

- \`Default\` / \`Playground\`: loja sem cartão, com o preço no Pix e sem parcelas.
- \`WithCard\`: a oferta de parcelas do servidor (o resto da divisão na primeira).
- \`ChooseSizeAndAdd\` (escolher o tamanho e pôr na sacola) e \`ChoosingASizeKeepsThePage\` (nada
  pula de lugar).
- \`WithoutSizes\`: um produto sem tamanhos.
- \`SoldOut\` ("Esgotado" dito uma vez, "Avise-me") e \`RestockAlertSent\` (o e-mail de confirmação
  a caminho).
- \`SoldOutColour\`: uma cor esgotada (Terracota) continua riscada, mas pode ser escolhida: o botão
  diz "Cor esgotada" e o "Avise-me" pede o tamanho dessa cor. Um tamanho esgotado também pode ser
  escolhido ("Tamanho esgotado" e o "Avise-me" dele).
- \`OfferUnavailable\`: a oferta falha; a página diz onde vê-la, e a compra segue.
- \`NotFound\`, \`Loading\`, \`ServerDown\` e \`Phone\`.

**GraphQL**: \`StorefrontProduct\`, \`StorefrontProductOffer\`, \`StorefrontRelatedProducts\`,
\`StorefrontShippingQuote\` (ao calcular o frete), \`StorefrontCardPix\` e \`StoreName\` (queries);
\`StorefrontRequestRestockAlert\` (mutation).
`,
      },
    },
    route: '/produto/tenis-trilha-serra-leve',
    msw: { handlers: storefrontGraphql },
  },
  render: () => <StorefrontStoryRoutes />,
} satisfies Meta<typeof ProductPageScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sem gateway de cartão (a loja de demonstração): o preço no Pix, e nenhuma parcela prometida. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toContain('no Pix'), { timeout: 8000 });
    await expect(canvasElement.textContent).not.toContain('sem juros');
  },
};
/**
 * Com gateway de cartão configurado: a oferta do servidor, com o resto da divisão na primeira
 * parcela.
 */
export const WithCard: Story = {
  parameters: {
    msw: {
      handlers: {
        ...storefrontGraphql,
        payments: paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(canvasElement.textContent).toContain(
          'em até 7x sem juros: 1ª de R$\u00a057,18 + 6x de R$\u00a057,12',
        ),
      { timeout: 8000 },
    );
  },
};
export const Playground: Story = {};
export const ChooseSizeAndAdd: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: '40' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Adicionar à sacola' }));
    // The line is in the bag, and the bag's drawer (the shell's, not in this story) is the
    // confirmation: no toast on top of it (issue 12, item 12).
    await waitFor(() => expect(localStorage.getItem(CART_STORAGE_KEY)).toContain('"quantity":1'));
    await expect(
      within(canvasElement.ownerDocument.body).queryByText('Produto adicionado à sacola'),
    ).toBeNull();
  },
};
export const WithoutSizes: Story = {
  parameters: { route: '/produto/bolsa-tiracolo-couro-vegetal' },
};
/** Esgotado: 'Esgotado' dito uma vez, e 'Avise-me quando chegar' pede um e-mail. */
export const SoldOut: Story = {
  parameters: { route: '/produto/sandalia-papete-conforto' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Avise-me quando chegar' }, { timeout: 8000 });
    await expect(canvas.getAllByText(/esgotado/i)).toHaveLength(1);
  },
};
/** O e-mail deixado num produto esgotado: o e-mail de confirmação está a caminho. */
export const RestockAlertSent: Story = {
  parameters: { route: '/produto/sandalia-papete-conforto' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Avise-me quando chegar' }, { timeout: 8000 });
    const size = canvas.queryByLabelText('Tamanho');
    if (size) {
      const first = within(size).getAllByRole('option')[1] as HTMLOptionElement;
      await userEvent.selectOptions(size, first.value);
    }
    await userEvent.type(canvas.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Avise-me' }));
    await waitFor(() =>
      expect(
        canvas.getByRole('heading', { name: 'Enviamos um e-mail para confirmar' }),
      ).toBeVisible(),
    );
  },
};
/**
 * Terracota esgotada em todos os tamanhos: ainda pode ser escolhida, para o 'Avise-me' (issue 28,
 * item 4).
 */
export const SoldOutColour: Story = {
  parameters: {
    route: '/produto/camiseta-basica-algodao',
    msw: {
      handlers: {
        ...storefrontGraphql,
        catalog: catalogMock.answers(terracotaSoldOut()),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('radio', { name: 'Terracota (esgotado)' }, { timeout: 8000 }),
    );
    await expect(canvas.getByRole('button', { name: 'Cor esgotada' })).toBeDisabled();
    await expect(canvas.getByRole('heading', { name: 'Avise-me quando chegar' })).toBeVisible();
  },
};
export const NotFound: Story = { parameters: { route: '/produto/nao-existe' } };
/** A oferta de Pix e parcelas falha: a página diz onde vê-las, sem esqueletos. */
export const OfferUnavailable: Story = {
  parameters: {
    msw: {
      handlers: {
        ...storefrontGraphql,
        catalog: [
          graphql.query('StorefrontProductOffer', () =>
            HttpResponse.json({ errors: [{ message: 'Serviço indisponível.' }] }),
          ),
          ...catalogMock.answers(makeStorefrontCatalog()),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Consulte as condições de pagamento na sacola', undefined, {
        timeout: 8000,
      }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Adicionar à sacola' })).toBeEnabled();
  },
};
export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
};
export const ServerDown: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
};
export const Phone: Story = { globals: phone };

/**
 * Escolher um tamanho não tira nada do lugar: as linhas do SKU e do estoque foram mantidas
 * (issue 12, item 12).
 */
export const ChoosingASizeKeepsThePage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const add = await canvas.findByRole('button', { name: 'Adicionar à sacola' });
    const before = add.getBoundingClientRect().top;
    await userEvent.click(canvas.getByRole('radio', { name: '40' }));
    await canvas.findByText(/^Cód\. /);
    // The stock line is drawn for the chosen size.
    await waitFor(() => expect(canvasElement.querySelector('[data-level]')).not.toBeNull());
    await expect(Math.abs(add.getBoundingClientRect().top - before)).toBeLessThanOrEqual(1);
  },
};
