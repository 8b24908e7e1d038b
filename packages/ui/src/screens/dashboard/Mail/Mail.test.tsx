// E-mails against the MSW mock: the outbox with status and the mail server's error, the status
// filter in the URL, reading a message, and resending after a confirmation; SUPPORT refused.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { staffMock } from '../../../mocks';
import { makeUnsentMailMessages } from '../../../mocks/audit/mail.fixtures';
import { withAuditFixtures } from '../../../mocks/audit/staffAudit';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { MailScreen } from './MailScreen';

function renderMail(route = '/dashboard/emails') {
  signInAsStaff();
  return renderAt(route, <Route path="/dashboard/emails" element={<MailScreen />} />);
}

// The grids render in jsdom slowly on a loaded machine: more time than the default, never less.
describe('MailScreen', { timeout: 45_000 }, () => {
  it('shows failed messages with the error; the status filter lives in the URL', async () => {
    const { user } = renderMail();
    const grid = await screen.findByRole('grid', { name: 'E-mails' });
    expect(await within(grid).findByText('Seu pedido VT-10019 foi enviado')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Falhou' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('status=FAILED'));
    await waitFor(() =>
      expect(within(grid).queryByText('Pagamento confirmado: pedido VT-10029')).toBeNull(),
    );
    expect(within(grid).getByText(/Recipient address rejected/)).toBeInTheDocument();
    expect(within(grid).getAllByText('Falhou')).toHaveLength(2);
  });

  it('opens a message to read its text', async () => {
    const { user } = renderMail();
    await user.click(
      await screen.findByRole('button', {
        name: 'Ler: Convite para a equipe de Vitrine',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Convite para a equipe de Vitrine',
    });
    expect(within(dialog).getByLabelText('Texto do e-mail')).toHaveTextContent(
      'Escolha sua senha em até 72 horas',
    );
  });

  it('resends a failed message after confirming: it goes back to pending', async () => {
    const { user } = renderMail('/dashboard/emails?status=FAILED');
    await user.click(
      await screen.findByRole('button', { name: 'Reenviar: Seu pedido VT-10019 foi enviado' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar este e-mail?' });
    expect(dialog).toHaveTextContent('rafael.costa@example');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '“Seu pedido VT-10019 foi enviado” voltou para a fila de envio.',
    );
    // The failed list no longer holds it: it is pending now.
    const grid = screen.getByRole('grid', { name: 'E-mails' });
    await waitFor(() =>
      expect(within(grid).queryByText('Seu pedido VT-10019 foi enviado')).toBeNull(),
    );
    expect(within(grid).getAllByText('Falhou')).toHaveLength(1);
  });

  it('shows a reset link masked, and says only its recipient can use it', async () => {
    const { user } = renderMail();
    await user.click(await screen.findByRole('button', { name: 'Ler: Redefinição de senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redefinição de senha' });
    expect(within(dialog).getByLabelText('Texto do e-mail')).toHaveTextContent(
      '/senha/redefinir?token=••••••••',
    );
    expect(dialog).toHaveTextContent('só quem recebe o e-mail pode usá-lo');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByRole('dialog', { name: 'Reenviar este e-mail?' })).toHaveTextContent(
      'um novo link é gerado no envio e o anterior deixa de valer',
    );
  });

  it('without a mail server: warns, shows "Não configurado" (never "Enviado"), and resends nothing', async () => {
    server.use(
      ...staffMock.answers(
        withAuditFixtures({ mails: makeUnsentMailMessages(), mailConfigured: false }),
      ),
    );
    renderMail();
    expect(
      await screen.findByText('Os e-mails da loja não estão sendo enviados'),
    ).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'E-mails' });
    await waitFor(() => expect(within(grid).getAllByText('Não configurado')).toHaveLength(10));
    expect(within(grid).queryByText('Enviado')).toBeNull();
    expect(
      within(grid).getAllByText('Não enviado: o envio de e-mails não está configurado (SMTP_URL).'),
    ).toHaveLength(10);
    for (const button of within(grid).getAllByRole('button', { name: /^Reenviar:/ })) {
      expect(button).toBeDisabled();
    }
  });

  it('tells SUPPORT that only administrators see it', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT', name: 'Bruno Lima' }));
    renderMail();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Só administradores veem os e-mails da loja.',
    );
  });
});
