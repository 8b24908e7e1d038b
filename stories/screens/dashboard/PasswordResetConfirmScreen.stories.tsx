import type { Meta, StoryObj } from '@storybook/react-vite';
import { PASSWORD_MESSAGES } from '@vitrine/rules';
import { PasswordResetConfirmScreen } from '@vitrine/ui';
import {
  authHandlers,
  authScenarios,
  EXPIRED_RESET_TOKEN,
  RATE_LIMIT_RETRY_AFTER_SECONDS,
  RATE_LIMITED_DETAIL,
  RESET_CHECK_URL,
  RESET_CONFIRM_URL,
  SERVER_ONLY_COMMON_PASSWORD,
  VALID_RESET_TOKEN,
} from '@vitrine/ui/mocks';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Screens/Dashboard/PasswordResetConfirm/Screen',
  component: PasswordResetConfirmScreen,
  parameters: {
    docs: {
      description: {
        component: `
Redefinir a senha pelo link do e-mail (\`/senha/redefinir?token=…\`): a pessoa da equipe (ADMIN,
BRAND_MANAGER ou SUPPORT) escolhe a nova senha. O link é conferido ao abrir a página, então um link
vencido, usado ou desconhecido leva a pedir um novo antes de qualquer digitação. As histórias rodam
as rotas do app (\`WorkshopRoutes\`) contra o MSW.

**Estados**

- \`Default\` / \`Playground\`: link válido, o formulário aparece depois da conferência.
- \`PasswordChanged\`: "Sua senha foi alterada." e o link "Entrar no painel".
- \`PasswordsDoNotMatch\` e \`WeakPassword\` (senha comum pela lista do servidor).
- \`ExpiredLink\` (com "Pedir um novo link") e \`MissingToken\` (sem \`?token=\`).
- \`CheckingLink\`: a conferência não responde; carregando, sem formulário.
- \`ServerDown\` e \`RateLimited\` (quanto esperar; a senha digitada fica).

**GraphQL**: \`StoreName\` (query).

**Rede**: \`POST /auth/password/reset/check/\` (ao abrir) e \`POST /auth/password/reset/confirm/\`.
`,
      },
    },
    route: `/senha/redefinir?token=${VALID_RESET_TOKEN}`,
  },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof PasswordResetConfirmScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function choose(canvasElement: HTMLElement, password: string, confirmation = password) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Nova senha'), password);
  await userEvent.type(canvas.getByLabelText('Repita a nova senha'), `${confirmation}{Enter}`);
  return canvas;
}

/** Um link válido: o formulário aparece assim que a verificação responde. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('Nova senha')).toBeVisible();
  },
};

export const Playground: Story = { play: Default.play };

export const PasswordChanged: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'girassol-azul-42');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Sua senha foi alterada.');
    await expect(canvas.getByRole('link', { name: 'Entrar no painel' })).toBeVisible();
  },
};

export const PasswordsDoNotMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'girassol-azul-42', 'girassol-azul-24');
    await expect(await canvas.findByText('As senhas não conferem.')).toBeVisible();
  },
};

/** As regras de senha do servidor são mais rígidas que a lista do cliente: a mensagem dele aparece. */
export const WeakPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, SERVER_ONLY_COMMON_PASSWORD);
    await expect(await canvas.findByText(PASSWORD_MESSAGES.common)).toBeVisible();
  },
};

/**
 * Um link expirado, já usado ou desconhecido: avisado logo que a página abre, antes de qualquer
 * senha ser digitada.
 */
export const ExpiredLink: Story = {
  parameters: { route: `/senha/redefinir?token=${EXPIRED_RESET_TOKEN}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('inválido ou expirou');
    await expect(canvas.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
    await expect(canvas.queryByLabelText('Nova senha')).toBeNull();
  },
};

/**
 * O link está sendo verificado (aqui a verificação nunca responde): um estado de carregamento,
 * ainda sem formulário.
 */
export const CheckingLink: Story = {
  parameters: {
    msw: {
      handlers: {
        auth: [
          http.post(RESET_CHECK_URL, async () => {
            await delay('infinite');
          }),
          ...authHandlers,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Verificando o link de redefinição…',
    );
    await expect(canvas.queryByLabelText('Nova senha')).toBeNull();
  },
};

export const MissingToken: Story = {
  parameters: { route: '/senha/redefinir' },
};

export const ServerDown: Story = {
  parameters: { msw: { handlers: { auth: authScenarios.serverDown } } },
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'girassol-azul-42');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível conectar ao servidor.',
    );
  },
};

/**
 * Tentativas demais (429 com `Retry-After`): quanto tempo esperar, e a senha digitada é mantida.
 */
export const RateLimited: Story = {
  parameters: {
    msw: {
      handlers: {
        auth: [
          http.post(RESET_CONFIRM_URL, () =>
            HttpResponse.json(
              { detail: RATE_LIMITED_DETAIL },
              {
                status: 429,
                headers: { 'Retry-After': String(RATE_LIMIT_RETRY_AFTER_SECONDS) },
              },
            ),
          ),
          ...authHandlers,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'girassol-azul-42');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `Muitas tentativas. Tente novamente em ${RATE_LIMIT_RETRY_AFTER_SECONDS} segundos.`,
    );
    await expect(canvas.getByLabelText('Nova senha')).toHaveValue('girassol-azul-42');
  },
};
