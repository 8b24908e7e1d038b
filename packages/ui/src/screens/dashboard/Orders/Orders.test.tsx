// The orders grid and the order page against the MSW mock: the URL as the grid's state (a copied
// link opens the same query), saved views, bulk shipping with per-order results, the refund limit,
// and an order another staff member changed first.
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import {
  handlerList,
  lastExportRequest,
  liveEventsMock,
  makeOrderLiveEvent,
  makeStaffOrder,
  makeStaffOrders,
  ordersMock,
} from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { OrderScreen } from './OrderScreen';
import { OrdersScreen } from './OrdersScreen';
import {
  applySavedView,
  EMPTY_ORDERS_STATE,
  ordersParams,
  ordersVariables,
  parseOrdersParams,
} from './ordersUrlState';

/** The variables of every `DashboardOrders` request the page sent. */
function recordOrdersQueries() {
  const sent: Record<string, unknown>[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
    const body = (await request.clone().json()) as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    if (body.operationName === 'DashboardOrders') sent.push(body.variables ?? {});
  };
  server.events.on('request:start', listener);
  return {
    sent,
    stop: () => server.events.removeListener('request:start', listener),
  };
}

let recorder: ReturnType<typeof recordOrdersQueries> | null = null;
afterEach(() => {
  recorder?.stop();
  recorder = null;
});

function renderOrders(route: string, download?: (url: string) => void) {
  signInAsStaff();
  return renderAt(
    route,
    <Route
      path="/dashboard/pedidos"
      element={<OrdersScreen {...(download ? { download } : {})} />}
    />,
  );
}

function location() {
  return screen.getByTestId('location').textContent ?? '';
}

describe('orders URL state', () => {
  it('writes only what differs from the defaults and reads it back', () => {
    const state = {
      ...EMPTY_ORDERS_STATE,
      search: '529.982',
      status: 'PAID' as const,
      paymentMethod: 'PIX' as const,
      dateFrom: '2026-03-01',
      dateTo: '2026-03-10',
      sort: 'TOTAL_DESC' as const,
      page: 2,
      pageSize: 50,
    };
    const params = ordersParams(state);
    expect(params.toString()).toBe(
      'q=529.982&status=PAID&metodo=PIX&de=2026-03-01&ate=2026-03-10&ordem=TOTAL_DESC&pagina=3&por=50',
    );
    expect(parseOrdersParams(params)).toEqual(state);
    expect(ordersVariables(state)).toEqual({
      filter: {
        search: '529.982',
        status: 'PAID',
        paymentMethod: 'PIX',
        dateFrom: '2026-03-01',
        dateTo: '2026-03-10',
      },
      sort: 'TOTAL_DESC',
      first: 50,
      offset: 100,
    });
  });

  it('ignores values it does not know and keeps the brand scope when a view is applied', () => {
    const state = parseOrdersParams(
      new URLSearchParams('status=NOPE&de=2026-02-30&por=7&pagina=-1&marca=brand-serra'),
    );
    expect(state).toEqual({ ...EMPTY_ORDERS_STATE, brandId: 'brand-serra' });
    expect(applySavedView('status=PAID&pagina=4&marca=outra', state)).toEqual({
      ...EMPTY_ORDERS_STATE,
      status: 'PAID',
      brandId: 'brand-serra',
    });
  });
});

// Each test renders the whole grid and types into it: slow on a loaded machine.
const SCREEN_TEST_TIMEOUT = 60_000;

describe('OrdersScreen', () => {
  it(
    'announces a new order without moving the list, and shows it after "Atualizar"',
    async () => {
      recorder = recordOrdersQueries();
      const { user } = renderOrders('/dashboard/pedidos');
      await screen.findByRole('link', { name: 'VT-10030' });
      await liveEventsMock.whenOpen();
      const before = recorder.sent.length;
      act(() => {
        liveEventsMock.push(makeOrderLiveEvent({ id: 'order-live-9', number: 'VT-10031' }));
      });
      const notice = await screen.findByText('1 novo pedido.');
      expect(recorder.sent.length).toBe(before);
      await user.click(
        within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', {
          name: 'Atualizar',
        }),
      );
      await waitFor(() => expect(recorder?.sent.length).toBe(before + 1));
      await waitFor(() => expect(screen.queryByText('1 novo pedido.')).toBeNull());
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'asks the API for what the URL says, puts a filter change in the URL, and a reload of that URL asks the same',
    async () => {
      recorder = recordOrdersQueries();
      const first = renderOrders('/dashboard/pedidos?metodo=PIX&ordem=OLDEST&pagina=2&por=20');
      await waitFor(() => expect(recorder?.sent.length).toBeGreaterThan(0));
      expect(recorder.sent.at(-1)).toEqual({
        filter: { paymentMethod: 'PIX' },
        sort: 'OLDEST',
        first: 20,
        offset: 20,
      });

      // A filter changes: back to the first page, in the URL.
      await first.user.click(screen.getByRole('combobox', { name: 'Status' }));
      await first.user.click(await screen.findByRole('option', { name: 'Pago' }));
      await waitFor(() =>
        expect(location()).toBe('/dashboard/pedidos?status=PAID&metodo=PIX&ordem=OLDEST'),
      );
      await waitFor(() =>
        expect(recorder?.sent.at(-1)).toEqual({
          filter: { status: 'PAID', paymentMethod: 'PIX' },
          sort: 'OLDEST',
          first: 20,
          offset: 0,
        }),
      );
      const url = location();
      const expected = recorder.sent.at(-1);
      first.unmount();

      // The copied link opens the same query.
      recorder.sent.length = 0;
      renderOrders(url);
      await waitFor(() => expect(recorder?.sent.length).toBeGreaterThan(0));
      expect(recorder.sent.at(-1)).toEqual(expected);
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'searches by CPF after a pause in typing',
    async () => {
      recorder = recordOrdersQueries();
      const cpf = makeStaffOrders()[1]!.customer.cpf;
      const { user } = renderOrders('/dashboard/pedidos');
      await user.type(
        await screen.findByRole('searchbox', { name: 'Buscar por número, nome, e-mail ou CPF' }),
        cpf,
      );
      await waitFor(() => expect(location()).toBe(`/dashboard/pedidos?q=${cpf}`));
      await waitFor(() => expect(recorder?.sent.at(-1)).toMatchObject({ filter: { search: cpf } }));
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'applies the built-in "Pix a conferir" view',
    async () => {
      const { user } = renderOrders('/dashboard/pedidos');
      await user.click(await screen.findByRole('button', { name: 'Visões' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Pix a conferir' }));
      await waitFor(() =>
        expect(location()).toBe(
          '/dashboard/pedidos?status=PENDING_PAYMENT&metodo=PIX&ordem=EXPIRES_SOONEST',
        ),
      );
      expect(
        await screen.findByRole('button', { name: 'Visão: Pix a conferir' }),
      ).toBeInTheDocument();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'applies a saved view and saves the current one',
    async () => {
      const { user } = renderOrders('/dashboard/pedidos?status=SHIPPED');
      await user.click(await screen.findByRole('button', { name: 'Visões' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Cartão desta semana' }));
      await waitFor(() =>
        expect(location()).toBe('/dashboard/pedidos?metodo=CARD&de=2026-03-04&ate=2026-03-10'),
      );
      await user.click(await screen.findByRole('button', { name: 'Visão: Cartão desta semana' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Salvar visão atual…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Salvar visão' });
      await user.type(within(dialog).getByLabelText('Nome da visão'), 'Cartão desta semana');
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByText('Você já tem uma visão com esse nome.')).toBeVisible();
      await user.clear(within(dialog).getByLabelText('Nome da visão'));
      await user.type(within(dialog).getByLabelText('Nome da visão'), 'Cartões');
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(screen.getByRole('button', { name: /Visão:/ }));
      expect(await screen.findByRole('menuitem', { name: /Cartões/ })).toBeInTheDocument();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'deletes a saved view after a confirmation',
    async () => {
      const { user } = renderOrders('/dashboard/pedidos');
      await user.click(await screen.findByRole('button', { name: 'Visões' }));
      await user.click(
        await screen.findByRole('button', { name: 'Excluir a visão Cartão desta semana' }),
      );
      const confirm = await screen.findByRole('dialog', { name: 'Excluir a visão?' });
      await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Visões' }));
      expect(await screen.findByText('Nenhuma visão salva')).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: /Cartão desta semana/ })).toBeNull();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    "ships selected orders and shows each one's result",
    async () => {
      const paid = (id: string, number: string) =>
        makeStaffOrder({ id, number, createdAt: '2026-03-10T12:00:00.000Z' });
      server.use(
        ...handlerList({
          orders: ordersMock.answers({
            staffOrders: [paid('order-a', 'VT-20001'), paid('order-b', 'VT-20002')],
          }),
        }),
      );
      const { user } = renderOrders('/dashboard/pedidos');
      await screen.findByRole('link', { name: 'VT-20001' });
      const grid = screen.getByRole('grid', { name: 'Pedidos' });
      const rows = within(grid).getAllByRole('row').slice(1);
      for (const row of rows) await user.click(within(row).getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Enviar selecionados' }));
      const dialog = await screen.findByRole('dialog', { name: 'Enviar pedidos selecionados' });
      await user.type(
        within(dialog).getByLabelText('Código de rastreamento (VT-20001)'),
        'AA123456789BR',
      );
      await user.type(within(dialog).getByLabelText('Código de rastreamento (VT-20002)'), '!!');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar 2 pedidos' }));
      expect(
        await within(dialog).findByText(
          '1 de 2 enviados. Corrija os que falharam e tente de novo.',
        ),
      ).toBeVisible();
      expect(within(dialog).getByText('Enviado.')).toBeVisible();
      expect(within(dialog).getByText(/Código de rastreamento inválido/)).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'exports the filtered list and opens the download',
    async () => {
      const downloads: string[] = [];
      const { user } = renderOrders('/dashboard/pedidos?status=PAID&ordem=TOTAL_DESC', (url) =>
        downloads.push(url),
      );
      expect((await screen.findAllByRole('link', { name: /^VT-/ })).length).toBeGreaterThan(0);
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await waitFor(() =>
        expect(downloads).toEqual(['/admin/exports/orders.csv?ticket=ticket-de-teste']),
      );
      expect(lastExportRequest.body).toEqual({ filter: { status: 'PAID' }, sort: 'TOTAL_DESC' });
    },
    SCREEN_TEST_TIMEOUT,
  );
});

function renderOrder(id: string) {
  signInAsStaff();
  return renderAt(
    `/dashboard/pedidos/${id}`,
    <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />,
  );
}

describe('OrderScreen', () => {
  it(
    'refuses a refund above what is left, then records a partial one in the timeline',
    async () => {
      const order = makeStaffOrder();
      server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
      const { user } = renderOrder(order.id);
      await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
      const dialog = await screen.findByRole('dialog', { name: /Reembolsar/ });
      const amount = within(dialog).getByLabelText(/Valor do reembolso/);
      await user.clear(amount);
      await user.type(amount, '10000,00');
      await user.type(within(dialog).getByLabelText(/Motivo do reembolso/), 'Defeito');
      await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
      expect(within(dialog).getByText(/O valor máximo é R\$/)).toBeVisible();

      await user.clear(amount);
      await user.type(amount, '10,00');
      await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
      expect(await screen.findByText('Reembolso registrado.')).toBeVisible();
      const history = await screen.findByRole('list', { name: 'Histórico do pedido' });
      await waitFor(() =>
        expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Reembolso'),
      );
      expect(screen.getByText(/R\$ 10,00 em .* por Ana Souza: Defeito/)).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    "shows the API's error and the order's new state when another staff member shipped it first",
    async () => {
      const order = makeStaffOrder();
      server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
      const { user } = renderOrder(order.id);
      await user.click(await screen.findByRole('button', { name: 'Enviar' }));
      const dialog = await screen.findByRole('dialog', { name: /Enviar/ });
      await user.type(within(dialog).getByLabelText(/Código de rastreamento/), 'AA123456789BR');

      // Meanwhile, someone else ships it.
      const shipped = makeStaffOrder({
        status: 'SHIPPED',
        fulfilmentStatus: 'SHIPPED',
        trackingCarrier: 'Correios',
        trackingCode: 'BB987654321BR',
        trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objetos=BB987654321BR',
      });
      server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [shipped] }) }));

      await user.click(within(dialog).getByRole('button', { name: 'Registrar envio' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Não é possível enviar um pedido com status Enviado.',
      );
      expect(await screen.findByRole('link', { name: 'BB987654321BR' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Marcar como entregue' })).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it('shows the order as it is now when a live event says it changed', async () => {
    const order = makeStaffOrder();
    server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
    renderOrder(order.id);
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeVisible();
    await liveEventsMock.whenOpen();
    server.use(
      ...handlerList({
        orders: ordersMock.answers({
          staffOrders: [makeStaffOrder({ status: 'SHIPPED', fulfilmentStatus: 'SHIPPED' })],
        }),
      }),
    );
    act(() => {
      liveEventsMock.push(
        makeOrderLiveEvent({
          type: 'changed',
          id: order.id,
          number: order.number,
          status: 'SHIPPED',
        }),
      );
    });
    expect(await screen.findByRole('button', { name: 'Marcar como entregue' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
  });
});
