import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import {
  EXPIRED_RESET_TOKEN,
  SERVER_ONLY_COMMON_PASSWORD,
  VALID_RESET_TOKEN,
} from '../../../mocks';
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
  it('says the passwords do not match', async () => {
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    await user.type(screen.getByLabelText('Nova senha'), 'uma-senha-longa-1');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'outra-senha-longa-2');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeInTheDocument();
  });

  it('ticks the rules off live as the password is typed', async () => {
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    const rules = screen.getByRole('list', { name: 'Requisitos da senha' });
    expect(within(rules).getByText(/Pelo menos 10 caracteres/)).toHaveTextContent('pendente');
    await user.type(screen.getByLabelText('Nova senha'), 'girassol-azul-42');
    expect(within(rules).getByText(/Pelo menos 10 caracteres/)).toHaveTextContent('atendido');
    expect(within(rules).getByText(/Não ser uma senha comum/)).toHaveTextContent('atendido');
  });

  it("puts the server's message on the password field", async () => {
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    await user.type(screen.getByLabelText('Nova senha'), SERVER_ONLY_COMMON_PASSWORD);
    await user.type(screen.getByLabelText('Repita a nova senha'), SERVER_ONLY_COMMON_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Esta senha é muito comum. Escolha outra.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('confirms the new password and links to the login', async () => {
    const { user } = renderConfirm(VALID_RESET_TOKEN);
    await user.type(screen.getByLabelText('Nova senha'), 'girassol-azul-42');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'girassol-azul-42{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Sua senha foi alterada.');
    expect(screen.getByRole('link', { name: 'Entrar no painel' })).toHaveAttribute(
      'href',
      '/dashboard/login',
    );
  });

  it('explains an expired link and offers a new one', async () => {
    const { user } = renderConfirm(EXPIRED_RESET_TOKEN);
    await user.type(screen.getByLabelText('Nova senha'), 'girassol-azul-42');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'girassol-azul-42{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('inválido ou expirou');
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/senha/recuperar',
    );
  });

  it('treats a link without a token as invalid right away', () => {
    renderConfirm();
    expect(screen.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeInTheDocument();
  });
});
