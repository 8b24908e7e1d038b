import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { PasswordField, PasswordStrength } from '@vitrine/ui';
import { expect, userEvent, within } from 'storybook/test';

import { DoDont } from '../support/DoDont';

// A named Decorator keeps the meta's type nameable in the emitted declarations. A form's width,
// unless the story is wider (`parameters.wide`: the do/don't pairs side by side).
const narrow: Decorator = (Story, { parameters }) =>
  parameters['wide'] ? (
    <Story />
  ) : (
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
\`DoAndDont\`: faça e não faça, com exemplos.
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

/** O botão de olho mostra e esconde o que foi digitado. */
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

/**
 * Faça / não faça: o botão de olho com nome; as regras de uma senha nova antes de qualquer erro.
 */
export const DoAndDont: Story = {
  // The docs page shows parameters.docs.description, in Portuguese, in place of the comment above.
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'Mostrar o que foi digitado',
          do: {
            example: <PasswordField label="Senha" defaultValue="girassol-azul-42" fullWidth />,
            why: 'O olho "Mostrar senha" deixa conferir a senha antes de enviar, sobretudo no celular.',
          },
          dont: {
            example: (
              <TextField label="Senha" type="password" defaultValue="girassol-azul-42" fullWidth />
            ),
            why: 'Um campo sem o olho obriga a digitar às cegas, e o cliente erra e desiste.',
          },
        },
        {
          topic: 'As regras antes do erro',
          do: {
            example: (
              <Box sx={{ display: 'grid', gap: 1, width: '100%' }}>
                <PasswordField
                  label="Nova senha"
                  defaultValue="girassol"
                  fullWidth
                  slotProps={{ htmlInput: { 'aria-describedby': 'do-password-rules' } }}
                />
                <PasswordStrength id="do-password-rules" password="girassol" />
              </Box>
            ),
            why: 'As regras aparecem enquanto se digita, com PasswordStrength: o cliente acerta de primeira.',
          },
          dont: {
            example: (
              <PasswordField
                label="Nova senha"
                defaultValue="girassol"
                error
                helperText="Senha inválida."
                fullWidth
              />
            ),
            why: '"Senha inválida" depois de enviar, sem dizer a regra: o cliente tenta no escuro.',
          },
        },
      ]}
    />
  ),
  parameters: {
    wide: true,
    docs: {
      description: {
        story: 'O botão de olho com nome; as regras de uma senha nova antes de qualquer erro.',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('figure', { name: 'Faça' })).toHaveLength(2);
    await expect(canvas.getAllByRole('figure', { name: 'Não faça' })).toHaveLength(2);
    // The "do" field has its named eye button; the "don't" one has none.
    const withEye = within(canvas.getAllByRole('figure', { name: 'Faça' })[0]!);
    const withoutEye = within(canvas.getAllByRole('figure', { name: 'Não faça' })[0]!);
    await expect(withEye.getByRole('button', { name: 'Mostrar senha' })).toBeVisible();
    await expect(withoutEye.queryByRole('button')).toBeNull();
  },
};
