import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCESS_TOKEN_KEY } from '@vitrine/auth';
import { DashboardLoginScreen } from '@vitrine/ui';
import {
  ADMIN_PASSWORD,
  authScenarios,
  TWO_FACTOR_EMAIL,
  TWO_FACTOR_INVALID_DETAIL,
} from '@vitrine/ui/mocks';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

/**
 * The login of an account with two-factor sign-in (dupla@loja.test, the login's password; code
 * 123456, recovery code abcde-fghij): the password, then the app's code.
 */
const meta = {
  title: 'Screens/Dashboard/Login/Two-factor',
  component: DashboardLoginScreen,
  parameters: {
    docs: {
      description: {
        component: `
O login do painel (\`/dashboard/login\`) de uma conta com verificação em duas etapas: primeiro
e-mail e senha, depois o código de 6 dígitos do aplicativo (teclado numérico, \`one-time-code\`) ou
um código de recuperação (\`xxxxx-xxxxx\`), enviado com o mesmo e-mail e senha. Vale para qualquer
função da equipe.

**Estados**

- \`PasswordStepPhone\`: a primeira etapa, a 320 px.
- \`CodeAsked\` / \`CodeAskedPhone\`: o servidor pediu o código.
- \`CodeWrong\` / \`CodeWrongPhone\`: código errado, a mensagem do servidor no campo.
- \`RecoveryCode\` / \`RecoveryCodePhone\`: "Usar um código de recuperação".
- \`Throttled\` / \`ThrottledPhone\`: muitas tentativas erradas.
- \`CodeAccepted\`: o código certo entra no painel.

**GraphQL**: \`StoreName\` (query).

**Rede**: \`POST /auth/login/\` (a segunda vez com o código).
`,
      },
    },
    route: '/dashboard/login',
  },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof DashboardLoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function toCodeStep(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('E-mail'), TWO_FACTOR_EMAIL);
  await userEvent.type(canvas.getByLabelText('Senha'), ADMIN_PASSWORD);
  await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
  await canvas.findByRole('heading', { name: 'Verificação em duas etapas' });
  return canvas;
}

/** A primeira etapa, no celular: e-mail e senha, como em qualquer conta. */
export const PasswordStepPhone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByLabelText('E-mail');
    await expectNoHorizontalScroll(320);
  },
};

/** O servidor pediu o código: os 6 dígitos do aplicativo (teclado numérico, `one-time-code`). */
export const CodeAsked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await toCodeStep(canvasElement);
    const field = canvas.getByLabelText('Código de verificação');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  },
};

export const CodeAskedPhone: Story = {
  ...CodeAsked,
  globals: phone,
  play: async (context) => {
    await CodeAsked.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** Um código errado: a mensagem do servidor no campo. */
export const CodeWrong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await toCodeStep(canvasElement);
    const field = canvas.getByLabelText('Código de verificação');
    await userEvent.type(field, '000000{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription(TWO_FACTOR_INVALID_DETAIL));
    await expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  },
};

export const CodeWrongPhone: Story = {
  globals: phone,
  play: async (context) => {
    await CodeWrong.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** "Usar um código de recuperação": o formato `xxxxx-xxxxx`. */
export const RecoveryCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await toCodeStep(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Usar um código de recuperação' }));
    await userEvent.type(canvas.getByLabelText('Código de recuperação'), 'abcde-fghij');
    await expect(canvas.getByRole('button', { name: 'Usar o código do aplicativo' })).toBeVisible();
  },
};

export const RecoveryCodePhone: Story = {
  globals: phone,
  play: async (context) => {
    await RecoveryCode.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** Códigos errados demais: a mesma mensagem de erro 429 das senhas. */
export const Throttled: Story = {
  parameters: { msw: { handlers: { auth: authScenarios.codeRateLimited } } },
  play: async ({ canvasElement }) => {
    const canvas = await toCodeStep(canvasElement);
    await userEvent.type(canvas.getByLabelText('Código de verificação'), '111111{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente em 30 segundos.',
    );
  },
};

export const ThrottledPhone: Story = {
  ...Throttled,
  globals: phone,
  play: async (context) => {
    await Throttled.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** O código certo entra e abre o painel. */
export const CodeAccepted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await toCodeStep(canvasElement);
    await userEvent.type(canvas.getByLabelText('Código de verificação'), '123456{Enter}');
    await canvas.findByTestId('staff-name', {}, { timeout: 5000 });
    await expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  },
};
