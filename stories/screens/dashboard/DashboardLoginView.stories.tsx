import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardLoginView, NETWORK_ERROR_MESSAGE } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Screens/Dashboard/Login/View',
  component: DashboardLoginView,
  args: { onSubmit: fn(), sending: false, errorMessage: null },
  parameters: {
    docs: {
      description: {
        component: `
O formulário de login do painel, puro: tudo o que mostra chega por props (\`storeName\`,
\`defaultValues\`, \`sending\`, \`errorMessage\`) e ele só entrega os valores válidos a
\`onSubmit\`. Usa \`AuthLayout\`, \`PasswordField\` e \`SubmitButton\`. Não envia nada: quem o
alimenta é o \`DashboardLoginScreen\`.

**Estados**

- \`Default\` (vazio) e \`Playground\` (nome da loja e campos preenchidos).
- \`Sending\`: botão desabilitado, spinner e "Entrando…".
- \`WrongPassword\`, \`ServerDown\` e \`RateLimited\`: a mensagem de erro acima do formulário.
- \`RememberMeChecked\`: "Lembrar de mim" marcado.
- \`FieldErrors\`: campos vazios ou inválidos pegos antes de enviar.
- \`SubmitsWithEnter\`: Enter também envia.

**GraphQL**: nenhuma; quem faz o \`POST /auth/login/\` é a tela que o alimenta.
`,
      },
    },
    route: '/dashboard/login',
  },
} satisfies Meta<typeof DashboardLoginView>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = { email: 'admin@vitrine.com.br', password: 'senha-correta-123' };

export const Default: Story = {};

export const Playground: Story = {
  args: { storeName: 'Casa Aurora', defaultValues: filled },
};

/** Enquanto a chamada de login roda: botão desabilitado, spinner, "Entrando…". */
export const Sending: Story = {
  args: { sending: true, defaultValues: filled },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Entrando…' })).toBeDisabled();
  },
};

export const WrongPassword: Story = {
  args: { errorMessage: 'E-mail ou senha incorretos.', defaultValues: filled },
};

export const ServerDown: Story = {
  args: { errorMessage: NETWORK_ERROR_MESSAGE, defaultValues: filled },
};

export const RateLimited: Story = {
  args: {
    errorMessage: 'Muitas tentativas. Tente novamente em 30 segundos.',
    defaultValues: { ...filled, email: 'bloqueado@vitrine.com.br' },
  },
};

export const RememberMeChecked: Story = {
  args: { defaultValues: { ...filled, remember: true } },
};

/** Campos vazios ou mal formatados são barrados antes de qualquer envio. */
export const FieldErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('E-mail'), 'ana-arroba-loja');
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
    await expect(await canvas.findByText('E-mail inválido.')).toBeVisible();
    await expect(canvas.getByText('Informe sua senha.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Dados válidos são entregues a `onSubmit`, também ao apertar Enter. */
export const SubmitsWithEnter: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('E-mail'), filled.email);
    await userEvent.type(canvas.getByLabelText('Senha'), `${filled.password}{Enter}`);
    await expect(args.onSubmit).toHaveBeenCalledWith(
      { ...filled, remember: false },
      expect.anything(),
    );
  },
};
