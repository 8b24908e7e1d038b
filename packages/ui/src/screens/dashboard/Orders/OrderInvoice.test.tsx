// The order page's NF-e against the GraphQL mock: an authorised invoice with its chave, DANFE and
// XML; a carta de correção and a cancellation with their rules; a rejected one sent again; a paid
// order without one issues it ("Emitir NF-e"), an unpaid one cannot; SUPPORT may only send again;
// a BRAND_MANAGER sees no invoice.
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { makeStaffOrders, ordersMock, staffMock } from '../../../mocks';
import { makeInvoice, type WithInvoice } from '../../../mocks/invoices/invoices.fixtures';
import type { StaffOrderFixture } from '../../../mocks/orders/staffOrders.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { OrderScreen } from './OrderScreen';

function openPaidOrder(
  options: {
    seeded?: ReturnType<typeof makeInvoice> | null;
    role?: 'SUPPORT' | 'BRAND_MANAGER';
    status?: StaffOrderFixture['status'];
    configured?: boolean;
  } = {},
) {
  const orders = makeStaffOrders() as WithInvoice<StaffOrderFixture>[];
  const order = orders.find((item) => item.status === (options.status ?? 'PAID'))!;
  if (options.seeded !== undefined) order.seededInvoice = options.seeded;
  server.use(
    ...ordersMock.answers({
      staffOrders: orders,
      ...(options.configured === false
        ? { invoicing: { configured: false, environment: 'homologacao', webhookConfigured: false } }
        : {}),
    }),
  );
  if (options.role) server.use(...staffMock.answers({ role: options.role }));
  signInAsStaff();
  const view = renderAt(
    `/dashboard/pedidos/${order.id}`,
    <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />,
  );
  return { ...view, order };
}

const invoiceSection = () => screen.findByRole('region', { name: /NF-e|Nota fiscal/ });

describe('OrderScreen: the NF-e', { timeout: 60_000 }, () => {
  it('shows the authorised invoice and registers a carta de correção', async () => {
    const { user } = openPaidOrder();
    const section = await invoiceSection();
    expect(section).toHaveTextContent('Autorizada');
    expect(section).toHaveTextContent('3526 0311 2223 3300 0181 5500 1000 0010 4210 0007 9196');
    expect(within(section).getByRole('link', { name: 'DANFE (PDF)' })).toHaveAttribute(
      'href',
      expect.stringContaining('/danfe.pdf'),
    );

    await user.click(within(section).getByRole('button', { name: 'Carta de correção' }));
    const dialog = screen.getByRole('dialog', { name: 'Carta de correção (CC-e)' });
    const field = within(dialog).getByRole('textbox', { name: 'Correção' });
    await user.type(field, 'curta');
    expect(within(dialog).getByText('Escreva ao menos 15 caracteres.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Registrar a correção' })).toBeDisabled();
    await user.type(field, ' demais: complemento apto 12');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar a correção' }));
    expect(await within(section).findByText(/CC-e 1 .*complemento apto 12/)).toBeVisible();
  });

  it('cancels an authorised invoice with its reason', async () => {
    const { user } = openPaidOrder();
    const section = await invoiceSection();
    await user.click(within(section).getByRole('button', { name: 'Cancelar NF-e' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar a NF-e' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Justificativa do cancelamento' }),
      'Cliente desistiu da compra antes do envio',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar a NF-e' }));
    expect(await within(section).findByText('Cancelada')).toBeVisible();
    expect(section).toHaveTextContent('Cliente desistiu da compra antes do envio');
    expect(within(section).queryByRole('button', { name: 'Cancelar NF-e' })).toBeNull();
  });

  it('says what to fill on a rejection and sends the invoice again', async () => {
    const { user } = openPaidOrder({ seeded: makeInvoice('rejectedLocally') });
    const section = await invoiceSection();
    expect(section).toHaveTextContent('Preencha o NCM (8 dígitos) no cadastro do produto');
    await user.click(within(section).getByRole('button', { name: 'Enviar de novo' }));
    expect(await within(section).findByText('Autorizada')).toBeVisible();
  });

  it('issues the NF-e of a paid order without one ("Emitir NF-e")', async () => {
    const { user } = openPaidOrder({ seeded: null });
    const section = await invoiceSection();
    expect(section).toHaveTextContent('Pedido pago ainda sem nota fiscal.');
    await user.click(within(section).getByRole('button', { name: 'Emitir NF-e' }));
    expect(
      await screen.findByText('NF-e emitida: a resposta da SEFAZ aparece aqui em instantes.'),
    ).toBeVisible();
    expect(await within(section).findByText('Autorizada')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Emitir NF-e' })).toBeNull();
    expect(section).toHaveTextContent(/NF-e \d+ · série 1/);
  });

  it('offers no "Emitir NF-e" for an unpaid order, nor while issuing is not configured', async () => {
    const unpaid = openPaidOrder({ status: 'PENDING_PAYMENT' });
    let section = await invoiceSection();
    expect(section).toHaveTextContent('Ainda sem nota fiscal');
    expect(within(section).queryByRole('button', { name: 'Emitir NF-e' })).toBeNull();
    unpaid.unmount();

    openPaidOrder({ configured: false });
    section = await invoiceSection();
    expect(section).toHaveTextContent('Emissão de NF-e não configurada');
    expect(within(section).queryByRole('button', { name: 'Emitir NF-e' })).toBeNull();
  });

  it('lets SUPPORT only send again, and shows a BRAND_MANAGER no invoice', async () => {
    openPaidOrder({ role: 'SUPPORT' });
    const section = await invoiceSection();
    expect(within(section).queryByRole('button', { name: 'Cancelar NF-e' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Carta de correção' })).toBeNull();
  });
});
