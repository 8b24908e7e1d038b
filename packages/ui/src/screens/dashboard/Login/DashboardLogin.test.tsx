import { screen, waitFor } from '@testing-library/react';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@vitrine/auth';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BLOCKED_EMAIL,
  authScenarios,
  LOGIN_URL,
} from '../../../mocks';
import { server } from '../../../mocks/server';
import { deferred, renderAt } from '../../../test/renderAt';
import { DashboardLoginScreen } from './DashboardLoginScreen';

function renderLogin(route = '/dashboard/login') {
  return renderAt(
    route,
    <>
      <Route path="/dashboard/login" element={<DashboardLoginScreen />} />
      <Route path="/dashboard/*" element={<p>Painel da loja</p>} />
    </>,
  );
}

async function fillIn(
  user: ReturnType<typeof renderLogin>['user'],
  email: string,
  password: string,
) {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Senha'), password);
}

describe('DashboardLoginScreen', () => {
  it("is titled 'Entrar no painel', with the store's name (as the server sends it)", async () => {
    renderLogin();
    await waitFor(() => expect(document.title).toMatch(/^Entrar no painel \| \S/));
  });

  it('signs in, keeps the access token in session storage and opens the dashboard', async () => {
    const { user } = renderLogin();
    await fillIn(user, ADMIN_EMAIL, ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Painel da loja')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)?.split('.')).toHaveLength(3);
  });

  it('keeps the refresh token only in session storage when "Lembrar de mim" is off', async () => {
    const { user } = renderLogin();
    await fillIn(user, ADMIN_EMAIL, ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await screen.findByText('Painel da loja');
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).not.toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('keeps the refresh token in local storage when "Lembrar de mim" is on', async () => {
    const { user } = renderLogin();
    await fillIn(user, ADMIN_EMAIL, ADMIN_PASSWORD);
    await user.click(screen.getByRole('checkbox', { name: 'Lembrar de mim' }));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await screen.findByText('Painel da loja');
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).not.toBeNull();
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  });

  it('says "E-mail ou senha incorretos." for a wrong password and stores nothing', async () => {
    const { user } = renderLogin();
    await fillIn(user, ADMIN_EMAIL, 'senha-errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('tells how many seconds to wait when the server rate limits the login', async () => {
    const { user } = renderLogin();
    await fillIn(user, BLOCKED_EMAIL, 'qualquer-senha');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente em 30 segundos.',
    );
  });

  it('explains a connection failure when the server cannot be reached', async () => {
    server.use(...authScenarios.serverDown);
    const { user } = renderLogin();
    await fillIn(user, ADMIN_EMAIL, ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    );
  });

  it('shows a generic message when the server fails', async () => {
    server.use(...authScenarios.serverError);
    const { user } = renderLogin();
    await fillIn(user, ADMIN_EMAIL, ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível concluir agora. Tente novamente em alguns instantes.',
    );
  });

  it('disables the button and shows progress while the login is being sent', async () => {
    const answer = deferred();
    server.use(
      http.post(LOGIN_URL, async () => {
        await answer.promise;
        return HttpResponse.json({ detail: 'E-mail ou senha incorretos.' }, { status: 401 });
      }),
    );
    const { user } = renderLogin();
    await fillIn(user, ADMIN_EMAIL, ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    const sendingButton = await screen.findByRole('button', { name: 'Entrando…' });
    expect(sendingButton).toBeDisabled();
    answer.resolve();
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('submits when Enter is pressed in the password field', async () => {
    const { user } = renderLogin();
    await fillIn(user, ADMIN_EMAIL, `${ADMIN_PASSWORD}{Enter}`);
    expect(await screen.findByText('Painel da loja')).toBeInTheDocument();
  });

  it('checks the fields in Portuguese before calling the server', async () => {
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/auth/login/')) calls += 1;
    });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Informe sua senha.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail'), 'ana-arroba-loja');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail inválido.')).toBeInTheDocument();
    expect(calls).toBe(0);
    server.events.removeAllListeners();
  });

  it('returns to the dashboard page in `next` after signing in', async () => {
    const { user } = renderLogin('/dashboard/login?next=%2Fdashboard%2Fpedidos');
    await fillIn(user, ADMIN_EMAIL, `${ADMIN_PASSWORD}{Enter}`);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/pedidos'),
    );
  });

  it('links to the password reset request', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      '/senha/recuperar',
    );
  });
});
