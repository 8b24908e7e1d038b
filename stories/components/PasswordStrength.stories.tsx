import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordStrength } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

const meta = {
  title: 'Components/PasswordStrength',
  component: PasswordStrength,
  parameters: {
    docs: {
      description: {
        component: `
A lista, ao vivo, das regras de senha que o servidor exige: pelo menos 10 caracteres (um emoji conta
como um), não conter o e-mail e não ser uma senha comum. Cada regra diz ao leitor de tela se está
"atendido", "pendente" ou "verificado ao salvar".

**Quando usar**

- Logo abaixo do \`PasswordField\` de uma senha nova (redefinir senha, aceitar convite, conta).
- Passe \`email\` quando for conhecido; sem ele, a regra do e-mail fica para o servidor.

**Quando não usar**

- No login, com uma senha que já existe: as regras não se aplicam.
- Como única validação: a lista de senhas comuns daqui é parcial, o servidor tem a completa.

**Estados**: \`Default\` (nada digitado), \`TooShort\`, \`AllRulesMet\`, \`EmailUnknown\`,
\`ContainsEmail\` e \`CommonPassword\`.
`,
      },
    },
  },
  args: { password: '' },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 380 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof PasswordStrength>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nada digitado ainda: todas as regras pendentes. */
export const Default: Story = { tags: ['every-brand-and-width'] };

export const Playground: Story = {
  args: { password: 'girassol', email: 'ana@loja.com.br' },
};

export const TooShort: Story = {
  args: { password: 'girassol' },
};

export const AllRulesMet: Story = {
  args: { password: 'girassol-azul-42', email: 'ana.souza@loja.com.br' },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    for (const item of items) await expect(item).toHaveTextContent('atendido');
  },
};

/** E-mail desconhecido (redefinição por link): a regra do e-mail fica com o servidor. */
export const EmailUnknown: Story = {
  args: { password: 'girassol-azul-42' },
};

export const ContainsEmail: Story = {
  args: { password: 'ana.souza-2024', email: 'ana.souza@loja.com.br' },
};

export const CommonPassword: Story = {
  args: { password: '1234567890' },
};
