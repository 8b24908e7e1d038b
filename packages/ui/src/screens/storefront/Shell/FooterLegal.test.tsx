// The footer's legal identity (issue 12, item 13): razão social, CNPJ, address and contact from
// storeSettings on every storefront page, and the privacy policy naming the same company.
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { catalogMock, NO_LEGAL_IDENTITY, settingsMock } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { PrivacyPolicyScreen } from '../Institutional';
import { StorefrontShellScreen } from './StorefrontShellScreen';

const GAROA = {
  storeName: 'Garoa Urbana',
  legalName: 'Garoa Urbana Comércio LTDA',
  cnpj: '11.222.333/0001-81',
  legalAddress: 'Rua Augusta, 1500 – Consolação, São Paulo/SP, CEP 01304-001',
  contactEmail: 'sac@garoa.com.br',
  contactPhone: '(11) 3456-7890',
};

function renderPage(route: string) {
  return renderAt(
    route,
    <Route path="/" element={<StorefrontShellScreen />}>
      <Route index element={<p>Página inicial</p>} />
      <Route path="privacidade" element={<PrivacyPolicyScreen />} />
    </Route>,
  );
}

function footer() {
  return within(screen.getByRole('contentinfo'));
}

describe('the footer\u2019s legal identity', { timeout: 30_000 }, () => {
  it("shows the store's razão social, CNPJ, address and contact from storeSettings", async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()), ...settingsMock.answers(GAROA));
    renderPage('/');
    expect(
      await footer().findByText('Garoa Urbana Comércio LTDA · CNPJ 11.222.333/0001-81'),
    ).toBeVisible();
    expect(footer().getByText(GAROA.legalAddress)).toBeVisible();
    expect(footer().getByText(/^Atendimento:/)).toHaveTextContent(
      'Atendimento: sac@garoa.com.br · (11) 3456-7890',
    );
    expect(footer().getByText('© Garoa Urbana. Todos os direitos reservados.')).toBeVisible();
  });

  it('leaves out what the store has not set, keeping the copyright line', async () => {
    server.use(
      ...catalogMock.answers(makeStorefrontCatalog()),
      ...settingsMock.answers({ storeName: 'Casa Aurora', ...NO_LEGAL_IDENTITY }),
    );
    renderPage('/');
    expect(await footer().findByText('© Casa Aurora. Todos os direitos reservados.')).toBeVisible();
    expect(footer().queryByText(/CNPJ/)).not.toBeInTheDocument();
  });

  it('the privacy policy names the same company and CNPJ as the footer', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()), ...settingsMock.answers(GAROA));
    renderPage('/privacidade');
    expect(
      await screen.findByText(/Como a Garoa Urbana Comércio LTDA \(CNPJ 11\.222\.333\/0001-81\)/),
    ).toBeVisible();
  });
});
