// The login's second step (issue 15) against the MSW auth mock: an account with two-factor
// sign-in is asked for the app's code after its password; a wrong code shows the server's message
// at the field; a recovery code works; too many attempts show the 429 message; the right code
// stores the tokens under SPEC's keys.
import { screen, waitFor } from '@testing-library/react';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@vitrine/auth';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  authScenarios,
  TWO_FACTOR_EMAIL,
  TWO_FACTOR_INVALID_DETAIL,
  TWO_FACTOR_REQUIRED_DETAIL,
} from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { DashboardLoginScreen } from './DashboardLoginScreen';

function recordLogins() {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (!request.url.includes('/auth/login/')) return;
    void request
      .clone()
      .json()
      .then((body: Record<string, unknown>) => bodies.push(body));
  });
  return bodies;
}

async function signInWithPassword(email = TWO_FACTOR_EMAIL, remember = false) {
  const rendered = renderAt(
    '/dashboard/login',
    <>
      <Route path="/dashboard/login" element={<DashboardLoginScreen />} />
      <Route path="/dashboard/*" element={<p>Painel da loja</p>} />
    </>,
  );
  const { user } = rendered;
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Senha'), ADMIN_PASSWORD);
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Lembrar de mim' }));
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return rendered;
}

describe('DashboardLoginScreen: two-factor step', () => {
  it('asks for the code after the password, then signs in with it and stores the tokens under _uat/_urt', async () => {
    const bodies = recordLogins();
    const { user } = await signInWithPassword(TWO_FACTOR_EMAIL, true);

    expect(
      await screen.findByRole('heading', { name: 'Verificação em duas etapas' }),
    ).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_EMAIL)).toBeInTheDocument();
    const field = screen.getByLabelText('Código de verificação');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();

    await user.type(field, '123456{Enter}');
    expect(await screen.findByText('Painel da loja')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)?.split('.')).toHaveLength(3);
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)?.split('.')).toHaveLength(3);
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(bodies).toEqual([
      { email: TWO_FACTOR_EMAIL, password: ADMIN_PASSWORD, remember: true },
      { email: TWO_FACTOR_EMAIL, password: ADMIN_PASSWORD, remember: true, otp: '123456' },
    ]);
    server.events.removeAllListeners();
  });

  it("a wrong code shows the server's message at the field and keeps the step", async () => {
    const { user } = await signInWithPassword();
    const field = await screen.findByLabelText('Código de verificação');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    await waitFor(() => expect(field).toHaveAccessibleDescription(TWO_FACTOR_INVALID_DETAIL));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(screen.queryByText(TWO_FACTOR_REQUIRED_DETAIL)).not.toBeInTheDocument();
  });

  it('checks the code locally before sending (6 digits; recovery xxxxx-xxxxx)', async () => {
    const bodies = recordLogins();
    const { user } = await signInWithPassword();
    const field = await screen.findByLabelText('Código de verificação');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('O código tem 6 dígitos.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));
    const recovery = screen.getByLabelText('Código de recuperação');
    await user.type(recovery, 'abc');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('O código de recuperação tem o formato xxxxx-xxxxx.'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(1); // only the password step reached the server
    server.events.removeAllListeners();
  });

  it('signs in with a recovery code (typed in capitals, sent as the server takes it)', async () => {
    const bodies = recordLogins();
    const { user } = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Usar um código de recuperação' }));
    await user.type(screen.getByLabelText('Código de recuperação'), 'ABCDE-FGHIJ{Enter}');
    expect(await screen.findByText('Painel da loja')).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ otp: 'abcde-fghij' });
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).not.toBeNull();
    server.events.removeAllListeners();
  });

  it('too many wrong codes: the 429 message as for passwords', async () => {
    server.use(...authScenarios.codeRateLimited);
    const { user } = await signInWithPassword();
    await user.type(await screen.findByLabelText('Código de verificação'), '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente em 30 segundos.',
    );
  });

  it('"Voltar" returns to the password step with the e-mail kept', async () => {
    const { user } = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue(TWO_FACTOR_EMAIL);
    expect(screen.getByLabelText('Senha')).toHaveValue('');
  });

  it('an account without two-factor never sees the step', async () => {
    await signInWithPassword(ADMIN_EMAIL);
    expect(await screen.findByText('Painel da loja')).toBeInTheDocument();
    expect(screen.queryByText('Verificação em duas etapas')).not.toBeInTheDocument();
  });
});
