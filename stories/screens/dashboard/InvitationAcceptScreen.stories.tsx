import type { Meta, StoryObj } from '@storybook/react-vite';
import { PASSWORD_MESSAGES } from '@vitrine/rules';
import { SERVER_ONLY_COMMON_PASSWORD } from '@vitrine/ui/mocks';
import {
  EXPIRED_INVITATION_TOKEN,
  INVITED_EMAIL,
  VALID_INVITATION_TOKEN,
} from '@vitrine/ui/mocks/team/team.fixtures';
import { INVITATION_INVALID_DETAIL, invitationScenarios } from '@vitrine/ui/mocks/auth/invitation';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { InvitationAcceptScreen } from '../../../packages/ui/src/screens/dashboard/InvitationAccept';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const ROUTE = `/convite?token=${VALID_INVITATION_TOKEN}`;

function InvitationPage() {
  return (
    <Routes>
      <Route path="/convite" element={<InvitationAcceptScreen />} />
      <Route path="/dashboard" element={<p>Painel (sessão iniciada)</p>} />
    </Routes>
  );
}

/** /convite?token=...: an invited staff member chooses their password. */
const meta = {
  title: 'Screens/Dashboard/InvitationAccept',
  component: InvitationAcceptScreen,
  parameters: {
    docs: {
      description: {
        component: `
Aceitar um convite da equipe (\`/convite?token=…\`): a pessoa convidada (para qualquer função:
ADMIN, BRAND_MANAGER ou SUPPORT) escolhe a senha e entra no painel já logada. O link é conferido ao
abrir a página, então um link ruim, usado ou vencido avisa antes de qualquer digitação.

**Estados**

- \`Default\`: link válido, a saudação, o e-mail e as regras de senha (\`PasswordStrength\`);
  \`Phone\`: o mesmo a 320 px.
- \`Checking\`: "Verificando o convite…".
- \`Accepted\`: senha criada, a pessoa cai no painel.
- \`ShortPassword\`, \`CommonPassword\` (recusada pela lista do servidor) e \`PasswordsDoNotMatch\`.
- \`Expired\` / \`ExpiredPhone\`: link vencido, a mensagem do servidor e o que fazer.
- \`SendFailed\`: sem conexão ao enviar.

**GraphQL**: \`StoreName\` (query).

**Rede**: \`POST /auth/invitation/check/\` (ao abrir) e \`POST /auth/invitation/accept/\` (ao enviar
a senha).
`,
      },
    },
    route: ROUTE,
  },
  render: () => <InvitationPage />,
} satisfies Meta<typeof InvitationAcceptScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function choose(canvasElement: HTMLElement, password: string, confirmation = password) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Senha'), password);
  await userEvent.type(canvas.getByLabelText('Repita a senha'), confirmation);
  await userEvent.click(canvas.getByRole('button', { name: 'Criar senha e entrar' }));
  return canvas;
}

/** Um link que funciona: a saudação, o e-mail, as regras de senha. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Olá, Diego' })).toBeVisible();
    await expect(canvas.getByText(INVITED_EMAIL)).toBeVisible();
  },
};

/** No celular. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Olá, Diego' });
    await expectNoHorizontalScroll(320);
  },
};

/** O link está sendo conferido. */
export const Checking: Story = {
  parameters: { msw: { handlers: { invitation: invitationScenarios.pending } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Verificando o convite…',
    );
  },
};

/** Aceito: já logado, no painel. */
export const Accepted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'girassol-azul-42');
    await expect(await canvas.findByText('Painel (sessão iniciada)')).toBeVisible();
  },
};

/** Curta demais, e as regras mostram o que falta. */
export const ShortPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'curta');
    await expect(await canvas.findByText(PASSWORD_MESSAGES.tooShort)).toBeVisible();
  },
};

/** A lista do servidor recusa uma senha comum. */
export const CommonPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, SERVER_ONLY_COMMON_PASSWORD);
    await expect(await canvas.findByText(PASSWORD_MESSAGES.common)).toBeVisible();
  },
};

/** As senhas são diferentes. */
export const PasswordsDoNotMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'girassol-azul-42', 'girassol-azul-24');
    await expect(await canvas.findByText('As senhas não conferem.')).toBeVisible();
  },
};

/** Um link vencido: a mensagem do servidor e o que fazer. */
export const Expired: Story = {
  parameters: { route: `/convite?token=${EXPIRED_INVITATION_TOKEN}` },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      INVITATION_INVALID_DETAIL,
    );
  },
};

/** Um link vencido no celular. */
export const ExpiredPhone: Story = {
  globals: phone,
  parameters: Expired.parameters,
  play: Expired.play,
};

/** Sem conexão ao enviar: a mensagem acima do formulário. */
export const SendFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        invitation: invitationScenarios.acceptDown,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'girassol-azul-42');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível conectar ao servidor.',
    );
  },
};
