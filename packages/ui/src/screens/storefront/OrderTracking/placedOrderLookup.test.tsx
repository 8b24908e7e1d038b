// Issue 28, item 6: 'Acompanhar pedido' from the confirmation page of an order placed in this
// tab opens the tracking page with the order looked up, without asking for the e-mail again;
// any other order (another tab, another device, a typed number) is asked for by e-mail as before.
import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { catalogMock } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { rememberPlacedOrder } from '../Checkout/placedOrder';
import { OrderConfirmationScreen } from '../OrderConfirmation';
import { OrderTrackingScreen } from './OrderTrackingScreen';

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

function renderTracking(route: string) {
  return renderAt(route, <Route path="/pedido" element={<OrderTrackingScreen />} />);
}

describe('tracking the order this tab placed', { timeout: 30_000 }, () => {
  it('"Acompanhar pedido" from the confirmation shows the order at once, without asking for the e-mail', async () => {
    // The checkout remembers the order it placed (this tab's sessionStorage).
    rememberPlacedOrder('VT-10000', 'maria@exemplo.com.br');
    const { user } = renderAt(
      '/pedido/confirmado/VT-10000',
      <>
        <Route path="/pedido/confirmado/:number" element={<OrderConfirmationScreen />} />
        <Route path="/pedido" element={<OrderTrackingScreen />} />
      </>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' });
    await user.click(screen.getByRole('link', { name: 'Acompanhar pedido' }));
    expect(
      await screen.findByText('Aguardando pagamento', { selector: '.MuiChip-label' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pedido VT-10000' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('maria@exemplo.com.br');
  });

  it("asks for the e-mail of an order this tab did not place, and keeps no one's e-mail", async () => {
    rememberPlacedOrder('VT-10000', 'maria@exemplo.com.br');
    const { user } = renderTracking('/pedido?numero=VT-9999');
    expect(screen.getByRole('textbox', { name: /Número do pedido/ })).toHaveValue('VT-9999');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('');
    expect(screen.queryByRole('status', { name: 'Buscando o pedido' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'maria@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Acompanhar pedido' }));
    expect(await screen.findByRole('heading', { name: 'Pedido VT-9999' })).toBeVisible();
    // Nothing of the lookup is stored: only the checkout's own entry, in this tab.
    expect(window.localStorage.length).toBe(0);
    expect(Object.keys(window.sessionStorage)).toEqual(['vitrine.checkout.lastOrder']);
  });

  it("without the checkout's entry (another tab or device), asks for the e-mail", async () => {
    renderTracking('/pedido?numero=VT-10000');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Pedido VT-10000' })).toBeNull();
  });
});
