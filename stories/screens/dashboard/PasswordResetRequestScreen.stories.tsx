import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordResetRequestScreen } from '@vitrine/ui';
import {
  authHandlers,
  authScenarios,
  RATE_LIMIT_RETRY_AFTER_SECONDS,
  RATE_LIMITED_DETAIL,
  RESET_REQUEST_URL,
} from '@vitrine/ui/mocks';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Screens/Dashboard/PasswordResetRequest/Screen',
  component: PasswordResetRequestScreen,
  parameters: {
    docs: {
      description: {
        component: `
Pedir o link de redefinição de senha (\`/senha/recuperar\`), para quem é da equipe (ADMIN,
BRAND_MANAGER ou SUPPORT) e esqueceu a senha. Qualquer e-mail recebe a mesma confirmação neutra,
para não revelar quais contas existem; um pedido que não chegou ao servidor diz isso e deixa tentar
de novo. As histórias rodam as rotas do app (\`WorkshopRoutes\`) contra o MSW.

**Estados**

- \`Default\` / \`Playground\`: o formulário vazio.
- \`RequestSent\`: a confirmação neutra.
- \`ServerDown\` (sem conexão) e \`ServerError\` (500): erro honesto, com "Tentar novamente".
- \`RateLimited\`: quanto esperar, sem "Tentar novamente".

**GraphQL**: \`StoreName\` (query).

**Rede**: \`POST /auth/password/reset/\`.
`,
      },
    },
    route: '/senha/recuperar',
  },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof PasswordResetRequestScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function request(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('E-mail'), `${email}{Enter}`);
  return canvas;
}

export const Default: Story = {};

export const Playground: Story = {};

/** Qualquer endereço recebe a mesma confirmação neutra. */
export const RequestSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, 'alguem@loja.com.br');
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.',
    );
  },
};

/** Sem conexão: nada foi enviado, então não há confirmação; a pessoa pode tentar de novo. */
export const ServerDown: Story = {
  parameters: { msw: { handlers: { auth: authScenarios.serverDown } } },
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, 'alguem@loja.com.br');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível enviar agora. Tente novamente em instantes.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** O servidor falhou (500): o mesmo erro honesto, nunca a confirmação neutra. */
export const ServerError: Story = {
  parameters: { msw: { handlers: { auth: authScenarios.serverError } } },
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, 'alguem@loja.com.br');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível enviar agora. Tente novamente em instantes.',
    );
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/**
 * Solicitações demais (429 com `Retry-After`): quanto tempo esperar, sem botão para tentar de novo.
 */
export const RateLimited: Story = {
  parameters: {
    msw: {
      handlers: {
        auth: [
          http.post(RESET_REQUEST_URL, () =>
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
    const canvas = await request(canvasElement, 'alguem@loja.com.br');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `Muitas tentativas. Tente novamente em ${RATE_LIMIT_RETRY_AFTER_SECONDS} segundos.`,
    );
    await expect(canvas.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  },
};
