// Minha conta against the MSW mock: the profile's name saved; the password changed (the new token
// pair adopted as this session's) or refused at the current password; the authenticator enrolled
// (QR as an image, wrong then right code, the 10 recovery codes kept before closing); turned off
// with a wrong then a right code; refused while the store requires it; new recovery codes; and the
// shell keeping an account the store requires to enrol on Minha conta.
import { screen, waitFor, within } from '@testing-library/react';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@vitrine/auth';
import { useApolloClient } from '@apollo/client';
import { PASSWORD_MESSAGES } from '@vitrine/rules';
import { graphql, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { RequireStaffSession } from '../../../auth';
import { ADMIN_PASSWORD, staffMock } from '../../../mocks';
import {
  DISABLE_REQUIRED_MESSAGE,
  INVALID_CODE_MESSAGE,
  SETUP_REQUIRED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  withAccount,
  type AccountSeed,
} from '../../../mocks/auth/staffAccount';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { DashboardShellScreen } from '../Shell/DashboardShellScreen';
import { DASHBOARD_SHELL_BRANDS_QUERY } from '../Shell/DashboardShellScreen.graphql';
import { AccountScreen } from './AccountScreen';
import { PASSWORD_CHANGED_MESSAGE } from './AccountView';

function renderAccount(seed: AccountSeed = {}, role: 'ADMIN' | 'SUPPORT' = 'ADMIN') {
  signInAsStaff();
  server.use(...staffMock.answers({ role, ...withAccount(seed) }));
  return renderAt(
    '/dashboard/minha-conta',
    <Route path="/dashboard/minha-conta" element={<AccountScreen />} />,
  );
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('AccountScreen', () => {
  it('shows the profile with e-mail and role read-only and saves the name', async () => {
    const { user } = renderAccount({}, 'SUPPORT');
    const name = await screen.findByLabelText('Nome');
    expect(name).toHaveValue('Ana Souza');
    const profile = section('Perfil');
    expect(within(profile).getByText('admin@vitrine.com.br')).toBeInTheDocument();
    expect(within(profile).getByText('Atendimento')).toBeInTheDocument();
    expect(document.title).toBe('Minha conta · Painel');

    await user.clear(name);
    await user.click(within(profile).getByRole('button', { name: 'Salvar nome' }));
    expect(await within(profile).findByText('Informe o nome.')).toBeInTheDocument();

    await user.type(name, '  Ana Paula Souza ');
    await user.click(within(profile).getByRole('button', { name: 'Salvar nome' }));
    expect(await within(profile).findByText('Nome salvo.')).toBeInTheDocument();
    expect(name).toHaveValue('Ana Paula Souza');
  });

  it('changes the password, adopts the new tokens and says the other sessions ended', async () => {
    const { user } = renderAccount();
    const before = { access: window.sessionStorage.getItem(ACCESS_TOKEN_KEY) };
    await screen.findByLabelText('Nome');
    const form = section('Senha');
    await user.type(within(form).getByLabelText('Senha atual'), ADMIN_PASSWORD);
    await user.type(within(form).getByLabelText('Nova senha'), 'outra-senha-forte-42');
    await user.type(within(form).getByLabelText('Repita a nova senha'), 'outra-senha-forte-42');
    // Tokens are made per second: the new pair must differ from the one signed in with.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await user.click(within(form).getByRole('button', { name: 'Trocar a senha' }));

    expect(await within(form).findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument();
    const access = window.sessionStorage.getItem(ACCESS_TOKEN_KEY);
    expect(access?.split('.')).toHaveLength(3);
    expect(access).not.toBe(before.access);
    // Signed in without "remember": the new refresh token stays in session storage.
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)?.split('.')).toHaveLength(3);
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(within(form).getByLabelText('Senha atual')).toHaveValue('');
  });

  it('shows a wrong current password at its field and keeps the session', async () => {
    const { user } = renderAccount();
    await screen.findByLabelText('Nome');
    const access = window.sessionStorage.getItem(ACCESS_TOKEN_KEY);
    const form = section('Senha');
    const current = within(form).getByLabelText('Senha atual');
    await user.type(current, 'senha-errada-123');
    await user.type(within(form).getByLabelText('Nova senha'), 'outra-senha-forte-42');
    await user.type(within(form).getByLabelText('Repita a nova senha'), 'outra-senha-forte-42');
    await user.click(within(form).getByRole('button', { name: 'Trocar a senha' }));

    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(WRONG_CURRENT_PASSWORD_MESSAGE),
    );
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByText(PASSWORD_CHANGED_MESSAGE)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(access);
  });

  it('checks the new password before sending (rules and confirmation)', async () => {
    const { user } = renderAccount();
    await screen.findByLabelText('Nome');
    const form = section('Senha');
    await user.type(within(form).getByLabelText('Senha atual'), ADMIN_PASSWORD);
    await user.type(within(form).getByLabelText('Nova senha'), 'curta');
    await user.type(within(form).getByLabelText('Repita a nova senha'), 'outra');
    await user.click(within(form).getByRole('button', { name: 'Trocar a senha' }));
    expect(await within(form).findByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
    expect(within(form).getByText('As senhas não conferem.')).toBeInTheDocument();
  });

  it("asks for a new password that differs from the current one, in the server's words", async () => {
    const { user } = renderAccount();
    await screen.findByLabelText('Nome');
    const form = section('Senha');
    await user.type(within(form).getByLabelText('Senha atual'), ADMIN_PASSWORD);
    await user.type(within(form).getByLabelText('Nova senha'), ADMIN_PASSWORD);
    await user.type(within(form).getByLabelText('Repita a nova senha'), ADMIN_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Trocar a senha' }));
    expect(await within(form).findByText(PASSWORD_MESSAGES.sameAsCurrent)).toBeInTheDocument();
    expect(within(form).queryByText(PASSWORD_CHANGED_MESSAGE)).not.toBeInTheDocument();
  });

  it('enrols: QR as an image, the key in groups, wrong then right code, the codes kept before closing', async () => {
    const { user } = renderAccount();
    const twoFactor = await screen.findByRole('region', { name: 'Verificação em duas etapas' });
    expect(within(twoFactor).getByText('Desativada')).toBeInTheDocument();
    await user.click(within(twoFactor).getByRole('button', { name: 'Ativar' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Ativar a verificação em duas etapas',
    });
    const qr = await within(dialog).findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(dialog.querySelector('svg rect')).toBeNull(); // the markup is never inserted live
    expect(within(dialog).getByLabelText('Chave do aplicativo')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    const code = within(dialog).getByLabelText('Código do aplicativo');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(INVALID_CODE_MESSAGE));

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const codes = await within(dialog).findByRole('list', { name: 'Códigos de recuperação' });
    const items = within(codes).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    for (const item of items) expect(item.textContent).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const done = within(dialog).getByRole('button', { name: 'Concluir' });
    expect(done).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Guardei os códigos em lugar seguro' }),
    );
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(twoFactor).findByText('Ativa')).toBeInTheDocument();
    expect(within(twoFactor).getByRole('button', { name: 'Desativar' })).toBeInTheDocument();
  });

  it('turns two-factor off: a wrong code at the field, then the right one', async () => {
    const { user } = renderAccount({ twoFactorEnabled: true });
    const twoFactor = await screen.findByRole('region', { name: 'Verificação em duas etapas' });
    await user.click(within(twoFactor).getByRole('button', { name: 'Desativar' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Desativar a verificação em duas etapas',
    });
    const code = within(dialog).getByLabelText('Código de verificação');
    await user.type(code, '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(INVALID_CODE_MESSAGE));

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(twoFactor).findByText('Verificação em duas etapas desativada.'),
    ).toBeInTheDocument();
    expect(within(twoFactor).getByText('Desativada')).toBeInTheDocument();
    expect(within(twoFactor).getByRole('button', { name: 'Ativar' })).toBeInTheDocument();
  });

  it("refuses to turn it off while the store requires it, with the server's message", async () => {
    const { user } = renderAccount({ twoFactorEnabled: true, storeRequiresTwoFactor: true });
    const twoFactor = await screen.findByRole('region', { name: 'Verificação em duas etapas' });
    await user.click(within(twoFactor).getByRole('button', { name: 'Desativar' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Código de verificação'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DISABLE_REQUIRED_MESSAGE);
    expect(within(twoFactor).getByText('Ativa')).toBeInTheDocument();
  });

  it('gives new recovery codes after a code (a recovery code works too)', async () => {
    const { user } = renderAccount({ twoFactorEnabled: true });
    const twoFactor = await screen.findByRole('region', { name: 'Verificação em duas etapas' });
    await user.click(
      within(twoFactor).getByRole('button', { name: 'Gerar novos códigos de recuperação' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Gerar novos códigos de recuperação',
    });
    await user.type(within(dialog).getByLabelText('Código de verificação'), 'ABCDE-FGHIJ');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar novos códigos' }));
    const codes = await within(dialog).findByRole('list', { name: 'Códigos de recuperação' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(within(codes).queryByText('abcde-fghij')).not.toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Guardei os códigos em lugar seguro' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(twoFactor).getByText(/Novos códigos de recuperação gerados/)).toBeInTheDocument();
  });
});

describe('the two-factor requirement in the shell', { timeout: 60_000 }, () => {
  function renderShell(route: string, seed: AccountSeed) {
    signInAsStaff();
    server.use(...staffMock.answers({ ...withAccount(seed) }));
    return renderAt(
      route,
      <Route
        path="/dashboard"
        element={
          <RequireStaffSession>
            <DashboardShellScreen />
          </RequireStaffSession>
        }
      >
        <Route path="pedidos" element={<p>Lista de pedidos</p>} />
        <Route path="minha-conta" element={<AccountScreen />} />
      </Route>,
    );
  }

  it('sends an account that has not enrolled to Minha conta with the banner, until it enrols', async () => {
    // The mock refuses every other operation of this account, as the server does; the frame's
    // `me` and the store's name still answer.
    const { user } = renderShell('/dashboard/pedidos', { storeRequiresTwoFactor: true });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/minha-conta'),
    );
    expect(
      await screen.findByText('Ative a verificação em duas etapas para continuar'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Lista de pedidos')).not.toBeInTheDocument();

    const twoFactor = await screen.findByRole('region', { name: 'Verificação em duas etapas' });
    await user.click(within(twoFactor).getByRole('button', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Código do aplicativo'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await user.click(
      await within(dialog).findByRole('checkbox', { name: 'Guardei os códigos em lugar seguro' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Ative a verificação em duas etapas para continuar'),
      ).not.toBeInTheDocument(),
    );
  });

  it('sends the person to the enrolment from any page once an operation is refused for it (the store turned the requirement on meanwhile)', async () => {
    /** A page that asks the API for something when its button is pressed. */
    function Probe() {
      const client = useApolloClient();
      return (
        <button
          type="button"
          onClick={() =>
            void client
              .query({ query: DASHBOARD_SHELL_BRANDS_QUERY, fetchPolicy: 'network-only' })
              .catch(() => undefined)
          }
        >
          Carregar
        </button>
      );
    }
    signInAsStaff();
    server.use(...staffMock.answers({ role: 'SUPPORT', ...withAccount({}) }));
    const { user } = renderAt(
      '/dashboard/pedidos',
      <Route
        path="/dashboard"
        element={
          <RequireStaffSession>
            <DashboardShellScreen />
          </RequireStaffSession>
        }
      >
        <Route path="pedidos" element={<Probe />} />
        <Route path="minha-conta" element={<p>Minha conta</p>} />
      </Route>,
    );
    const probe = await screen.findByRole('button', { name: 'Carregar' });
    // Now the store requires it: the API refuses this account's next operation.
    server.use(
      graphql.operation(() =>
        HttpResponse.json({
          data: null,
          errors: [
            { message: SETUP_REQUIRED_MESSAGE, extensions: { code: 'TWO_FACTOR_SETUP_REQUIRED' } },
          ],
        }),
      ),
    );
    await user.click(probe);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/minha-conta'),
    );
    expect(
      await screen.findByText('Ative a verificação em duas etapas para continuar'),
    ).toBeInTheDocument();
  });

  it('leaves an enrolled account (or a store without the requirement) where it was', async () => {
    renderShell('/dashboard/pedidos', { storeRequiresTwoFactor: true, twoFactorEnabled: true });
    expect(await screen.findByText('Lista de pedidos')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/pedidos');
    expect(
      screen.queryByText('Ative a verificação em duas etapas para continuar'),
    ).not.toBeInTheDocument();
  });
});
