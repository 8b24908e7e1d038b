import Box from '@mui/material/Box';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { PasswordField } from '@vitrine/ui';
import { expect, userEvent, within } from 'storybook/test';

// A named Decorator keeps the meta's type nameable in the emitted declarations.
const narrow: Decorator = (Story) => (
  <Box sx={{ p: 3, maxWidth: 380 }}>
    <Story />
  </Box>
);

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  parameters: {
    docs: {
      description: {
        component: `
Campo de senha (o \`TextField\` outlined do MUI) com o botão de olho para mostrar ou ocultar o que
foi digitado. O botão tem nome acessível ("Mostrar senha" / "Ocultar senha"), indica o estado com
\`aria-pressed\` e não tira o foco do campo. Aceita as props do \`TextField\`, menos \`type\`.

**Quando usar**

- Todo campo de senha: login, redefinir senha, aceitar convite e trocar a senha na conta.
- Numa senha nova, com \`PasswordStrength\` logo abaixo.

**Quando não usar**

- Para o código de verificação de 6 dígitos: use um \`TextField\` numérico comum.
- Para dados que não são segredo: use o \`TextField\`.

**Estados**: \`Default\`, \`WithError\` (erro com texto de ajuda) e \`Revealed\` (senha à mostra).
`,
      },
    },
  },
  args: { label: 'Senha', defaultValue: 'senha-secreta' },
  decorators: [narrow],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };

export const Playground: Story = {
  args: { label: 'Senha', helperText: 'Use pelo menos 10 caracteres.', disabled: false },
};

export const WithError: Story = {
  args: { error: true, helperText: 'Informe sua senha.', defaultValue: '' },
};

/** The eye button shows and hides what was typed. */
export const Revealed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Senha');
    await expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar senha' }));
    await expect(field).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Ocultar senha' })).toBeVisible();
  },
};
