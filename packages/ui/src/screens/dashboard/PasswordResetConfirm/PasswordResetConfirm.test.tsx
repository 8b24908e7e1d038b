import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PASSWORD_MESSAGES } from '@vitrine/rules';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import {
  EXPIRED_RESET_TOKEN,
  RESET_CHECK_URL,
  SERVER_ONLY_COMMON_PASSWORD,
  VALID_RESET_TOKEN,
} from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { PasswordResetConfirmScreen } from './PasswordResetConfirmScreen';

function renderConfirm(token?: string) {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return renderAt(
    `/senha/redefinir${query}`,
    <Route path="/senha/redefinir" element={<PasswordResetConfirmScreen />} />,
  );
}

describe('PasswordResetConfirmScreen', () => {
  it("is titled 'Redefinir senha', with the store's name (as the server sends it)", async () => {
    renderConfirm(VALID_RESET_TOKEN);
    await waitFor(() => expect(document.title).toMatch(/^Redefinir senha \| \S/));
  });

  it('says the passwords do not match', async () => {
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    await user.type(await screen.findByLabelText('Nova senha'), 'uma-senha-longa-1');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'outra-senha-longa-2');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeInTheDocument();
  });

  it('ticks the rules off live as the password is typed', async () => {
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    const rules = await screen.findByRole('list', { name: 'Requisitos da senha' });
    expect(within(rules).getByText(/Pelo menos 10 caracteres/)).toHaveTextContent('pendente');
    await user.type(screen.getByLabelText('Nova senha'), 'girassol-azul-42');
    expect(within(rules).getByText(/Pelo menos 10 caracteres/)).toHaveTextContent('atendido');
    expect(within(rules).getByText(/Não ser uma senha comum/)).toHaveTextContent('atendido');
  });

  it("puts the server's message on the password field", async () => {
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    await user.type(await screen.findByLabelText('Nova senha'), SERVER_ONLY_COMMON_PASSWORD);
    await user.type(screen.getByLabelText('Repita a nova senha'), SERVER_ONLY_COMMON_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.common)).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('leaves the e-mail rule to the server, whose words reach the field', async () => {
    // The link's account is the admin's (admin@…): the client cannot know it before sending.
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    await user.type(await screen.findByLabelText('Nova senha'), 'Admin-da-loja-2024');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'Admin-da-loja-2024');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.containsEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('confirms the new password and links to the login', async () => {
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    await user.type(await screen.findByLabelText('Nova senha'), 'girassol-azul-42');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'girassol-azul-42{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Sua senha foi alterada.');
    expect(screen.getByRole('link', { name: 'Entrar no painel' })).toHaveAttribute(
      'href',
      '/dashboard/login',
    );
  });

  it('checks the link as the page opens: an expired one gets the way to a new link, no form', async () => {
    renderConfirm(EXPIRED_RESET_TOKEN);
    expect(screen.getByRole('status')).toHaveTextContent('Verificando o link de redefinição…');
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('inválido ou expirou');
    expect(screen.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/senha/recuperar',
    );
  });

  it('shows the form once the link is known to work', async () => {
    renderConfirm(VALID_RESET_TOKEN);
    expect(screen.getByRole('status')).toHaveTextContent('Verificando o link de redefinição…');
    expect(await screen.findByLabelText('Nova senha')).toBeVisible();
    expect(screen.queryByText('Verificando o link de redefinição…')).not.toBeInTheDocument();
  });

  it('shows the form when the check gets no answer: saving checks the link again', async () => {
    server.use(http.post(RESET_CHECK_URL, () => HttpResponse.error()));
    renderConfirm(VALID_RESET_TOKEN);
    expect(await screen.findByLabelText('Nova senha')).toBeVisible();
  });

  it('still explains a link used up between the check and the saving', async () => {
    server.use(http.post(RESET_CHECK_URL, () => HttpResponse.json({ valid: true })));
    const { user } = renderConfirm(EXPIRED_RESET_TOKEN);
    await user.type(await screen.findByLabelText('Nova senha'), 'girassol-azul-42');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'girassol-azul-42{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('inválido ou expirou');
  });

  it('treats a link without a token as invalid right away', () => {
    renderConfirm();
    expect(screen.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeInTheDocument();
  });
});
