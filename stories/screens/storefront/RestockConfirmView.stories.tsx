import type { Meta, StoryObj } from '@storybook/react-vite';
import { RestockConfirmView } from '@vitrine/ui';
import { expect, fn, within } from 'storybook/test';

const meta = {
  title: 'Screens/Storefront/RestockConfirm/View',
  component: RestockConfirmView,
  parameters: {
    docs: {
      description: {
        component: `
A confirmação do "Avise-me quando chegar", pura: o produto, o tamanho e a cor do aviso confirmado,
ou o link inválido, ou o erro com "Tentar novamente" (\`onRetry\`). Não envia nada: quem a alimenta
é o \`RestockConfirmScreen\`.

**Estados**

- \`Default\` / \`Playground\`: aviso confirmado do Tênis de trilha Serra Leve, tamanho 39.
- \`AlreadyConfirmed\`: o mesmo link aberto de novo (recarregar, segundo clique): "Aviso já
  confirmado", nada muda.
- \`Loading\`: confirmando.
- \`InvalidLink\`: desconhecido, usado ou vencido.
- \`Failed\`: sem conexão, com "Tentar novamente".

**GraphQL**: nenhuma; quem consulta a API é a tela que a alimenta.
`,
      },
    },
  },
  args: {
    status: 'confirmed',
    product: {
      productName: 'Tênis de trilha Serra Leve',
      productSlug: 'tenis-trilha-serra-leve',
      size: '39',
      color: 'Verde-musgo',
    },
  },
} satisfies Meta<typeof RestockConfirmView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
/**
 * O mesmo link aberto de novo (ao recarregar, num segundo clique): já confirmado antes, nada muda.
 */
export const AlreadyConfirmed: Story = {
  args: {
    product: {
      productName: 'Tênis de trilha Serra Leve',
      productSlug: 'tenis-trilha-serra-leve',
      size: '39',
      color: 'Verde-musgo',
      alreadyConfirmed: true,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Aviso já confirmado' })).toBeVisible();
    await expect(canvas.queryByText(/inválido/)).toBeNull();
  },
};
export const Loading: Story = { args: { status: 'loading', product: null } };
/** Desconhecido, usado ou vencido. */
export const InvalidLink: Story = { args: { status: 'invalid', product: null } };
export const Failed: Story = {
  args: {
    status: 'error',
    product: null,
    message: 'Não foi possível conectar à loja. Verifique sua conexão e tente novamente.',
    onRetry: fn(),
  },
};
