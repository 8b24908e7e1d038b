// The order page's 'Devoluções' against the GraphQL mock: what the carrier is doing said to staff,
// the code typed by hand, the goods received (stock and refund stated before, the order's refund
// after, and the NF-e de devolução issued) and the refusal; SUPPORT may not receive (the store's
// money); the devolução's NF-e shown with its DANFE and XML, and sent again after a rejection.
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { makeStaffOrders, ordersMock, staffMock } from '../../../mocks';
import { makeStaffReturnOrder } from '../../../mocks/returns/returns.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { OrderScreen } from './OrderScreen';

function openOrder(state: Parameters<typeof makeStaffReturnOrder>[0], role?: 'SUPPORT') {
  const order = makeStaffReturnOrder(state);
  server.use(
    ...ordersMock.answers({
      staffOrders: makeStaffOrders().map((item) => (item.id === order.id ? order : item)),
    }),
  );
  if (role) server.use(...staffMock.answers({ role }));
  signInAsStaff();
  const view = renderAt(
    `/dashboard/pedidos/${order.id}`,
    <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />,
  );
  return { ...view, order };
}

async function returnsSection() {
  return screen.findByRole('region', { name: 'Devoluções' });
}

describe('OrderScreen: the returns', { timeout: 60_000 }, () => {
  it('says the Correios are asked again after a failure, and takes a code typed by hand', async () => {
    const { user } = openOrder('carrierRetrying');
    const section = await returnsSection();
    expect(section).toHaveTextContent('Os Correios estão indisponíveis (HTTP 503). (2 tentativas)');
    expect(section).toHaveTextContent('A loja pede de novo às 15:04');

    await user.click(within(section).getByRole('button', { name: 'Informar código de postagem' }));
    const dialog = screen.getByRole('dialog', { name: /Informar código de postagem/ });
    await user.type(within(dialog).getByRole('textbox', { name: /Código de postagem/ }), '#');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar código ao cliente' }));
    expect(await within(dialog).findByText(/Código de postagem inválido/)).toBeVisible();
    const field = within(dialog).getByRole('textbox', { name: /Código de postagem/ });
    await user.clear(field);
    await user.type(field, 'ab123456785br');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar código ao cliente' }));
    expect(await within(section).findByText('AB123456785BR')).toBeVisible();
    expect(within(section).getByText('Código de postagem enviado')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('states the restock and the refund before receiving, then shows the order refunded', async () => {
    const { user, order } = openOrder('labelIssued');
    const section = await returnsSection();
    const line = order.lines[0]!;
    await user.click(within(section).getByRole('button', { name: 'Recebi os produtos' }));
    const dialog = screen.getByRole('dialog', { name: /Recebi os produtos/ });
    expect(
      within(dialog).getByRole('list', { name: 'Produtos que voltam ao estoque' }),
    ).toHaveTextContent(`${line.quantity} × ${line.productName}`);
    const refund = order.seededReturns![0]!.refundCents!;
    expect(dialog).toHaveTextContent(
      new RegExp(`O cliente recebe R\\$\\s${(refund / 100).toFixed(2).replace('.', ',')}`),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar recebimento' }));
    expect(await within(section).findByText('Reembolsada')).toBeVisible();
    expect(section).toHaveTextContent('os itens voltaram ao estoque');
    expect(within(section).queryByRole('button', { name: 'Recebi os produtos' })).toBeNull();
    const payments = screen.getByRole('region', { name: 'Pagamentos' });
    expect(await within(payments).findByText(/Devolução 1: Não serviu/)).toBeVisible();
    const history = screen.getByRole('list', { name: 'Histórico do pedido' });
    // The sale's NF-e is authorised: the devolução's follows the receipt.
    const devolucao = await within(section).findByRole('region', {
      name: /^NF-e de devolução \d+ · série 1$/,
    });
    expect(within(devolucao).getByText('Autorizada')).toBeVisible();
    expect(await within(history).findByText('NF-e de devolução autorizada')).toBeVisible();
    expect(history).toHaveTextContent('Reembolso');
    expect(history).toHaveTextContent('Devolução recebida');
  });

  it('shows a received return’s NF-e de devolução with its chave, DANFE and XML', async () => {
    openOrder('refundedWithInvoice');
    const section = await returnsSection();
    const devolucao = within(section).getByRole('region', {
      name: 'NF-e de devolução 1043 · série 1',
    });
    expect(within(devolucao).getByText('Autorizada')).toBeVisible();
    expect(devolucao).toHaveTextContent(/Chave de acesso: 3526 0311 2223/);
    expect(
      within(devolucao).getByRole('link', {
        name: 'DANFE da NF-e de devolução da devolução 1 (PDF)',
      }),
    ).toHaveAttribute('href', 'https://loja.exemplo.com.br/nfe/devolucao-1/danfe.pdf');
    expect(
      within(devolucao).getByRole('link', { name: 'XML da NF-e de devolução da devolução 1' }),
    ).toHaveAttribute('href', 'https://loja.exemplo.com.br/nfe/devolucao-1/nfe.xml');
    expect(within(devolucao).queryByRole('button', { name: 'Enviar de novo' })).toBeNull();
  });

  it('sends a rejected NF-e de devolução again, SEFAZ’s code and message said once', async () => {
    const { user } = openOrder('invoiceRejected', 'SUPPORT');
    const section = await returnsSection();
    const devolucao = within(section).getByRole('region', { name: /^NF-e de devolução/ });
    expect(devolucao).toHaveTextContent(
      'Rejeição 778: Informado NCM inexistente. Corrija os dados e envie de novo.',
    );
    await user.click(within(devolucao).getByRole('button', { name: 'Enviar de novo' }));
    expect(
      await screen.findByText(
        'NF-e de devolução enviada de novo: a resposta da SEFAZ aparece aqui em instantes.',
      ),
    ).toBeVisible();
    const again = await within(section).findByRole('region', { name: /^NF-e de devolução/ });
    expect(await within(again).findByText('Autorizada')).toBeVisible();
    expect(within(again).queryByRole('button', { name: 'Enviar de novo' })).toBeNull();
  });

  it('refuses with the reason the shopper is mailed', async () => {
    const { user } = openOrder('requested');
    const section = await returnsSection();
    await user.click(within(section).getByRole('button', { name: 'Recusar' }));
    const dialog = screen.getByRole('dialog', { name: /Recusar/ });
    await user.click(within(dialog).getByRole('button', { name: 'Recusar devolução' }));
    expect(within(dialog).getByText('Informe o motivo da recusa.')).toBeVisible();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo da recusa/ }),
      'Produto usado',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Recusar devolução' }));
    expect(await within(section).findByText(/Recusada por Ana Souza/)).toBeVisible();
    expect(section).toHaveTextContent('Produto usado');
  });

  it('does not offer receiving to SUPPORT', async () => {
    openOrder('labelIssued', 'SUPPORT');
    const section = await returnsSection();
    expect(within(section).getByRole('button', { name: 'Recusar' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Recebi os produtos' })).toBeNull();
  });
});
