// Accepting a staff invitation against the MSW mock: the link checked on open and the person
// greeted; a password chosen and the session adopted (the dashboard, signed in); an expired link
// says so with what to do; a password the rules or the server refuse stays on the form.
import { screen, waitFor, within } from '@testing-library/react';
import { PASSWORD_MESSAGES } from '@vitrine/rules';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import {
  EXPIRED_INVITATION_TOKEN,
  INVITED_EMAIL,
  VALID_INVITATION_TOKEN,
} from '../../../mocks/team/team.fixtures';
import { SERVER_ONLY_COMMON_PASSWORD } from '../../../mocks';
import { INVITATION_INVALID_DETAIL } from '../../../mocks/auth/invitation';
import { renderAt } from '../../../test/renderAt';
import { InvitationAcceptScreen } from './InvitationAcceptScreen';

function renderAccept(token?: string) {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return renderAt(
    `/convite${query}`,
    <>
      <Route path="/convite" element={<InvitationAcceptScreen />} />
      <Route path="/dashboard" element={<p>Painel</p>} />
    </>,
  );
}

describe('InvitationAcceptScreen', () => {
  it("is titled 'Convite para a equipe', with the store's name (as the server sends it)", async () => {
    renderAccept(VALID_INVITATION_TOKEN);
    await waitFor(() => expect(document.title).toMatch(/^Convite para a equipe \| \S/));
  });

  it('greets the invited person, then signs them in with the new password', async () => {
    const { user, auth } = renderAccept(VALID_INVITATION_TOKEN);
    expect(screen.getByRole('status')).toHaveTextContent('Verificando o convite…');
    expect(await screen.findByRole('heading', { name: 'Olá, Diego' })).toBeVisible();
    expect(screen.getByText(INVITED_EMAIL)).toBeVisible();
    expect(auth().isAuthenticated()).toBe(false);
    await user.click(screen.getByLabelText('Senha'));
    await user.paste('girassol-azul-42');
    await user.click(screen.getByLabelText('Repita a senha'));
    await user.paste('girassol-azul-42');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(screen.getByText('Painel')).toBeInTheDocument();
    expect(auth().isAuthenticated()).toBe(true);
    expect(auth().currentUser()).toMatchObject({ email: INVITED_EMAIL });
  });

  it("shows an expired link's message and what to do, with no form", async () => {
    renderAccept(EXPIRED_INVITATION_TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_INVALID_DETAIL);
    expect(screen.getByRole('heading', { name: 'Convite inválido ou expirado' })).toBeVisible();
    expect(screen.getByText(/reenviar o convite na página Equipe/)).toBeVisible();
    expect(screen.queryByLabelText('Senha')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute(
      'href',
      '/dashboard/login',
    );
  });

  it('treats a link without a token as invalid at once', () => {
    renderAccept();
    expect(screen.getByRole('heading', { name: 'Convite inválido ou expirado' })).toBeVisible();
  });

  it('keeps a weak password on the form: the rules first, then the server', async () => {
    const { user, auth } = renderAccept(VALID_INVITATION_TOKEN);
    const field = await screen.findByLabelText('Senha');
    await user.click(field);
    await user.paste('curta');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Requisitos da senha' });
    expect(within(rules).getByText(/Pelo menos 10 caracteres/)).toHaveTextContent('pendente');
    await user.clear(field);
    await user.paste(SERVER_ONLY_COMMON_PASSWORD);
    await user.click(screen.getByLabelText('Repita a senha'));
    await user.paste(SERVER_ONLY_COMMON_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.common)).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/convite');
    expect(auth().isAuthenticated()).toBe(false);
  });

  it("refuses the invitee's e-mail in the password before sending, in the server's words", async () => {
    const { user } = renderAccept(VALID_INVITATION_TOKEN);
    await user.click(await screen.findByLabelText('Senha'));
    await user.paste('Diego-na-vitrine-2024');
    await user.click(screen.getByLabelText('Repita a senha'));
    await user.paste('Diego-na-vitrine-2024');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.containsEmail)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/convite');
  });
});
