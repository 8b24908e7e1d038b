import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { authScenarios, RESET_REQUEST_URL } from '../../mocks';
import { server } from '../../mocks/server';
import { renderAt } from '../../test/renderAt';
import { PasswordResetRequestScreen } from './PasswordResetRequestScreen';

const CONFIRMATION =
  'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.';

function renderRequest() {
  return renderAt(
    '/senha/recuperar',
    <Route path="/senha/recuperar" element={<PasswordResetRequestScreen />} />,
  );
}

describe('PasswordResetRequestScreen', () => {
  it('shows the neutral confirmation after the request is accepted', async () => {
    const { user } = renderRequest();
    await user.type(screen.getByLabelText('E-mail'), 'ana@loja.com.br{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMATION);
    expect(screen.getAllByRole('link', { name: 'Voltar para o login' })[0]).toHaveAttribute(
      'href',
      '/dashboard/login',
    );
  });

  it('shows the same confirmation when the server refuses the address', async () => {
    server.use(
      http.post(RESET_REQUEST_URL, () =>
        HttpResponse.json({ email: ['Conta não encontrada.'] }, { status: 400 }),
      ),
    );
    const { user } = renderRequest();
    await user.type(screen.getByLabelText('E-mail'), 'ninguem@loja.com.br{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMATION);
    expect(screen.queryByText('Conta não encontrada.')).not.toBeInTheDocument();
  });

  it('explains a connection failure instead of confirming', async () => {
    server.use(...authScenarios.serverDown);
    const { user } = renderRequest();
    await user.type(screen.getByLabelText('E-mail'), 'ana@loja.com.br{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível conectar ao servidor.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks for a valid e-mail before sending', async () => {
    const { user } = renderRequest();
    await user.type(screen.getByLabelText('E-mail'), 'ana{Enter}');
    expect(await screen.findByText('E-mail inválido.')).toBeInTheDocument();
  });
});
