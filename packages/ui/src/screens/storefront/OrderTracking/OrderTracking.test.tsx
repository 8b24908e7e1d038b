import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { catalogMock, ordersMock } from '../../../mocks';
import { makePickupOrder, makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { OrderTrackingScreen } from './OrderTrackingScreen';

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

function renderTracking(route = '/pedido') {
  return renderAt(route, <Route path="/pedido" element={<OrderTrackingScreen />} />);
}

describe('OrderTrackingScreen', { timeout: 30_000 }, () => {
  it('shows the status, the timeline and the Correios tracking of a shipped order', async () => {
    const { user } = renderTracking();
    await user.type(screen.getByRole('textbox', { name: /Número do pedido/ }), 'vt-9999');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'maria@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Acompanhar pedido' }));
    expect(await screen.findByRole('heading', { name: 'Pedido VT-9999' })).toBeVisible();
    expect(screen.getByText('Enviado')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Andamento do pedido' })).toBeVisible();
    expect(screen.getByText('QB123456789BR')).toBeVisible();
    expect(screen.getByRole('link', { name: /Rastrear nos Correios/ })).toHaveAttribute(
      'href',
      'https://rastreamento.correios.com.br/app/index.php?objetos=QB123456789BR',
    );
  });

  it('shows the Pix code while the order waits for payment', async () => {
    const { user } = renderTracking('/pedido?numero=VT-10000');
    expect(screen.getByRole('textbox', { name: /Número do pedido/ })).toHaveValue('VT-10000');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'maria@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Acompanhar pedido' }));
    expect(
      await screen.findByText('Aguardando pagamento', { selector: '.MuiChip-label' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Pix copia e cola' })).toBeVisible();
  });

  it('says where to pick up a pickup order ready at the store, its hours and what to bring (issue 28, item 2)', async () => {
    server.use(
      ...ordersMock.answers({
        orders: [makePickupOrder({ status: 'SHIPPED', paymentStatus: 'PAID', pix: null })],
      }),
    );
    const { user } = renderTracking('/pedido?numero=VT-10001');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'ana.souza@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Acompanhar pedido' }));
    expect(await screen.findByRole('heading', { name: 'Pedido VT-10001' })).toBeVisible();
    const where = screen.getByRole('region', { name: 'Onde retirar' });
    expect(where).toHaveTextContent('Rua Augusta, 1500 – Loja 3, térreo');
    expect(where).toHaveTextContent('Consolação – São Paulo/SP');
    expect(where).toHaveTextContent('Seg. a sex., 10h às 20h');
    expect(where).toHaveTextContent(
      'Leve um documento oficial com foto e o número do pedido (VT-10001).',
    );
  });

  it('answers a wrong e-mail exactly like a wrong number: Pedido não encontrado', async () => {
    const { user } = renderTracking();
    await user.type(screen.getByRole('textbox', { name: /Número do pedido/ }), 'VT-9999');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'outra@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Acompanhar pedido' }));
    expect(await screen.findByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
    const wrongEmail = screen.getByRole('heading', { name: 'Pedido não encontrado' }).parentElement
      ?.textContent;

    await user.clear(screen.getByRole('textbox', { name: /Número do pedido/ }));
    await user.type(screen.getByRole('textbox', { name: /Número do pedido/ }), 'VT-1');
    await user.clear(screen.getByRole('textbox', { name: /E-mail/ }));
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'maria@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Acompanhar pedido' }));
    expect(await screen.findByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Pedido não encontrado' }).parentElement?.textContent,
    ).toBe(wrongEmail);
    expect(screen.queryByRole('heading', { name: /Pedido VT-/ })).toBeNull();
  });
});
