// Notas fiscais against the MSW mock: the mock world's invoices latest change first (one waiting
// for the provider, two rejected), the status filter and the page kept in the URL, "Enviar de
// novo" (done and refused), and the states: not configured, no permission, a failure retried.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { GRAPHQL_URL, makeStaffOrders, ordersMock, staffMock } from '../../../mocks';
import { makeStaffReturnOrder } from '../../../mocks/returns/returns.fixtures';
import type { StaffOrderFixture } from '../../../mocks/orders/staffOrders.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import type { InvoiceRowNode } from './InvoicesScreen.graphql';
import { InvoicesScreen } from './InvoicesScreen';
import {
  EMPTY_INVOICES_STATE,
  invoicesParams,
  invoicesVariables,
  parseInvoicesParams,
} from './invoicesUrlState';
import { InvoicesView } from './InvoicesView';

const PATH = '/dashboard/notas-fiscais';

function renderList(route = PATH) {
  signInAsStaff();
  return renderAt(route, <Route path={PATH} element={<InvoicesScreen />} />);
}

const grid = () => screen.findByRole('grid', { name: 'Notas fiscais' });

/** The grid's data rows (the header row left out), each as its text. */
function rowTexts(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

/** The fixtures and two copies (every paid copy authorised): 59 invoices, three pages of 25. */
function manyPaidOrders(): StaffOrderFixture[] {
  const base = makeStaffOrders();
  const copies = [1, 2].flatMap((copy) =>
    base.map((order) => ({
      ...structuredClone(order),
      id: `${order.id}-${copy}`,
      number: order.number.replace('VT-1', `VT-${copy + 1}`),
    })),
  );
  return [...base, ...copies];
}

describe('invoicesUrlState', () => {
  it('reads the filter and the page from the URL, ignoring what it does not know', () => {
    expect(
      parseInvoicesParams(new URLSearchParams('status=REJECTED&tipo=devolucoes&pagina=3&por=50')),
    ).toEqual({ status: 'REJECTED', kind: 'RETURN', page: 2, pageSize: 50 });
    expect(
      parseInvoicesParams(new URLSearchParams('status=NOPE&tipo=outras&pagina=-1&por=7')),
    ).toEqual({ status: null, kind: null, page: 0, pageSize: 25 });
    expect(invoicesVariables({ status: 'PENDING', kind: null, page: 2, pageSize: 50 })).toEqual({
      filter: { status: 'PENDING' },
      first: 50,
      offset: 100,
    });
    expect(invoicesVariables({ status: null, kind: 'SALE', page: 0, pageSize: 25 })).toEqual({
      filter: { kind: 'SALE' },
      first: 25,
      offset: 0,
    });
    expect(
      invoicesParams({ status: 'REJECTED', kind: 'RETURN', page: 0, pageSize: 25 }).toString(),
    ).toBe('status=REJECTED&tipo=devolucoes');
  });
});

describe('InvoicesView', { timeout: 30_000 }, () => {
  it("names a return's NF-e de devolução, and sends either again: the sale's by its order, the devolução's by its return", async () => {
    const sale: InvoiceRowNode = {
      id: 'inv-sale',
      kind: 'SALE',
      orderId: 'order-1',
      orderNumber: 'VT-10001',
      returnNumber: null,
      returnId: null,
      status: 'REJECTED',
      statusLabel: 'Rejeitada',
      environment: 'producao',
      series: 1,
      number: 7,
      rejectionCode: '778',
      rejectionMessage: 'Rejeição: Informado NCM inexistente',
      lastError: null,
      nextAttemptAt: null,
      allowedActions: ['RETRY'],
      updatedAt: '2026-03-10T12:00:00.000Z',
    };
    const devolution: InvoiceRowNode = {
      ...sale,
      id: 'inv-return',
      kind: 'RETURN',
      orderId: 'order-2',
      orderNumber: 'VT-10002',
      returnNumber: 2,
      returnId: 'return-2',
      number: 8,
    };
    const onResend = vi.fn();
    const { user } = renderAt(
      PATH,
      <Route
        path={PATH}
        element={
          <InvoicesView
            state={EMPTY_INVOICES_STATE}
            onStateChange={vi.fn()}
            rows={[sale, devolution]}
            totalCount={2}
            overview={null}
            loading={false}
            orderHref={(id) => `/dashboard/pedidos/${id}`}
            onResend={onResend}
          />
        }
      />,
    );
    const table = await grid();
    const texts = rowTexts(table);
    expect(texts[1]).toMatch(/^VT-100028 · série 1Devolução 2Rejeitada/);
    expect(texts[1]).toContain('Rejeição 778: Informado NCM inexistente.');
    await user.click(within(table).getByRole('button', { name: 'Enviar de novo: VT-10001' }));
    expect(onResend).toHaveBeenCalledWith(sale);
    await user.click(
      within(table).getByRole('button', { name: 'Enviar de novo: VT-10002, devolução 2' }),
    );
    expect(onResend).toHaveBeenLastCalledWith(devolution);
  });
});

// The grids render in jsdom slowly on a loaded machine: more time than the default, never less.
describe('InvoicesScreen', { timeout: 60_000 }, () => {
  it('lists the invoices latest change first, with the rejection and "Enviar de novo" where it applies', async () => {
    renderList();
    const table = await grid();
    await within(table).findByRole('link', { name: 'VT-10022' });
    const rows = rowTexts(table);
    // The mock world's 19 invoices: the one waiting for the provider changed last.
    expect(rows).toHaveLength(19);
    expect(rows[0]).toMatch(/^VT-10020.*Aguardando envio.*O emissor não respondeu/);
    expect(within(table).getByRole('link', { name: 'VT-10022' })).toHaveAttribute(
      'href',
      '/dashboard/pedidos/order-10022',
    );
    const rejected = rows.find((text) => text.startsWith('VT-10022'));
    expect(rejected).toContain('Rejeição 778: Informado NCM inexistente');
    expect(rows.find((text) => text.startsWith('VT-10018'))).toMatch(
      /Sem número.*Preencha o NCM \(8 dígitos\)/,
    );
    expect(rows.find((text) => text.startsWith('VT-10028'))).toContain('1042 · série 1');
    // Sent again only when rejected or waiting: three buttons.
    expect(within(table).getAllByRole('button', { name: /^Enviar de novo: / })).toHaveLength(3);
    expect(within(table).queryByRole('button', { name: 'Enviar de novo: VT-10028' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Rejeitadas (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pendentes (1)' })).toBeInTheDocument();
    expect(screen.getByText('Ambiente de homologação')).toBeInTheDocument();
  });

  it('keeps the status filter in the URL and asks the server for that status only', async () => {
    const { user } = renderList();
    await within(await grid()).findByRole('link', { name: 'VT-10022' });
    await user.click(screen.getByRole('tab', { name: 'Rejeitadas (2)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`${PATH}?status=REJECTED`),
    );
    expect(screen.getByRole('tab', { name: 'Rejeitadas (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(async () => expect(rowTexts(await grid())).toHaveLength(2));
    const texts = rowTexts(await grid());
    expect(texts[0]).toMatch(/^VT-10022/);
    expect(texts[1]).toMatch(/^VT-10018/);

    await user.click(screen.getByRole('tab', { name: 'Todas' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/notas-fiscais$/),
    );
  });

  it('says so when a status has no invoice, and "Ver todas" goes back to every one', async () => {
    const { user } = renderList(`${PATH}?status=CANCELED`);
    expect(await screen.findByRole('heading', { name: 'Nenhuma nota cancelada' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ver todas' }));
    await within(await grid()).findByRole('link', { name: 'VT-10022' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/notas-fiscais$/);
  });

  it('filters by kind, in the URL: the devoluções alone, or none yet said so', async () => {
    const returned = makeStaffReturnOrder('refundedWithInvoice');
    server.use(
      ...ordersMock.answers({
        staffOrders: makeStaffOrders().map((item) => (item.id === returned.id ? returned : item)),
      }),
    );
    const { user } = renderList();
    await within(await grid()).findByRole('link', { name: 'VT-10022' });
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(screen.getByRole('option', { name: 'Devoluções' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`${PATH}?tipo=devolucoes`),
    );
    await waitFor(async () => expect(rowTexts(await grid())).toHaveLength(1));
    expect(rowTexts(await grid())[0]).toMatch(
      new RegExp(`^${returned.number}1043 · série 1Devolução 1Autorizada`),
    );
  });

  it('says when there is no NF-e de devolução yet, and "Ver todas" clears both filters', async () => {
    const { user } = renderList(`${PATH}?status=AUTHORIZED&tipo=devolucoes`);
    expect(
      await screen.findByRole('heading', { name: 'Nenhuma NF-e de devolução autorizada' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ver todas' }));
    await within(await grid()).findByRole('link', { name: 'VT-10022' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/notas-fiscais$/);
  });

  it('pages on the server, the page in the URL', async () => {
    server.use(...ordersMock.answers({ staffOrders: manyPaidOrders() }));
    const { user } = renderList(`${PATH}?pagina=3`);
    const table = await grid();
    await waitFor(() => expect(screen.getByText('51–59 de 59')).toBeInTheDocument());
    expect(rowTexts(table)).toHaveLength(9);
    await user.click(screen.getByRole('button', { name: 'Ir para a página anterior' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`${PATH}?pagina=2`),
    );
    await waitFor(() => expect(screen.getByText('26–50 de 59')).toBeInTheDocument());
    expect(rowTexts(await grid())).toHaveLength(25);
  });

  it('sends a rejected invoice again: a notice, the page read again, one rejection less', async () => {
    const { user } = renderList(`${PATH}?status=REJECTED`);
    const table = await grid();
    await user.click(
      await within(table).findByRole('button', { name: 'Enviar de novo: VT-10022' }),
    );
    expect(
      await screen.findByText(
        'NF-e do pedido VT-10022 enviada de novo: a resposta da SEFAZ aparece em instantes.',
      ),
    ).toBeVisible();
    // The mock authorises at once: it leaves the rejected list.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Rejeitadas (1)' })).toBeVisible());
    await waitFor(async () => expect(rowTexts(await grid())).toHaveLength(1));
    expect(rowTexts(await grid())[0]).toMatch(/^VT-10018/);
  });

  it('shows why the server refused to send again, and keeps the list', async () => {
    server.use(
      http.post(GRAPHQL_URL, async ({ request }) => {
        const body = (await request.clone().json()) as { operationName?: string };
        if (body.operationName !== 'DashboardInvoiceRetry') return undefined;
        return HttpResponse.json({
          data: null,
          errors: [
            {
              message: 'A SEFAZ ainda está processando esta nota: aguarde a resposta.',
              extensions: { code: 'BAD_USER_INPUT' },
            },
          ],
        });
      }),
    );
    const { user } = renderList();
    const table = await grid();
    await user.click(
      await within(table).findByRole('button', { name: 'Enviar de novo: VT-10020' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A SEFAZ ainda está processando esta nota: aguarde a resposta.',
    );
    expect(within(await grid()).getByRole('link', { name: 'VT-10020' })).toBeInTheDocument();
  });

  it('says issuing is not configured, without an empty list', async () => {
    server.use(
      ...ordersMock.answers({
        invoicing: { configured: false, environment: 'homologacao', webhookConfigured: false },
      }),
    );
    renderList();
    expect(await screen.findByText('Emissão de NF-e não configurada:')).toBeVisible();
    expect(screen.getByText('NFE_PROVIDER')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByText('Ambiente de homologação')).toBeNull();
  });

  it('tells a brand manager they have no permission', async () => {
    server.use(...staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-serra'] }));
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Só administradores e o atendimento veem as notas fiscais.',
    );
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('lets SUPPORT send again too', async () => {
    server.use(...staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }));
    renderList();
    const table = await grid();
    expect(
      await within(table).findByRole('button', { name: 'Enviar de novo: VT-10022' }),
    ).toBeEnabled();
  });

  it('says the list failed to load, and "Tentar novamente" asks again', async () => {
    server.use(...ordersMock.fails('Erro interno.'));
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar as notas fiscais.',
    );
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(await grid()).findByRole('link', { name: 'VT-10022' })).toBeVisible();
  });
});
