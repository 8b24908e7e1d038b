// "Pix pelo banco" in Configurações against the MSW mock: a store without a PSP (Pix confirmed by
// hand or by statement), one with a PSP (host, webhook, counts), one without a webhook secret or a
// Pix key, and never for a role other than ADMIN.
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { staffMock } from '../../../mocks';
import { makePixProviderConfigured } from '../../../mocks/payments/pixPsp.fixtures';
import { staffSettingsMock } from '../../../mocks/settings/staffSettings';
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

async function bankCard() {
  await screen.findByRole('heading', { name: 'Pix pelo banco' });
  const card = screen.getByRole('region', { name: 'Pix pelo banco' });
  await waitFor(() => expect(card).toHaveAttribute('aria-busy', 'false'));
  return card;
}

describe('SettingsScreen: Pix pelo banco', { timeout: 90_000 }, () => {
  it('says Pix is confirmed by hand or by statement without a PSP', async () => {
    renderSettings();
    const card = await bankCard();
    expect(card).toHaveTextContent('Não configurado.');
    expect(card).toHaveTextContent('Os pagamentos Pix são conferidos manualmente ou pelo extrato.');
    expect(card).toHaveTextContent('PIX_PSP_URL');
    expect(card).not.toHaveTextContent('Cobranças abertas');
  });

  it('shows the PSP, its webhook and the charges when configured', async () => {
    server.use(...staffSettingsMock.answers({}, makePixProviderConfigured()));
    renderSettings();
    const card = await bankCard();
    expect(card).toHaveTextContent('Ativo:');
    expect(card).toHaveTextContent('pix.api.efipay.com.br');
    expect(card).toHaveTextContent('Registrado no banco: o pagamento é confirmado em segundos.');
    expect(card).toHaveTextContent('3Cobranças abertas');
    expect(card).toHaveTextContent('1Aguardando criação');
    expect(card).toHaveTextContent('1Recusadas pelo banco');
    expect(card).not.toHaveTextContent('sem chave Pix');
  });

  it('says it polls without a webhook secret, and warns without a Pix key', async () => {
    server.use(
      ...staffSettingsMock.answers(
        { pixKey: null },
        makePixProviderConfigured({ webhookConfigured: false, webhookRegistered: false }),
      ),
    );
    renderSettings();
    const card = await bankCard();
    expect(card).toHaveTextContent(
      'Sem segredo de webhook (PIX_WEBHOOK_SECRET): confirmação em até alguns minutos, por consulta.',
    );
    expect(card).toHaveTextContent('A loja está sem chave Pix');
  });

  it('is not shown to SUPPORT', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT' }));
    renderSettings();
    await screen.findByText('Somente administradores podem ver e alterar as configurações.');
    expect(screen.queryByRole('heading', { name: 'Pix pelo banco' })).toBeNull();
  });
});
