import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordResetRequestView, RESET_REQUEST_UNAVAILABLE_MESSAGE } from '@vitrine/ui';
import { expect, fn, within } from 'storybook/test';

const meta = {
  title: 'Screens/Dashboard/PasswordResetRequest/View',
  component: PasswordResetRequestView,
  args: { onSubmit: fn(), sending: false, sent: false, errorMessage: null },
  parameters: {
    docs: {
      description: {
        component: `
O formulário de pedir o link de redefinição, puro: envio (\`sending\`), confirmação (\`sent\`), erro
(\`errorMessage\`, com \`retryable\` para "Tentar novamente") e valores iniciais chegam por props; o
e-mail válido vai para \`onSubmit\`. Usa \`AuthLayout\` e \`SubmitButton\`. Não envia nada: quem o
alimenta é o \`PasswordResetRequestScreen\`.

**Estados**

- \`Default\` (vazio) e \`Playground\` (nome da loja e e-mail preenchido).
- \`Sending\`: "Enviando…", desabilitado.
- \`Sent\`: a mesma confirmação neutra, exista ou não a conta.
- \`ServerDown\`: erro honesto com "Tentar novamente".
- \`RateLimited\`: quanto esperar.

**GraphQL**: nenhuma; quem consulta a API é a tela que o alimenta.
`,
      },
    },
    route: '/senha/recuperar',
  },
} satisfies Meta<typeof PasswordResetRequestView>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = { email: 'ana@loja.com.br' };

export const Default: Story = {};

export const Playground: Story = {
  args: { storeName: 'Casa Aurora', defaultValues: filled },
};

export const Sending: Story = {
  args: { sending: true, defaultValues: filled },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Enviando…' })).toBeDisabled();
  },
};

/** A mesma confirmação neutra, exista a conta ou não. */
export const Sent: Story = {
  args: { sent: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.',
    );
  },
};

/** A solicitação não chegou ao servidor: um erro honesto e "Tentar novamente". */
export const ServerDown: Story = {
  args: { errorMessage: RESET_REQUEST_UNAVAILABLE_MESSAGE, retryable: true, defaultValues: filled },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Tentar novamente' }),
    ).toBeEnabled();
  },
};

export const RateLimited: Story = {
  args: {
    errorMessage: 'Muitas tentativas. Tente novamente em 30 segundos.',
    defaultValues: filled,
  },
};
