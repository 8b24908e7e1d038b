import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductPageScreen } from '@vitrine/ui';
import { catalogMock, graphqlApi } from '@vitrine/ui/mocks';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/fixtures/storefront';
import { graphql, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { phone, StorefrontStoryRoutes, storefrontGraphql } from './storefrontStoryData';

const meta = {
  title: 'Screens/Storefront/ProductPage/Screen',
  component: ProductPageScreen,
  parameters: {
    route: '/produto/tenis-trilha-serra-leve',
    msw: { handlers: storefrontGraphql },
  },
  render: () => <StorefrontStoryRoutes />,
} satisfies Meta<typeof ProductPageScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    // The server's offer: 7 installments, the remainder of the division on the first one.
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
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('Produto adicionado à sacola'),
    ).toBeVisible();
  },
};
export const WithoutSizes: Story = {
  parameters: { route: '/produto/bolsa-tiracolo-couro-vegetal' },
};
export const SoldOut: Story = { parameters: { route: '/produto/sandalia-papete-conforto' } };
export const NotFound: Story = { parameters: { route: '/produto/nao-existe' } };
/** The Pix and installment offer fails: the page says where to see them, no skeletons. */
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
