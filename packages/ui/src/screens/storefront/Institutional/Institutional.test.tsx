import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { settingsMock } from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import {
  ContactScreen,
  ExchangesAndReturnsScreen,
  PrivacyPolicyScreen,
} from './InstitutionalScreens';

function renderPages(route: string) {
  server.use(...settingsMock.answers({ storeName: 'Casa Aurora' }));
  return renderAt(
    route,
    <>
      <Route path="/contato" element={<ContactScreen />} />
      <Route path="/trocas-e-devolucoes" element={<ExchangesAndReturnsScreen />} />
      <Route path="/privacidade" element={<PrivacyPolicyScreen />} />
      <Route path="*" element={null} />
    </>,
  );
}

function canonical(): string | null {
  return document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
}

describe('ContactScreen', { timeout: 30_000 }, () => {
  it('gives the e-mail, the WhatsApp, the hours and the legal identity of the store', async () => {
    renderPages('/contato');
    expect(screen.getByRole('heading', { level: 1, name: 'Contato' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Enviar e-mail' })).toHaveAttribute(
      'href',
      'mailto:atendimento@vitrine.exemplo.com.br',
    );
    expect(screen.getByRole('link', { name: 'Conversar no WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511999990000',
    );
    expect(screen.getByText('Segunda a sexta, das 9h às 18h')).toBeVisible();
    expect(screen.getByText('Vitrine Moda LTDA')).toBeVisible();
    expect(await screen.findByText('12.345.678/0001-95')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Contato | Casa Aurora'));
    expect(canonical()).toBe(`${window.location.origin}/contato`);
  });
});

describe('ExchangesAndReturnsScreen', { timeout: 30_000 }, () => {
  it('states the 7-day right of withdrawal with a full refund, shipping included', async () => {
    renderPages('/trocas-e-devolucoes');
    const withdrawal = screen.getByRole('region', { name: 'Desistência da compra em até 7 dias' });
    expect(withdrawal).toHaveTextContent('7 (sete) dias corridos a partir do recebimento');
    expect(withdrawal).toHaveTextContent('artigo 49');
    expect(withdrawal).toHaveTextContent('todo o valor pago, incluindo o frete');
    const defects = screen.getByRole('region', { name: 'Produto com defeito' });
    expect(defects).toHaveTextContent('30 dias para produtos não duráveis');
    expect(defects).toHaveTextContent('90 dias para produtos duráveis');
    const contents = screen.getByRole('navigation', { name: 'Nesta página' });
    expect(within(contents).getByRole('link', { name: 'Como solicitar' })).toHaveAttribute(
      'href',
      '#como-solicitar',
    );
    await waitFor(() => expect(document.title).toBe('Trocas e devoluções | Casa Aurora'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('7 dias'),
    );
  });
});

describe('PrivacyPolicyScreen', { timeout: 30_000 }, () => {
  it('lists the checkout data, the rights of article 18, the cookies and the DPO', async () => {
    renderPages('/privacidade');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Política de privacidade' }),
    ).toBeVisible();
    const collected = screen.getByRole('region', { name: 'Quais dados coletamos' });
    for (const field of ['nome completo', 'e-mail', 'CPF', 'telefone', 'CEP']) {
      expect(collected).toHaveTextContent(field);
    }
    const rights = screen.getByRole('region', { name: 'Seus direitos' });
    expect(within(rights).getAllByRole('listitem')).toHaveLength(9);
    expect(rights).toHaveTextContent('artigo 18 da LGPD');
    const cookies = screen.getByRole('region', { name: /Cookies/ });
    expect(cookies).toHaveTextContent('XSRF-TOKEN');
    // The device's copies the server renders the bag and the order pages from (@vitrine/ui/device).
    expect(cookies).toHaveTextContent('vitrine_cart');
    expect(cookies).toHaveTextContent('vitrine_order');
    expect(
      screen.getByRole('link', { name: 'privacidade@vitrine.exemplo.com.br' }),
    ).toHaveAttribute('href', 'mailto:privacidade@vitrine.exemplo.com.br');
    await waitFor(() => expect(document.title).toBe('Política de privacidade | Casa Aurora'));
    expect(canonical()).toBe(`${window.location.origin}/privacidade`);
  });
});

describe('the store’s own texts', { timeout: 30_000 }, () => {
  it('replaces the built-in exchanges and privacy pages and goes above the contact details', async () => {
    server.use(
      ...settingsMock.answers({
        exchangesPolicyText: 'Trocas em até **30 dias**.\n\n- Com a etiqueta presa',
        privacyPolicyText: 'Seus dados servem só para entregar o pedido.',
        contactPageText: 'Loja física de terça a sábado.',
      }),
    );
    const routes = (
      <>
        <Route path="/contato" element={<ContactScreen />} />
        <Route path="/trocas-e-devolucoes" element={<ExchangesAndReturnsScreen />} />
        <Route path="/privacidade" element={<PrivacyPolicyScreen />} />
      </>
    );
    const exchanges = renderAt('/trocas-e-devolucoes', routes);
    await waitFor(() => expect(screen.getByText('30 dias')).toBeVisible());
    expect(screen.getByText('Com a etiqueta presa')).toBeVisible();
    expect(
      screen.queryByRole('region', { name: 'Desistência da compra em até 7 dias' }),
    ).toBeNull();
    exchanges.unmount();
    const privacy = renderAt('/privacidade', routes);
    await waitFor(() =>
      expect(screen.getByText('Seus dados servem só para entregar o pedido.')).toBeVisible(),
    );
    privacy.unmount();
    renderAt('/contato', routes);
    await waitFor(() => expect(screen.getByText('Loja física de terça a sábado.')).toBeVisible());
    expect(screen.getByRole('link', { name: 'Enviar e-mail' })).toBeVisible();
  });
});
