// The orders grid's "Problema na entrega" chip against the MSW mock: its state in the URL
// ('problema=1', like the other filters), the API asked for deliveryProblem, only the shipped
// orders whose delivery failed or that go back listed, a copied link opening the same view, and
// "Limpar filtros" lifting it.
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { lastExportRequest } from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { OrdersScreen } from './OrdersScreen';
import {
  clearedFilters,
  EMPTY_ORDERS_STATE,
  hasFilters,
  ordersParams,
  ordersVariables,
  parseOrdersParams,
  savedViewQuery,
} from './ordersUrlState';

describe('orders URL state: the delivery problem filter', () => {
  it('reads and writes problema=1, asks for deliveryProblem, and is lifted by "Limpar filtros"', () => {
    const state = parseOrdersParams(new URLSearchParams('problema=1&status=SHIPPED'));
    expect(state).toEqual({ ...EMPTY_ORDERS_STATE, status: 'SHIPPED', deliveryProblem: true });
    expect(ordersParams(state).toString()).toBe('status=SHIPPED&problema=1');
    expect(ordersVariables(state).filter).toEqual({ status: 'SHIPPED', deliveryProblem: true });
    expect(hasFilters({ ...EMPTY_ORDERS_STATE, deliveryProblem: true })).toBe(true);
    expect(clearedFilters(state).deliveryProblem).toBe(false);
    expect(savedViewQuery(state)).toBe('status=SHIPPED&problema=1');
  });

  it('ignores any other value, and leaves the filter out of a plain URL', () => {
    for (const value of ['0', 'sim', 'true', '']) {
      expect(parseOrdersParams(new URLSearchParams(`problema=${value}`)).deliveryProblem).toBe(
        false,
      );
    }
    expect(ordersParams(EMPTY_ORDERS_STATE).toString()).toBe('');
    expect(ordersVariables(EMPTY_ORDERS_STATE).filter).toEqual({});
  });
});

/** The filters of every `DashboardOrders` request the page sent. */
function recordFilters() {
  const sent: unknown[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
    const body = (await request.clone().json()) as {
      operationName?: string;
      variables?: { filter?: unknown };
    };
    if (body.operationName === 'DashboardOrders') sent.push(body.variables?.filter);
  };
  server.events.on('request:start', listener);
  stop = () => server.events.removeListener('request:start', listener);
  return sent;
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
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

const location = () => screen.getByTestId('location').textContent ?? '';
const orderNumbers = () =>
  screen.getAllByRole('link', { name: /^VT-/ }).map((link) => link.textContent);

describe('OrdersScreen: "Problema na entrega"', { timeout: 60_000 }, () => {
  it('filters the shipped orders with a delivery problem, the chip pressed and in the URL', async () => {
    const filters = recordFilters();
    const { user } = renderOrders('/dashboard/pedidos');
    await screen.findByRole('link', { name: 'VT-10030' });
    const chip = screen.getByRole('button', { name: 'Problema na entrega' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip);
    await waitFor(() => expect(location()).toBe('/dashboard/pedidos?problema=1'));
    await waitFor(() => expect(orderNumbers()).toEqual(['VT-10015']));
    expect(screen.getByRole('button', { name: 'Problema na entrega' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(filters).toContainEqual({ deliveryProblem: true });
    // Pressed again: the whole list back, a plain URL.
    await user.click(screen.getByRole('button', { name: 'Problema na entrega' }));
    await waitFor(() => expect(location()).toBe('/dashboard/pedidos'));
    await screen.findByRole('link', { name: 'VT-10030' });
  });

  it('opens a copied link with the filter on, exports that list, and "Limpar filtros" lifts it', async () => {
    const downloads: string[] = [];
    const { user } = renderOrders('/dashboard/pedidos?problema=1', (url) => downloads.push(url));
    await waitFor(() => expect(orderNumbers()).toEqual(['VT-10015']));
    expect(screen.getByRole('button', { name: 'Problema na entrega' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(lastExportRequest.body).toEqual({ filter: { deliveryProblem: true }, sort: 'NEWEST' });
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(location()).toBe('/dashboard/pedidos'));
    expect(screen.getByRole('button', { name: 'Problema na entrega' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
