import type { Meta, StoryObj } from '@storybook/react-vite';
import { BrandScreen } from '@vitrine/ui';
import { graphqlApi } from '@vitrine/ui/mocks';
import { expect, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';
import { phone, StorefrontStoryRoutes, storefrontGraphql } from './storefrontStoryData';

/** A brand's page in its own palette; one story per brand shows the theme changing. */
const meta = {
  title: 'Screens/Storefront/Brand/Screen',
  component: BrandScreen,
  parameters: {
    docs: {
      description: {
        component: `
A página de uma marca na loja (\`/marcas/:slug\`), para o cliente: o destaque da marca e o seu
catálogo (filtros, ordem e "Mostrar mais") no tema feito da cor da marca. Roda as consultas da marca
e do catálogo e entrega tudo à \`BrandView\`; uma história por marca mostra o tema mudando.

**Estados**

- \`Default\` / \`Playground\`: Aurora, 4 produtos.
- \`Mare\`, \`Serra\` e \`Lumi\` (sem logo: a inicial).
- \`NotFound\`: marca que não existe.
- \`Loading\`: o GraphQL não responde.
- \`Phone\`: 320 px, sem rolagem lateral.

**GraphQL**: \`StorefrontBrand\`, \`StorefrontListingProducts\`, \`StorefrontCardPix\` (o desconto
Pix dos cartões) e \`StoreName\` (queries).
`,
      },
    },
    route: '/marcas/aurora',
    msw: { handlers: storefrontGraphql },
  },
  render: () => <StorefrontStoryRoutes />,
} satisfies Meta<typeof BrandScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Aurora' })).toBeVisible();
    await expect(await canvas.findByText('4 produtos encontrados')).toBeVisible();
  },
};
export const Playground: Story = {};
export const Mare: Story = { parameters: { route: '/marcas/mare' } };
export const Serra: Story = { parameters: { route: '/marcas/serra' } };
/** Uma marca sem logo mostra a inicial dela. */
export const Lumi: Story = { parameters: { route: '/marcas/lumi' } };
export const NotFound: Story = { parameters: { route: '/marcas/nao-existe' } };
export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
};
/** O menor celular (320 px): nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Aurora' })).toBeVisible();
    await expect(await canvas.findByText('4 produtos encontrados')).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
