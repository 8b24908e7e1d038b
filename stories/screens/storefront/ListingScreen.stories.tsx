import type { Meta, StoryObj } from '@storybook/react-vite';
import { CategoryScreen } from '@vitrine/ui';
import { graphqlApi } from '@vitrine/ui/mocks';
import { expect, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';
import { phone, StorefrontStoryRoutes, storefrontGraphql } from './storefrontStoryData';

/** Category and search listings against the GraphQL mock: the URL holds the whole state. */
const meta = {
  title: 'Screens/Storefront/Listing/Screen',
  component: CategoryScreen,
  parameters: {
    docs: {
      description: {
        component: `
As listagens de produtos para o cliente: a categoria (\`/categoria/:slug\`, \`CategoryScreen\`) e a
busca (\`/busca?q=\`, \`SearchScreen\`, tolerante a acentos e erros de digitação). A URL guarda todo
o estado (filtros, ordem e páginas), então um link reproduz a mesma lista.

**Estados**

- \`Default\` / \`Playground\`: a categoria Roupas.
- \`FilteredFromUrl\` (marca, tamanho e ordem vindos da URL) e \`TickAFilter\` (marcar uma marca).
- \`Search\`, \`SearchWithTypo\` ("biquni" acha o biquíni), \`ChooseACategory\` (a faceta de
  categoria na busca) e \`CategoryFromUrl\`.
- \`NoResults\`, \`Loading\` e \`ServerDown\`.
- \`Phone\` e \`SearchPhone\`: 320 px, sem rolagem lateral.

**GraphQL**: \`StorefrontCategory\` (só na categoria), \`StorefrontListingProducts\`,
\`StorefrontCardPix\` e \`StoreName\` (queries).
`,
      },
    },
    route: '/categoria/roupas',
    msw: { handlers: storefrontGraphql },
  },
  render: () => <StorefrontStoryRoutes />,
} satisfies Meta<typeof CategoryScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('7 produtos encontrados')).toBeVisible();
  },
};
export const Playground: Story = {};
export const FilteredFromUrl: Story = {
  parameters: { route: '/categoria/roupas?marca=aurora&tamanho=M&ordem=menor-preco' },
};
export const TickAFilter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('7 produtos encontrados');
    const aside = canvas.getByRole('complementary', { name: 'Filtros' });
    await userEvent.click(within(aside).getByRole('checkbox', { name: /^Maré/ }));
    await expect(await canvas.findByText('3 produtos encontrados')).toBeVisible();
  },
};
export const Search: Story = { parameters: { route: '/busca?q=camiseta' } };
export const SearchWithTypo: Story = {
  parameters: { route: '/busca?q=biquni' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('link', { name: 'Biquíni Ondas com proteção UV' }),
    ).toBeVisible();
  },
};
/**
 * Resultados de busca restritos a uma categoria pelo filtro dela (como um botão de opção, com
 * contagens).
 */
export const ChooseACategory: Story = {
  parameters: { route: '/busca?q=couro' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('2 produtos encontrados');
    const aside = canvas.getByRole('complementary', { name: 'Filtros' });
    const group = within(aside).getByRole('radiogroup', { name: 'Categoria' });
    await userEvent.click(within(group).getByRole('radio', { name: 'Calçados (1)' }));
    await expect(await canvas.findByText('1 produto encontrado')).toBeVisible();
    await expect(within(group).getByRole('radio', { name: 'Tênis (1)' })).toBeEnabled();
  },
};
export const CategoryFromUrl: Story = {
  parameters: { route: '/busca?q=couro&categoria=bolsas' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('1 produto encontrado')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remover filtro Bolsas' })).toBeVisible();
  },
};
export const NoResults: Story = { parameters: { route: '/busca?q=guarda-chuva' } };
export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
};
export const ServerDown: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
};
/** O menor celular (320 px): nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/^\d+ produtos encontrados$/),
    ).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
/**
 * Resultados de busca no menor celular: o filtro de categoria e a ordenação cabem, nada rola para o
 * lado.
 */
export const SearchPhone: Story = {
  globals: phone,
  parameters: { route: '/busca?q=algodao' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/^\d+ produtos? encontrados?$/),
    ).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
