import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotFoundView } from '@vitrine/ui';

const meta = {
  title: 'Screens/Errors/NotFound/View',
  component: NotFoundView,
  parameters: {
    docs: {
      description: {
        component: `
A página 404, pura: o "404", o aviso de que a página não existe e um link de volta para o início da
área (\`homePath\`, \`homeLabel\`). Serve tanto ao cliente da loja quanto à equipe no painel. Não
envia nada: quem a alimenta é o \`NotFoundScreen\`, que escolhe a área pelo endereço.

**Estados**

- \`Default\` / \`Playground\`: na loja, "Voltar para a página inicial" (também fotografada a 375
  px).
- \`InDashboard\`: no painel, "Voltar para o painel".

**GraphQL**: nenhuma (nem a View nem a tela que a usa consultam a API).
`,
      },
    },
  },
  args: { homePath: '/', homeLabel: 'Voltar para a página inicial' },
} satisfies Meta<typeof NotFoundView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Também capturada em 375 px pelo script visual. */
export const Default: Story = { tags: ['mobile'] };

export const Playground: Story = {};

export const InDashboard: Story = {
  args: { homePath: '/dashboard', homeLabel: 'Voltar para o painel' },
};
