import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouteErrorView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Screens/Errors/RouteError/View',
  component: RouteErrorView,
  parameters: {
    docs: {
      description: {
        component: `
A página de erro de rota, pura: "Algo deu errado" quando uma rota falha ao carregar ou desenhar fora
da proteção da própria vitrine (painel, login, redefinição de senha, um pedaço do app que sumiu
depois de uma publicação), com "Tentar novamente" (\`onRetry\`) e o caminho de volta para o início
da área. Não envia nada: quem a alimenta é o \`RouteErrorScreen\`, que recarrega a página.

**Estados**

- \`Default\` / \`Playground\`: na loja; "Tentar novamente" chama \`onRetry\`.
- \`InDashboard\`: no painel, "Voltar para o painel".

Todas também fotografadas a 375 px (\`mobile\`).

**GraphQL**: nenhuma (nem a View nem a tela que a usa consultam a API).
`,
      },
    },
  },
  args: { homePath: '/', homeLabel: 'Voltar para a página inicial', onRetry: fn() },
  tags: ['mobile'],
} satisfies Meta<typeof RouteErrorView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Tentar novamente' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {};

export const InDashboard: Story = {
  args: { homePath: '/dashboard', homeLabel: 'Voltar para o painel' },
};
