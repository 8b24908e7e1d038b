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
  staffMock,
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
      expect(await within(dialog).findByText('Já existe uma visão com esse nome.')).toBeVisible();
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
    "refuses a wrong Correios check digit at its field, then ships selected orders and shows each one's result",
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
        'AA123456785BR',
      );
      const second = within(dialog).getByLabelText('Código de rastreamento (VT-20002)');
      await user.type(second, 'QB123456780BR');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar 2 pedidos' }));
      // Refused here, before anything is sent: no order shipped yet.
      expect(
        within(dialog).getByText(/o dígito verificador \(o 9º número\) não confere/),
      ).toBeVisible();
      expect(within(dialog).queryByText('Enviado.')).toBeNull();
      await user.clear(second);
      await user.type(second, 'QB123456785BR');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar 2 pedidos' }));
      expect(await within(dialog).findByText('2 pedidos enviados.')).toBeVisible();
      expect(within(dialog).getAllByText('Enviado.')).toHaveLength(2);
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
      await user.type(within(dialog).getByLabelText(/Código de rastreamento/), 'AA123456785BR');

      // Meanwhile, someone else ships it.
      const shipped = makeStaffOrder({
        status: 'SHIPPED',
        fulfilmentStatus: 'SHIPPED',
        trackingCarrier: 'Correios',
        trackingCode: 'BB987654326BR',
        trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objetos=BB987654326BR',
      });
      server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [shipped] }) }));

      await user.click(within(dialog).getByRole('button', { name: 'Registrar envio' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Não é possível enviar um pedido com status Enviado.',
      );
      expect(await screen.findByRole('link', { name: 'BB987654326BR' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Marcar como entregue' })).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'says at the field that a Correios check digit is wrong, then corrects the shipped tracking',
    async () => {
      const order = makeStaffOrder();
      server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
      const { user } = renderOrder(order.id);
      await user.click(await screen.findByRole('button', { name: 'Enviar' }));
      const dialog = await screen.findByRole('dialog', { name: /Enviar/ });
      const code = within(dialog).getByLabelText(/Código de rastreamento/);
      await user.type(code, 'QB123456780BR');
      await user.click(within(dialog).getByRole('button', { name: 'Registrar envio' }));
      expect(code).toHaveAccessibleDescription(
        'Código dos Correios inválido: o dígito verificador (o 9º número) não confere. Confira o código na etiqueta.',
      );
      await user.clear(code);
      await user.type(code, 'QB123456785BR');
      await user.click(within(dialog).getByRole('button', { name: 'Registrar envio' }));
      expect(await screen.findByText(/Envio registrado/)).toBeVisible();

      await user.click(await screen.findByRole('button', { name: 'Corrigir rastreamento' }));
      const fix = await screen.findByRole('dialog', { name: /Corrigir rastreamento/ });
      expect(within(fix).getByLabelText(/Transportadora/)).toHaveValue('Correios');
      const fixCode = within(fix).getByLabelText(/Código de rastreamento/);
      expect(fixCode).toHaveValue('QB123456785BR');
      await user.click(within(fix).getByRole('button', { name: 'Salvar correção' }));
      expect(fixCode).toHaveAccessibleDescription(
        'Nada mudou: altere a transportadora ou o código.',
      );
      await user.clear(fixCode);
      await user.type(fixCode, 'AA123456785BR');
      await user.click(within(fix).getByRole('button', { name: 'Salvar correção' }));
      expect(await screen.findByText(/Rastreamento corrigido\. O cliente recebeu/)).toBeVisible();
      expect(await screen.findByRole('link', { name: 'AA123456785BR' })).toBeVisible();
      const history = screen.getByRole('list', { name: 'Histórico do pedido' });
      await waitFor(() =>
        expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(
          'Rastreamento corrigido',
        ),
      );
      expect(
        within(history).getByText(/De QB123456785BR \(Correios\) para AA123456785BR \(Correios\)/),
      ).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'shows a payment confirmed by hand as who confirmed it, never its manual-<id> key as a txid',
    async () => {
      const pending = makeStaffOrder({
        id: 'order-10024',
        number: 'VT-10024',
        status: 'PENDING_PAYMENT',
        paymentStatus: 'PENDING',
        payments: [],
      });
      server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [pending] }) }));
      const { user } = renderOrder(pending.id);
      await user.click(await screen.findByRole('button', { name: 'Confirmar pagamento' }));
      const dialog = await screen.findByRole('dialog', { name: /Confirmar pagamento/ });
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento' }));
      const payments = await screen.findByRole('region', { name: 'Pagamentos' });
      await waitFor(() =>
        expect(payments).toHaveTextContent('Confirmado manualmente por Ana Souza'),
      );
      expect(payments).not.toHaveTextContent('manual-');
      expect(payments).not.toHaveTextContent('txid');
    },
    SCREEN_TEST_TIMEOUT,
  );

  it.each(['SUPPORT', 'BRAND_MANAGER'] as const)(
    "offers %s no payment confirmation and no refund (the store's money), the shipping and the cancellation yes",
    async (role) => {
      const paid = makeStaffOrder();
      const pending = makeStaffOrder({
        id: 'order-10024',
        number: 'VT-10024',
        status: 'PENDING_PAYMENT',
        paymentStatus: 'PENDING',
      });
      const brandIds = [...new Set(paid.lines.map((line) => line.brandId ?? ''))];
      server.use(
        ...handlerList({
          orders: ordersMock.answers({ staffOrders: [paid, pending] }),
          staff: staffMock.answers({ role, brandIds }),
        }),
      );
      const first = renderOrder(paid.id);
      expect(await screen.findByRole('button', { name: 'Enviar' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Cancelar pedido' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
      first.unmount();

      renderOrder(pending.id);
      expect(await screen.findByRole('button', { name: 'Cancelar pedido' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Confirmar pagamento' })).toBeNull();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'shows an order seen before as it is now after it was shipped from the grid (not the copy kept from the first visit)',
    async () => {
      const order = makeStaffOrder();
      server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
      signInAsStaff();
      const { user } = renderAt(
        `/dashboard/pedidos/${order.id}`,
        <>
          <Route path="/dashboard/pedidos" element={<OrdersScreen />} />
          <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />
        </>,
      );
      // The first visit: paid, to ship.
      expect(await screen.findByRole('button', { name: 'Enviar' })).toBeVisible();
      expect(screen.getByText('Envio: A enviar')).toBeVisible();

      // Back to the grid, where it is shipped with the others selected.
      await user.click(
        within(screen.getByRole('navigation', { name: 'Trilha de navegação' })).getByRole('link', {
          name: 'Pedidos',
        }),
      );
      const grid = await screen.findByRole('grid', { name: 'Pedidos' });
      const row = await within(grid).findByRole('row', { name: new RegExp(order.number) });
      await user.click(within(row).getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Enviar selecionados' }));
      const dialog = await screen.findByRole('dialog', { name: 'Enviar pedidos selecionados' });
      await user.type(
        within(dialog).getByLabelText(`Código de rastreamento (${order.number})`),
        'AA123456785BR',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Enviar 1 pedido' }));
      expect(await within(dialog).findByText('1 pedido enviado.')).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

      // Opened again: shipped, with its code; "Enviar" is no longer offered.
      await user.click(within(grid).getByRole('link', { name: order.number }));
      expect(await screen.findByText('Envio: Enviado')).toBeVisible();
      expect(await screen.findByRole('link', { name: 'AA123456785BR' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Marcar como entregue' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'opens the print pages in a new tab that shares this tab\'s session (rel="opener": a sign-in without "Lembrar de mim" lives in session storage)',
    async () => {
      const order = makeStaffOrder();
      server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [order] }) }));
      signInAsStaff();
      const { user } = renderAt(
        '/dashboard/pedidos',
        <>
          <Route path="/dashboard/pedidos" element={<OrdersScreen />} />
          <Route path="/dashboard/pedidos/:id" element={<OrderScreen />} />
        </>,
      );
      const grid = await screen.findByRole('grid', { name: 'Pedidos' });
      const row = await within(grid).findByRole('row', { name: new RegExp(order.number) });
      await user.click(within(row).getByRole('checkbox'));
      const links = [screen.getByRole('link', { name: 'Imprimir romaneios' })];
      await user.click(within(grid).getByRole('link', { name: order.number }));
      links.push(
        await screen.findByRole('link', { name: 'Imprimir romaneio' }),
        screen.getByRole('link', { name: 'Declaração de conteúdo' }),
      );
      for (const link of links) {
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', 'opener');
      }
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
