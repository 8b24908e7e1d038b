import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { createGraphqlHandler } from '../../../mocks';
import { crc16Ccitt, makeStorefrontCatalog } from '../../../mocks/fixtures/storefront';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { rememberPlacedOrder } from '../Checkout/placedOrder';
import { OrderConfirmationScreen } from './OrderConfirmationScreen';

beforeEach(() => {
  server.use(createGraphqlHandler(makeStorefrontCatalog()));
});

function renderConfirmation(number: string) {
  return renderAt(
    `/pedido/confirmado/${number}`,
    <Route path="/pedido/confirmado/:number" element={<OrderConfirmationScreen />} />,
  );
}

describe('OrderConfirmationScreen', { timeout: 30_000 }, () => {
  it('shows the order number and a valid Pix BR Code with a copy button', async () => {
    // The mock knows VT-10000 (pending, Pix) for maria@exemplo.com.br; this tab placed it.
    rememberPlacedOrder('VT-10000', 'maria@exemplo.com.br');
    const { user } = renderConfirmation('VT-10000');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
    expect(screen.getByText('VT-10000')).toBeVisible();
    const code = (screen.getByRole('textbox', { name: 'Pix copia e cola' }) as HTMLTextAreaElement)
      .value;
    // An EMV BR Code: payload format 01, merchant account br.gov.bcb.pix, BRL, CRC at the end.
    expect(code.startsWith('000201')).toBe(true);
    expect(code).toContain('br.gov.bcb.pix');
    expect(code.slice(-4)).toBe(crc16Ccitt(code.slice(0, -4)));
    expect(screen.getByRole('img', { name: 'QR Code do Pix para pagar o pedido' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }));
    // userEvent.setup() stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(code);
    expect(await screen.findByText('Código Pix copiado. Cole no app do seu banco.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Acompanhar pedido' })).toHaveAttribute(
      'href',
      '/pedido?numero=VT-10000',
    );
  });

  it('asks to follow the order by e-mail when opened without it', async () => {
    renderConfirmation('VT-10000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido VT-10000' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Acompanhar pedido' })).toHaveAttribute(
        'href',
        '/pedido?numero=VT-10000',
      ),
    );
  });
});
