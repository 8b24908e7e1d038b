import type { Meta, StoryObj } from '@storybook/react-vite';
import { ADMIN_PASSWORD, staffMock } from '@vitrine/ui/mocks';
import { withAccount, type AccountSeed } from '@vitrine/ui/mocks/auth/staffAccount';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

import { AccountScreen } from '../../../packages/ui/src/screens/dashboard/Account';
import { DashboardShellScreen } from '../../../packages/ui/src/screens/dashboard/Shell';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/minha-conta';

function AccountPage() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardShellScreen />}>
        <Route path="minha-conta" element={<AccountScreen />} />
        <Route path="pedidos" element={<p>Lista de pedidos</p>} />
      </Route>
    </Routes>
  );
}

function staff(seed: AccountSeed = {}, role: 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT' = 'ADMIN') {
  return { staff: staffMock.answers({ role, ...withAccount(seed) }) };
}

/** /dashboard/minha-conta: the profile, the password and two-factor sign-in; every role. */
const meta = {
  title: 'Screens/Dashboard/Account',
  component: AccountScreen,
  parameters: {
    docs: {
      description: {
        component: `
"Minha conta" (\`/dashboard/minha-conta\`): o perfil, a troca de senha e a verificação em duas
etapas de quem está no painel. Toda função tem a sua (ADMIN, BRAND_MANAGER e SUPPORT); as histórias
a mostram dentro do \`DashboardShellScreen\`.

**Estados**

- \`Default\` / \`Playground\`: ADMIN sem verificação em duas etapas; \`Phone\`: o mesmo a 320 px.
- \`SupportWithTwoFactor\` (SUPPORT, verificação ativa) e \`BrandManager\` (BRAND_MANAGER).
- \`Loading\` (carregando) e \`LoadFailed\` (erro, com "Tentar de novo").
- \`PasswordChanged\` (as outras sessões são encerradas) e \`PasswordWrongCurrent\` (erro no campo).
- \`EnrolQrCode\` / \`EnrolQrCodePhone\`: QR code e chave do aplicativo; \`EnrolWrongCode\`: código
  errado.
- \`EnrolRecoveryCodes\` / \`EnrolRecoveryCodesPhone\`: os 10 códigos de recuperação, mostrados uma
  vez só.
- \`DisableAsksCode\` (desativar pede um código) e \`DisableRefusedByStore\` (a loja exige).
- \`SetupRequired\` / \`SetupRequiredPhone\`: a loja exige e a conta não ativou; o painel traz a
  pessoa para cá, com o aviso.

**GraphQL**: \`MyAccount\` (query); \`MyProfileUpdate\`, \`MyPasswordChange\`,
\`TwoFactorEnrolStart\`, \`TwoFactorEnrolConfirm\`, \`TwoFactorDisable\` e
\`TwoFactorRecoveryCodesRegenerate\` (mutations). Depois de salvar o nome, relê \`DashboardShell\`;
depois de ativar, \`TwoFactorGate\`.
`,
      },
    },
    route: PATH,
    session: 'staff',
    msw: { handlers: staff() },
  },
  render: () => <AccountPage />,
} satisfies Meta<typeof AccountScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function region(canvasElement: HTMLElement, name: string) {
  return within(canvasElement).findByRole('region', { name }, { timeout: 5000 });
}

/** Um ADMIN sem verificação em duas etapas. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const profile = await region(canvasElement, 'Perfil');
    await expect(within(profile).getByLabelText('Nome')).toHaveValue('Ana Souza');
    await expect(within(profile).getByText('Administração')).toBeVisible();
    const twoFactor = await region(canvasElement, 'Verificação em duas etapas');
    await expect(within(twoFactor).getByText('Desativada')).toBeVisible();
  },
};

export const Playground: Story = {};

export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await region(canvasElement, 'Perfil');
    await expectNoHorizontalScroll(320);
  },
};

/** Toda função tem a sua conta: uma pessoa do SUPPORT com a verificação em duas etapas ativa. */
export const SupportWithTwoFactor: Story = {
  parameters: { msw: { handlers: staff({ twoFactorEnabled: true }, 'SUPPORT') } },
  play: async ({ canvasElement }) => {
    const profile = await region(canvasElement, 'Perfil');
    await expect(within(profile).getByText('Atendimento')).toBeVisible();
    const twoFactor = await region(canvasElement, 'Verificação em duas etapas');
    await expect(within(twoFactor).getByText('Ativa')).toBeVisible();
    await expect(within(twoFactor).getByRole('button', { name: 'Desativar' })).toBeVisible();
  },
};

export const BrandManager: Story = {
  parameters: { msw: { handlers: staff({}, 'BRAND_MANAGER') } },
  play: async ({ canvasElement }) => {
    const profile = await region(canvasElement, 'Perfil');
    await expect(within(profile).getByText('Gestão de marcas')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { staff: staffMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando sua conta' }),
    ).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: { staff: staffMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Não foi possível carregar sua conta.'),
    ).toBeVisible();
    await expect(
      within(canvasElement).getByRole('button', { name: 'Tentar de novo' }),
    ).toBeVisible();
  },
};

async function changePassword(canvasElement: HTMLElement, current: string) {
  const form = await region(canvasElement, 'Senha');
  // Pasted, as a password manager fills them: typing three long passwords takes seconds.
  for (const [label, value] of [
    ['Senha atual', current],
    ['Nova senha', 'outra-senha-forte-42'],
    ['Repita a nova senha', 'outra-senha-forte-42'],
  ] as const) {
    await userEvent.click(within(form).getByLabelText(label));
    await userEvent.paste(value);
  }
  await userEvent.click(within(form).getByRole('button', { name: 'Trocar a senha' }));
  return form;
}

/** A senha foi trocada: esta sessão continua, as outras foram encerradas. */
export const PasswordChanged: Story = {
  play: async ({ canvasElement }) => {
    const form = await changePassword(canvasElement, ADMIN_PASSWORD);
    await expect(
      await within(form).findByText('Senha alterada. As outras sessões foram encerradas.'),
    ).toBeVisible();
  },
};

/** Senha atual errada: a mensagem do servidor no campo. */
export const PasswordWrongCurrent: Story = {
  play: async ({ canvasElement }) => {
    const form = await changePassword(canvasElement, 'senha-errada-123');
    const field = within(form).getByLabelText('Senha atual');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Senha atual incorreta.'));
  },
};

async function openEnrol(canvasElement: HTMLElement) {
  const twoFactor = await region(canvasElement, 'Verificação em duas etapas');
  await userEvent.click(within(twoFactor).getByRole('button', { name: 'Ativar' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Ativar a verificação em duas etapas',
  });
  await within(dialog).findByRole('img', { name: /QR code/ });
  return dialog;
}

/** Ativando: o QR code (o SVG do servidor como imagem), a chave em grupos, o código. */
export const EnrolQrCode: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEnrol(canvasElement);
    await expect(within(dialog).getByLabelText('Chave do aplicativo')).toHaveTextContent(
      'JBSW Y3DP',
    );
  },
};

export const EnrolQrCodePhone: Story = {
  globals: phone,
  play: async (context) => {
    await EnrolQrCode.play?.(context);
  },
};

/** Um código errado na ativação: o erro no campo. */
export const EnrolWrongCode: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEnrol(canvasElement);
    const field = within(dialog).getByLabelText('Código do aplicativo');
    await userEvent.type(field, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  },
};

/**
 * Confirmado: os 10 códigos de recuperação, mostrados uma vez só; só dá para fechar depois de
 * "Guardei os códigos".
 */
export const EnrolRecoveryCodes: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEnrol(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Código do aplicativo'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const codes = await within(dialog).findByRole('list', { name: 'Códigos de recuperação' });
    await expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await expect(within(dialog).getByRole('button', { name: 'Concluir' })).toBeDisabled();
  },
};

export const EnrolRecoveryCodesPhone: Story = {
  globals: phone,
  play: async (context) => {
    await EnrolRecoveryCodes.play?.(context);
  },
};

/** Desativar pede um código. */
export const DisableAsksCode: Story = {
  parameters: { msw: { handlers: staff({ twoFactorEnabled: true }) } },
  play: async ({ canvasElement }) => {
    const twoFactor = await region(canvasElement, 'Verificação em duas etapas');
    await userEvent.click(within(twoFactor).getByRole('button', { name: 'Desativar' }));
    await expect(
      await screen.findByRole('dialog', { name: 'Desativar a verificação em duas etapas' }),
    ).toBeVisible();
  },
};

/** A loja exige a verificação: a desativação é recusada com a mensagem do servidor. */
export const DisableRefusedByStore: Story = {
  parameters: {
    msw: { handlers: staff({ twoFactorEnabled: true, storeRequiresTwoFactor: true }) },
  },
  play: async ({ canvasElement }) => {
    const twoFactor = await region(canvasElement, 'Verificação em duas etapas');
    await userEvent.click(within(twoFactor).getByRole('button', { name: 'Desativar' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Código de verificação'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A loja exige verificação em duas etapas',
    );
  },
};

/**
 * A loja exige a verificação em duas etapas e esta conta não a ativou: a pessoa é trazida para cá,
 * com o aviso.
 */
export const SetupRequired: Story = {
  parameters: {
    route: '/dashboard/pedidos',
    msw: { handlers: staff({ storeRequiresTwoFactor: true }) },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Ative a verificação em duas etapas para continuar',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(within(canvasElement).queryByText('Lista de pedidos')).toBeNull();
    await region(canvasElement, 'Verificação em duas etapas');
  },
};

export const SetupRequiredPhone: Story = {
  ...SetupRequired,
  globals: phone,
  play: async (context) => {
    await SetupRequired.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};
