// The carrier's word on the order page: a failed delivery is warned at the top and its events read
// newest first in "Rastreamento", with 'Problema na entrega' by 'Correios' in the timeline; a
// shipped order the carrier has not registered yet says so; a return reads as one.
import { render, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { DELIVERY_PROBLEM_ORDER_ID, makeStaffOrders } from '../../../mocks';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import type { OrderDetail } from './OrderScreen.graphql';
import { OrderScreen } from './OrderScreen';
import { OrderShipmentTracking, ShipmentProblemAlert } from './OrderShipmentTracking';

function openOrder(id: string) {
  signInAsStaff();
  renderAt(
    `/dashboard/pedidos/${id}`,
    <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />,
  );
}

describe('OrderScreen: the carrier tracking', () => {
  it('warns of a failed delivery and lists the carrier events newest first', async () => {
    openOrder(DELIVERY_PROBLEM_ORDER_ID);
    const block = await screen.findByRole('region', { name: /Rastreamento/ });
    // The current status as a chip beside the title, then the newest event.
    const [chip] = within(block).getAllByText('Entrega não realizada');
    expect(chip!.closest('ol')).toBeNull();
    const events = within(block).getAllByRole('listitem');
    expect(events).toHaveLength(5);
    expect(events[0]).toHaveTextContent('Entrega não realizada');
    expect(events[0]).toHaveTextContent('Carteiro não atendido');
    expect(events[0]).toHaveTextContent(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2} · Porto Alegre\/RS/);
    expect(events[4]).toHaveTextContent(/^PostadoObjeto postado.* · São Paulo\/SP$/);

    const warning = screen.getByText(
      'Entrega não realizada: fale com o cliente ou com os Correios.',
      { exact: false },
    );
    expect(warning.closest('[role="alert"]')).toHaveTextContent(
      /Carteiro não atendido \(Porto Alegre\/RS\)/,
    );

    const history = screen.getByRole('list', { name: 'Histórico do pedido' });
    const newest = within(history).getAllByRole('listitem')[0]!;
    expect(newest).toHaveTextContent('Problema na entrega');
    expect(newest).toHaveTextContent('Correios');
    expect(newest).toHaveTextContent(
      'Entrega não realizada: Carteiro não atendido (Porto Alegre/RS).',
    );
    expect(newest).not.toHaveTextContent('Pagamento');
  }, 60_000);

  it('tells that the events come once the carrier registers a shipped parcel', async () => {
    const shipped = makeStaffOrders().find(
      (order) => order.status === 'SHIPPED' && order.id !== DELIVERY_PROBLEM_ORDER_ID,
    )!;
    expect(shipped.shipmentEvents).toEqual([]);
    openOrder(shipped.id);
    const block = await screen.findByRole('region', { name: /Rastreamento/ });
    expect(
      within(block).getByText(
        'Os eventos da transportadora aparecem aqui assim que ela registrar o objeto.',
      ),
    ).toBeVisible();
    expect(within(block).queryByRole('list')).toBeNull();
    expect(screen.queryByText(/Entrega não realizada/)).toBeNull();
  }, 60_000);
});

describe('OrderShipmentTracking', () => {
  const base: Pick<
    OrderDetail,
    | 'status'
    | 'shippingMethodKind'
    | 'trackingCarrier'
    | 'trackingCode'
    | 'trackingStatus'
    | 'shipmentEvents'
  > = {
    status: 'PAID',
    shippingMethodKind: 'DELIVERY',
    trackingCarrier: null,
    trackingCode: null,
    trackingStatus: null,
    shipmentEvents: [],
  };

  it('shows nothing before the order ships', () => {
    const { container } = render(
      <>
        <OrderShipmentTracking order={base} />
        <ShipmentProblemAlert order={base} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('reads a return to the store as one, naming another carrier generically', () => {
    const order = {
      ...base,
      status: 'SHIPPED' as const,
      trackingCarrier: 'Jadlog',
      trackingCode: '12345678901234',
      trackingStatus: 'RETURNING' as const,
      shipmentEvents: [
        {
          status: 'RETURNING' as const,
          label: 'Devolvido ao remetente',
          description: 'Objeto em devolução ao remetente',
          location: null,
          occurredAt: '2026-03-10T12:00:00.000Z',
        },
      ],
    };
    render(
      <>
        <ShipmentProblemAlert order={order} />
        <OrderShipmentTracking order={order} />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^O pedido está voltando para a loja\./);
    const events = screen.getByRole('list', { name: 'Eventos da transportadora' });
    expect(within(events).getByRole('listitem')).toHaveTextContent(
      /^Devolvido ao remetenteObjeto em devolução ao remetente\d{2}\/\d{2}\/\d{4}/,
    );
  });
});
