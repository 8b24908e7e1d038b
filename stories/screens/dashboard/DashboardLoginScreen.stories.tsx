import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@vitrine/auth';
import { DashboardLoginScreen } from '@vitrine/ui';
import { ADMIN_EMAIL, ADMIN_PASSWORD, authScenarios, BLOCKED_EMAIL } from '@vitrine/ui/mocks';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { expect, userEvent, waitFor, within } from 'storybook/test';

/** The real login through MSW: the auth session, the request policy and the routes. */
const meta = {
  title: 'Screens/Dashboard/Login/Screen',
  component: DashboardLoginScreen,
  parameters: {
    docs: {
      description: {
        component: `
O login do painel (\`/dashboard/login\`): a equipe (ADMIN, BRAND_MANAGER, SUPPORT) entra com e-mail
e senha, e "Lembrar de mim" decide onde a sessão fica guardada. As histórias rodam o login de
verdade (sessão, política de requisições e rotas) contra o MSW. A etapa do código de verificação
está em _Login/Two-factor_.

**Estados**

- \`Default\` / \`Playground\`: o formulário vazio.
- \`LoginSuccess\`: entra e abre o painel com o nome da pessoa.
- \`RememberMeOn\` (sessão lembrada no \`localStorage\`) e \`RememberMeOff\` (só no
  \`sessionStorage\`).
- \`WrongPassword\`, \`RateLimited\` (muitas tentativas) e \`ServerDown\` (sem conexão).
- \`Sending\`: o servidor não responde; o botão fica em "Entrando…".

**GraphQL**: \`StoreName\` (query, o nome da loja no cartão).

**Rede**: \`POST /auth/login/\`.
`,
      },
    },
    route: '/dashboard/login',
  },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof DashboardLoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function signIn(
  canvasElement: HTMLElement,
  email: string,
  password: string,
  remember = false,
) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('E-mail'), email);
  await userEvent.type(canvas.getByLabelText('Senha'), password);
  if (remember) await userEvent.click(canvas.getByRole('checkbox', { name: 'Lembrar de mim' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
  return canvas;
}

export const Default: Story = {};

export const Playground: Story = {};

/** Entra e chega ao painel com o nome da pessoa da equipe. */
export const LoginSuccess: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(await canvas.findByTestId('staff-name', {}, { timeout: 5000 })).toHaveTextContent(
      'Ana Souza',
    );
    await expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  },
};

/**
 * "Lembrar de mim" marcado: o token de renovação vai para o `localStorage`, não para o
 * `sessionStorage`.
 */
export const RememberMeOn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, ADMIN_EMAIL, ADMIN_PASSWORD, true);
    await canvas.findByTestId('staff-name', {}, { timeout: 5000 });
    await expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).not.toBeNull();
    await expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    await expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  },
};

/**
 * "Lembrar de mim" desmarcado: o token de renovação vai para o `sessionStorage`, não para o
 * `localStorage`.
 */
export const RememberMeOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, ADMIN_EMAIL, ADMIN_PASSWORD, false);
    await canvas.findByTestId('staff-name', {}, { timeout: 5000 });
    await expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).not.toBeNull();
    await expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  },
};

export const WrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, ADMIN_EMAIL, 'senha-errada');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
    await expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  },
};

export const RateLimited: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, BLOCKED_EMAIL, 'qualquer-senha');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente em 30 segundos.',
    );
  },
};

export const ServerDown: Story = {
  parameters: { msw: { handlers: { auth: authScenarios.serverDown } } },
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    );
  },
};

/** O servidor nunca responde: o formulário fica no estado de envio. */
export const Sending: Story = {
  parameters: { msw: { handlers: { auth: authScenarios.pending } } },
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Entrando…' })).toBeDisabled());
  },
};
