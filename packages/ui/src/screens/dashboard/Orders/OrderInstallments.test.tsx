// The order page's card plan: an order paid in 12x with interest reads '12x de R$ 60,27 com
// juros', its totals show the plan's interest above the total, and the shopper's switch of plan
// is 'Parcelamento alterado' in the timeline; interest-free plans and a brand's share read as
// before.
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import {
  handlerList,
  INTEREST_CARD_ORDER_ID,
  makeInterestCardOrder,
  makeStaffOrders,
  ordersMock,
} from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { installmentsText, interestRowLabel } from './orderInstallments';
import { OrderScreen } from './OrderScreen';

describe('installmentsText and interestRowLabel', () => {
  const card = { paymentMethod: 'CARD' as const, installments: 12, totalCents: 72324 };

  it('names a plan with interest by its instalment, an interest-free one by its count', () => {
    expect(installmentsText({ ...card, interestCents: 8554 })).toBe(
      ' em 12x de R$ 60,27 com juros',
    );
    expect(installmentsText({ ...card, installments: 6, interestCents: 0 })).toBe(
      ' em 6x sem juros',
    );
    expect(installmentsText({ ...card, installments: 1, interestCents: 0 })).toBe('');
    expect(installmentsText({ ...card, paymentMethod: 'PIX', interestCents: 0 })).toBe('');
    // A brand's share: the count only (its total is not the card's).
    expect(installmentsText({ ...card, interestCents: null })).toBe(' em 12x');
  });

  it('labels the interest row only when the plan has interest', () => {
    expect(interestRowLabel({ ...card, interestCents: 8554 })).toBe('Juros do parcelamento (12x)');
    expect(interestRowLabel({ ...card, interestCents: 0 })).toBeNull();
    expect(interestRowLabel({ ...card, interestCents: null })).toBeNull();
  });
});

describe('OrderScreen: a card plan with interest', () => {
  it('shows the interest above the total, the plan and its change in the timeline', async () => {
    const order = makeInterestCardOrder();
    expect(order.totalCents).toBe(
      order.subtotalCents - order.discountCents + order.shippingCents + order.interestCents,
    );
    server.use(
      ...handlerList({
        orders: ordersMock.answers({ staffOrders: [order, ...makeStaffOrders()] }),
      }),
    );
    signInAsStaff();
    renderAt(
      `/dashboard/pedidos/${INTEREST_CARD_ORDER_ID}`,
      <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />,
    );
    const interest = await screen.findByText('Juros do parcelamento (12x)');
    expect(interest.nextElementSibling).toHaveTextContent(/^R\$\s85,54$/);
    const total = screen.getByText('Total');
    expect(total.nextElementSibling).toHaveTextContent(/^R\$\s723,24$/);
    // The interest row comes before the total.
    expect(interest.compareDocumentPosition(total) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/· Cartão em 12x de R\$ 60,27 com juros$/)).toBeVisible();
    const history = screen.getByRole('list', { name: 'Histórico do pedido' });
    expect(within(history).getByText('Parcelamento alterado')).toBeVisible();
    expect(
      within(history).getByText(/3x sem juros → 12x de R\$ 60,27 com juros: total R\$ 723,24\./),
    ).toBeVisible();
  }, 60_000);
});
