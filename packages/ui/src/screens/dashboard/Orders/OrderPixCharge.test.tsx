// The order page's "Pix pelo banco" against the MSW mock: an order the bank confirmed (its charge,
// the payment's end-to-end id, a refund that goes back by Pix devolução), a charge the bank
// refused, none without a PSP, and none for a brand manager.
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { handlerList, makeStaffOrder, ordersMock, staffMock } from '../../../mocks';
import {
  BANK_END_TO_END_ID,
  makeBankPaidPixOrder,
  makeBankRefusedPixOrder,
} from '../../../mocks/payments/pixPsp.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { pixChargeText } from './OrderPixCharge';
import { OrderScreen } from './OrderScreen';

const TIMEOUT = 60_000;

function renderOrder(id: string) {
  server.use(
    ...handlerList({
      orders: ordersMock.answers({
        staffOrders: [makeBankPaidPixOrder(), makeBankRefusedPixOrder(), makeStaffOrder()],
      }),
    }),
  );
  signInAsStaff();
  return renderAt(
    `/dashboard/pedidos/${id}`,
    <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />,
  );
}

const bankBlock = () => screen.getByRole('region', { name: 'Pix pelo banco' });

describe('pixChargeText', () => {
  const charge = {
    status: 'ATIVA',
    txid: 'vt1',
    endToEndId: null,
    receivedCents: null,
    paidAt: null,
    lastError: null,
    attempts: 0,
  };
  it('says each state of the charge in Portuguese', () => {
    expect(pixChargeText({ ...charge, status: 'TO_CREATE' }).text).toBe('Criando cobrança…');
    expect(pixChargeText(charge).text).toBe('Aguardando pagamento');
    expect(pixChargeText({ ...charge, status: 'REMOVIDA_PELO_PSP' }).text).toBe(
      'Removida pelo banco',
    );
    expect(pixChargeText({ ...charge, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }).text).toBe(
      'Removida pela loja',
    );
    expect(pixChargeText({ ...charge, status: 'EXPIRED' }).text).toBe('Expirada');
    expect(pixChargeText({ ...charge, status: 'FAILED', lastError: 'chave inválida' })).toEqual({
      text: 'Recusada pelo banco: chave inválida',
      error: true,
    });
    expect(
      pixChargeText({
        ...charge,
        status: 'CONCLUIDA',
        paidAt: '2026-03-10T13:34:00.000Z',
        endToEndId: 'E123',
      }).text,
    ).toBe('Pago pelo banco em 10/03/2026, 10:34 (E2E E123)');
  });
});

describe('OrderScreen: Pix pelo banco', () => {
  it(
    'shows an order the bank confirmed, and its refund goes back by Pix devolução',
    async () => {
      const order = makeBankPaidPixOrder();
      const { user } = renderOrder(order.id);
      expect(await screen.findByRole('heading', { name: 'Pix pelo banco' })).toBeVisible();
      expect(bankBlock()).toHaveTextContent(
        `Pago pelo banco em 10/03/2026, 10:34 (E2E ${BANK_END_TO_END_ID})`,
      );
      expect(bankBlock()).toHaveTextContent(`txid: ${order.pixCharge!.txid}`);
      expect(
        screen.getByText(
          (_content, element) =>
            element?.tagName === 'P' &&
            (element.textContent ?? '').startsWith(
              `Confirmado pelo banco (Pix) · E2E: ${BANK_END_TO_END_ID}`,
            ),
        ),
      ).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
      const dialog = await screen.findByRole('dialog', { name: /Reembolsar/ });
      expect(dialog).toHaveTextContent(
        'o valor volta por Pix (devolução) para quem pagou, pela API do banco',
      );
      expect(dialog).not.toHaveTextContent('registrado como manual');
    },
    TIMEOUT,
  );

  it(
    "shows a charge the bank refused with the bank's words",
    async () => {
      const order = makeBankRefusedPixOrder();
      renderOrder(order.id);
      expect(await screen.findByRole('heading', { name: 'Pix pelo banco' })).toBeVisible();
      expect(bankBlock()).toHaveTextContent(`Recusada pelo banco: ${order.pixCharge!.lastError!}`);
    },
    TIMEOUT,
  );

  it(
    'shows no block without a PSP, and keeps the manual refund text',
    async () => {
      const { user } = renderOrder(makeStaffOrder().id);
      await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
      const dialog = await screen.findByRole('dialog', { name: /Reembolsar/ });
      expect(dialog).toHaveTextContent('o reembolso fica registrado como manual');
      expect(screen.queryByRole('heading', { name: 'Pix pelo banco' })).toBeNull();
    },
    TIMEOUT,
  );

  it(
    'shows a brand manager no charge',
    async () => {
      server.use(
        ...handlerList({
          staff: staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-aurora'] }),
        }),
      );
      renderOrder(makeBankPaidPixOrder().id);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Pedido VT-10041' }),
      ).toBeVisible();
      expect(screen.queryByRole('heading', { name: 'Pix pelo banco' })).toBeNull();
      expect(within(document.body).queryByText(/E2E/)).toBeNull();
    },
    TIMEOUT,
  );
});
