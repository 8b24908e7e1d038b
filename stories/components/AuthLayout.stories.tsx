import Typography from '@mui/material/Typography';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthLayout } from '@vitrine/ui';

const meta = {
  title: 'Components/AuthLayout',
  component: AuthLayout,
  parameters: {
    docs: {
      description: {
        component: `
A página em volta dos cartões de autenticação da equipe: a logo (\`VitrineLogo\` grande, com o nome
de \`storeName\`), um cartão centralizado de até 420 px com o título (\`h1\`) e o \`subtitle\`, e um
rodapé discreto (\`footer\`) abaixo do cartão.

**Quando usar**

- Login, código de verificação, recuperar e redefinir senha e aceitar convite.
- Um fluxo curto, de um formulário só, fora do painel e sem menu.

**Quando não usar**

- Com a pessoa já dentro do painel: a tela fica no shell do painel (\`DashboardShellView\`).
- Para o cliente da loja: use o shell da vitrine (\`StorefrontShellView\`).

**Estados**: \`Default\` (título e subtítulo) e \`Playground\` (nome da loja e rodapé).
`,
      },
    },
  },
  args: {
    title: 'Entrar no painel',
    subtitle: 'Acesse a área da equipe para gerenciar a loja.',
    children: <Typography>Conteúdo do cartão.</Typography>,
  },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };

export const Playground: Story = {
  args: { storeName: 'Casa Aurora', footer: 'Rodapé do cartão' },
};
