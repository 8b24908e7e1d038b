// Configurações → Dados fiscais → "Emissão de NF-e" against the MSW mock: the provider, its
// environment and host and how SEFAZ answers when issuing is configured, with links to the
// rejected and waiting invoices; what the server's administrator sets when it is not; the form
// still usable when the status cannot be read.
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { makeStaffOrders, ordersMock } from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { SettingsScreen } from './SettingsScreen';

function renderSettings() {
  signInAsStaff();
  return renderAt(
    '/dashboard/configuracoes',
    <Route path="/dashboard/configuracoes" element={<SettingsScreen />} />,
  );
}

async function issuing() {
  const fiscal = await screen.findByRole('region', { name: 'Dados fiscais (NF-e)' });
  return within(within(fiscal).getByRole('region', { name: 'Emissão de NF-e' }));
}

describe('Configurações: Emissão de NF-e', { timeout: 45_000 }, () => {
  it('shows the provider, homologação, its host, the webhook and links to the invoices to act on', async () => {
    renderSettings();
    const status = await issuing();
    expect(await status.findByText('Emissão ativa:')).toBeVisible();
    const provider = status.getByText('Emissor').closest('dl')!;
    expect(provider).toHaveTextContent('EmissorFocus NFe');
    expect(provider).toHaveTextContent(
      'AmbienteHomologação (testes: as notas não têm valor fiscal)',
    );
    expect(provider).toHaveTextContent('Servidor do emissorhomologacao.focusnfe.com.br');
    expect(provider).toHaveTextContent('Respostas da SEFAZPor webhook');
    expect(status.getByRole('link', { name: '2 notas rejeitadas' })).toHaveAttribute(
      'href',
      '/dashboard/notas-fiscais?status=REJECTED',
    );
    expect(status.getByRole('link', { name: '1 nota pendente' })).toHaveAttribute(
      'href',
      '/dashboard/notas-fiscais?status=PENDING',
    );
  });

  it('says when SEFAZ answers by polling in produção, and that nothing waits', async () => {
    const quiet = makeStaffOrders().filter(
      (order) => !['order-10018', 'order-10020', 'order-10022'].includes(order.id),
    );
    server.use(
      ...ordersMock.answers({
        staffOrders: quiet,
        invoicing: { configured: true, environment: 'producao', webhookConfigured: false },
      }),
    );
    renderSettings();
    const status = await issuing();
    expect(await status.findByText('Produção')).toBeVisible();
    expect(status.getByText('api.focusnfe.com.br')).toBeVisible();
    expect(
      status.getByText(/^Por consulta: sem segredo de webhook \(NFE_WEBHOOK_SECRET\)/),
    ).toBeVisible();
    expect(status.getByText('Nenhuma nota rejeitada ou pendente.')).toBeVisible();
    expect(status.queryByRole('link')).toBeNull();
  });

  it('says issuing is not configured and what the server needs', async () => {
    server.use(
      ...ordersMock.answers({
        invoicing: { configured: false, environment: 'homologacao', webhookConfigured: false },
      }),
    );
    renderSettings();
    const status = await issuing();
    const notice = await status.findByText('Emissão de NF-e não configurada.');
    const alert = notice.closest('[role="alert"]') ?? notice.parentElement!;
    for (const name of ['NFE_PROVIDER', 'NFE_API_URL', 'NFE_API_TOKEN'])
      expect(alert).toHaveTextContent(name);
    expect(status.queryByText('Emissão ativa:')).toBeNull();
  });

  it('keeps the fiscal form usable when the status cannot be read', async () => {
    server.use(...ordersMock.fails('Erro interno.'));
    renderSettings();
    const status = await issuing();
    expect(
      await status.findByText('Não foi possível verificar a emissão de NF-e agora.'),
    ).toBeVisible();
    const fiscal = within(await screen.findByRole('region', { name: 'Dados fiscais (NF-e)' }));
    expect(fiscal.getByLabelText('Inscrição estadual')).toHaveValue('110042490114');
  });
});
