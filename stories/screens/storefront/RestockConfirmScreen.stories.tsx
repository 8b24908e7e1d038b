import type { Meta, StoryObj } from '@storybook/react-vite';
import { RestockConfirmScreen } from '@vitrine/ui';
import { expect, waitFor, within } from 'storybook/test';

import { StorefrontStoryRoutes, storefrontGraphql } from './storefrontStoryData';

const meta = {
  title: 'Screens/Storefront/RestockConfirm/Screen',
  component: RestockConfirmScreen,
  parameters: {
    docs: {
      description: {
        component: `
A confirmação do "Avise-me quando chegar" (\`/avise-me/confirmar?token=…\`), para o cliente que
abriu o link do e-mail: o pedido de aviso é confirmado uma vez, assim que a página abre. Depois
disso, a loja manda um único e-mail quando o produto voltar.

**Estados**

- \`Default\` / \`Playground\`: link válido, "Aviso confirmado".
- \`OpenedAgain\`: o link já confirmado, aberto de novo (recarregar a página, clicar outra vez no
  e-mail): "Aviso já confirmado", não "Link inválido".
- \`UsedLink\`: link usado ou vencido, "Link inválido", com o caminho de volta.
- \`NoToken\`: o link sem \`?token=\`.

**GraphQL**: \`StorefrontConfirmRestockAlert\` (mutation) e \`StoreName\` (query).
`,
      },
    },
    route: '/avise-me/confirmar?token=valido-123456789012345',
    msw: { handlers: storefrontGraphql },
  },
  render: () => <StorefrontStoryRoutes />,
} satisfies Meta<typeof RestockConfirmScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** O link é confirmado assim que a página abre. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(
      () => expect(canvas.getByRole('heading', { name: 'Aviso confirmado' })).toBeVisible(),
      { timeout: 8000 },
    );
  },
};
export const Playground: Story = {};
/** O link confirmado aberto de novo (ao recarregar): "já confirmado", nunca "inválido". */
export const OpenedAgain: Story = {
  parameters: { route: '/avise-me/confirmar?token=confirmado-123456789012345' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(
      () => expect(canvas.getByRole('heading', { name: 'Aviso já confirmado' })).toBeVisible(),
      { timeout: 8000 },
    );
    await expect(canvas.queryByRole('heading', { name: 'Link inválido' })).toBeNull();
  },
};
/** Um link usado ou vencido: dito de imediato, com o caminho de volta. */
export const UsedLink: Story = {
  parameters: { route: '/avise-me/confirmar?token=usado-123456789012345' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(
      () => expect(canvas.getByRole('heading', { name: 'Link inválido' })).toBeVisible(),
      { timeout: 8000 },
    );
  },
};
/** Nenhum token no link. */
export const NoToken: Story = { parameters: { route: '/avise-me/confirmar' } };
