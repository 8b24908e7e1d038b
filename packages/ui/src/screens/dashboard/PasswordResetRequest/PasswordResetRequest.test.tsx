import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { authScenarios, RESET_REQUEST_URL } from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { PasswordResetRequestScreen } from './PasswordResetRequestScreen';

const CONFIRMATION =
  'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.';
const UNAVAILABLE = 'Não foi possível enviar agora. Tente novamente em instantes.';

function renderRequest() {
  return renderAt(
    '/senha/recuperar',
    <Route path="/senha/recuperar" element={<PasswordResetRequestScreen />} />,
  );
}

describe('PasswordResetRequestScreen', () => {
  it("is titled 'Recuperar senha', with the store's name (as the server sends it)", async () => {
    renderRequest();
    await waitFor(() => expect(document.title).toMatch(/^Recuperar senha \| \S/));
  });

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

  it('a connection failure is not "sent": it says so in Portuguese and offers to try again', async () => {
    server.use(...authScenarios.serverDown);
    const { user } = renderRequest();
    await user.type(screen.getByLabelText('E-mail'), 'ana@loja.com.br{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // The server is back: "Tentar novamente" sends the same address again.
    server.resetHandlers();
    const sent: unknown[] = [];
    server.use(
      http.post(RESET_REQUEST_URL, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: 'ok' });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMATION);
    expect(sent).toEqual([{ email: 'ana@loja.com.br' }]);
  });

  for (const status of [500, 502, 503]) {
    it(`a ${status} server error shows the error with a retry, never the neutral confirmation`, async () => {
      server.use(
        http.post(RESET_REQUEST_URL, () =>
          HttpResponse.text('<html>Bad gateway</html>', { status }),
        ),
      );
      const { user } = renderRequest();
      await user.type(screen.getByLabelText('E-mail'), 'ana@loja.com.br{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
      expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  }

  it('too many attempts: says how long to wait, without a retry button', async () => {
    server.use(
      http.post(RESET_REQUEST_URL, () =>
        HttpResponse.json(
          { detail: 'Muitas tentativas.' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    const { user } = renderRequest();
    await user.type(screen.getByLabelText('E-mail'), 'ana@loja.com.br{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente em 30 segundos.',
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks for a valid e-mail before sending', async () => {
    const { user } = renderRequest();
    await user.type(screen.getByLabelText('E-mail'), 'ana{Enter}');
    expect(await screen.findByText('E-mail inválido.')).toBeInTheDocument();
  });
});
