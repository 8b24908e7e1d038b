import type { Meta, StoryObj } from '@storybook/react-vite';
import { PASSWORD_MESSAGES } from '@vitrine/rules';
import { NETWORK_ERROR_MESSAGE, PasswordResetConfirmView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Screens/Dashboard/PasswordResetConfirm/View',
  component: PasswordResetConfirmView,
  args: { onSubmit: fn(), status: 'form', sending: false },
  parameters: {
    docs: {
      description: {
        component: `
O formulário de nova senha, puro: a etapa (\`status\`: conferindo o link, formulário, sucesso ou
link inválido), o envio, os erros e a senha recusada pelo servidor chegam por props; ele só entrega
senhas que conferem a \`onSubmit\`. Usa \`AuthLayout\`, \`PasswordField\`, \`PasswordStrength\` e
\`SubmitButton\`. Não envia nada: quem o alimenta é o \`PasswordResetConfirmScreen\`.

**Estados**

- \`Default\` (vazio) e \`Playground\` (nome da loja e senha forte).
- \`Sending\`: "Salvando…", desabilitado.
- \`PasswordsDoNotMatch\`: pego antes de enviar.
- \`WeakPasswordFromServer\`: a mensagem do servidor no campo.
- \`ServerDown\` e \`RateLimited\`: a mensagem acima do formulário.
- \`CheckingLink\`, \`Success\` e \`InvalidToken\`: as outras etapas.

**GraphQL**: nenhuma; quem consulta a API é a tela que o alimenta.
`,
      },
    },
    route: '/senha/redefinir?token=token-valido',
  },
} satisfies Meta<typeof PasswordResetConfirmView>;

export default meta;
type Story = StoryObj<typeof meta>;

const strong = { password: 'girassol-azul-42', confirmation: 'girassol-azul-42' };

export const Default: Story = {};

export const Playground: Story = {
  args: { storeName: 'Casa Aurora', defaultValues: strong },
};

export const Sending: Story = {
  args: { sending: true, defaultValues: strong },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Salvando…' })).toBeDisabled();
  },
};

export const PasswordsDoNotMatch: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Nova senha'), 'girassol-azul-42');
    await userEvent.type(canvas.getByLabelText('Repita a nova senha'), 'girassol-azul-43{Enter}');
    await expect(await canvas.findByText('As senhas não conferem.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** O servidor recusou a senha; a mensagem dele aparece no campo. */
export const WeakPasswordFromServer: Story = {
  args: {
    defaultValues: { password: 'futebol2024', confirmation: 'futebol2024' },
    passwordError: PASSWORD_MESSAGES.common,
  },
};

export const ServerDown: Story = {
  args: { errorMessage: NETWORK_ERROR_MESSAGE, defaultValues: strong },
};

export const RateLimited: Story = {
  args: {
    errorMessage: 'Muitas tentativas. Tente novamente em 30 segundos.',
    defaultValues: strong,
  },
};

/**
 * A página acabou de abrir: o link está sendo verificado; nenhum formulário até se saber que o link
 * é válido.
 */
export const CheckingLink: Story = {
  args: { status: 'checking' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Verificando o link de redefinição…',
    );
    await expect(canvas.queryByLabelText('Nova senha')).toBeNull();
  },
};

export const Success: Story = {
  args: { status: 'success' },
};

export const InvalidToken: Story = {
  args: {
    status: 'invalid_token',
    invalidTokenMessage: 'Este link de redefinição é inválido ou expirou. Peça um novo link.',
  },
};
