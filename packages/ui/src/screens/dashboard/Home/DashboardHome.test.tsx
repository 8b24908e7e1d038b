import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter, Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { liveEventsMock, makeOrderLiveEvent, ordersMock, staffMock } from '../../../mocks';
import { GRAPHQL_URL } from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { DashboardHomeScreen } from './DashboardHomeScreen';
import { LowStockPanel, type LowStockItem } from './HomeLists';

function renderHome(route = '/dashboard') {
  signInAsStaff();
  return renderAt(
    route,
    <>
      <Route path="/dashboard" element={<DashboardHomeScreen />} />
      <Route path="/dashboard/pedidos/:id" element={<p>Página do pedido</p>} />
    </>,
  );
}

async function kpiCard(label: string) {
  const group = await screen.findByRole('group', { name: 'Indicadores do período' });
  return within(group).getByRole('region', { name: label });
}

describe('DashboardHomeScreen', () => {
  it('shows each figure beside the previous period, with the change in words', async () => {
    renderHome('/dashboard?periodo=30d');
    const revenue = await kpiCard('Receita');
    expect(revenue).toHaveTextContent(/R\$/);
    expect(revenue).toHaveTextContent(/Antes: R\$/);
    // The mock's previous period sold less: a rise, said in words for screen readers.
    expect(
      within(revenue).getByText(/^(Alta|Queda) de .+% em relação ao período anterior/),
    ).toBeInTheDocument();
    for (const label of [
      'Pedidos',
      'Ticket médio',
      'Unidades vendidas',
      'Aguardando Pix',
      'A enviar',
    ]) {
      expect(await kpiCard(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Visão geral' })).toBeInTheDocument();
  });

  it('keeps the period in the URL', async () => {
    const { user } = renderHome('/dashboard?marca=brand-aurora');
    await kpiCard('Pedidos');
    expect(screen.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Este mês' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/dashboard\?marca=brand-aurora&periodo=mes$/,
    );
    expect(screen.getByRole('button', { name: 'Este mês' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Personalizado' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/dashboard\?marca=brand-aurora&de=\d{4}-\d{2}-01&ate=\d{4}-\d{2}-\d{2}$/,
    );
    expect(screen.getAllByRole('group', { name: /De|Até/ }).length).toBeGreaterThan(0);
  });

  it('reads a custom range from the URL', async () => {
    renderHome('/dashboard?de=2026-11-01&ate=2026-11-20');
    await kpiCard('Pedidos');
    expect(screen.getByText('01/11/2026 a 20/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Personalizado' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows SUPPORT no money', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT', name: 'Bruno Lima' }));
    renderHome();
    await kpiCard('Pedidos');
    const group = screen.getByRole('group', { name: 'Indicadores do período' });
    expect(within(group).queryByRole('region', { name: 'Receita' })).not.toBeInTheDocument();
    expect(within(group).queryByRole('region', { name: 'Ticket médio' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pedidos por dia' })).toBeInTheDocument();

    const top = screen.getByRole('region', { name: 'Produtos mais vendidos' });
    expect(top).not.toHaveTextContent('R$');
  });

  it('shows the chart numbers as a table behind a disclosure button', async () => {
    const { user } = renderHome();
    const toggle = await screen.findByRole('button', { name: 'Ver os números em uma tabela' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: /em tabela$/ })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Ocultar a tabela');
    expect(await screen.findByRole('table', { name: /em tabela$/ })).toBeInTheDocument();
  });

  it('compares one day with the day before, in the summary, the chart and the table', async () => {
    const { user } = renderHome('/dashboard?de=2026-11-20&ate=2026-11-20');
    const chart = await screen.findByRole('region', { name: 'Receita por dia' });
    const summary = within(chart).getByRole('img');
    expect(summary).toHaveAccessibleName(
      /^Receita por dia: R\$\s[\d.,]+ em 20\/11, contra R\$\s[\d.,]+ no dia anterior \(19\/11\)\.$/,
    );
    // The previous day is a figure, not a dash: the mock sold something on 19/11.
    expect(summary).not.toHaveAccessibleName(/contra R\$\s0,00/);
    await user.click(within(chart).getByRole('button', { name: 'Ver os números em uma tabela' }));
    const table = await within(chart).findByRole('table', { name: 'Receita por dia em tabela' });
    expect(within(table).getByRole('columnheader', { name: 'Dia anterior' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20/11', expect.stringMatching(/^R\$/), expect.stringMatching(/^R\$/)]);
  });

  it('lists what to do, each order linking to its page', async () => {
    const { user } = renderHome();
    const pix = await screen.findByRole('region', { name: 'Pix a confirmar' });
    expect(screen.getByRole('region', { name: 'A fazer' })).toContainElement(pix);
    expect(screen.getByRole('region', { name: 'Pedidos pagos a enviar' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Expiram em breve' })).toBeInTheDocument();
    const links = within(pix).getAllByRole('link', { name: /^VT-/ });
    expect(links.length).toBeGreaterThan(0);
    await user.click(links[0]!);
    expect(await screen.findByText('Página do pedido')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/pedidos\/[^/]+$/);
  });

  it('tells an empty store that figures come with the first orders', async () => {
    server.use(...ordersMock.answers({ staffOrders: [] }));
    renderHome();
    expect(await screen.findByText(/Ainda não há vendas neste período/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Produtos mais vendidos' })).toHaveTextContent(
      'Nenhuma venda no período.',
    );
  });

  it('offers to try again when the figures fail', async () => {
    server.use(...ordersMock.fails());
    const { user } = renderHome();
    expect(
      await screen.findByText('Não foi possível carregar os números. Tente de novo.'),
    ).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getAllByRole('button', { name: 'Tentar de novo' })[0]!);
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Indicadores do período' })).toBeInTheDocument(),
    );
  });

  it('refreshes live and says so when an order is placed', async () => {
    let statsAsked = 0;
    server.use(
      http.post(GRAPHQL_URL, async ({ request }) => {
        const body = (await request.clone().json()) as { operationName?: string };
        if (body.operationName === 'DashboardHome') statsAsked += 1;
        return undefined;
      }),
    );
    renderHome();
    await kpiCard('Pedidos');
    await liveEventsMock.whenOpen();
    const before = statsAsked;
    liveEventsMock.push(makeOrderLiveEvent({ type: 'placed', number: 'VT-10045' }));
    expect(await screen.findByText('Novo pedido VT-10045')).toBeInTheDocument();
    await waitFor(() => expect(statsAsked).toBeGreaterThan(before));
  });
});

describe('LowStockPanel', () => {
  const variants: LowStockItem[] = Array.from({ length: 12 }, (_, index) => ({
    variantId: `v${index}`,
    productSlug: `produto-${index + 1}`,
    productName: `Produto ${index + 1}`,
    brandName: 'Marca',
    sku: `SKU-${index + 1}`,
    size: 'M',
    color: null,
    stock: index % 3,
  }));

  it('shows the first 8 variants and expands to all of them, then collapses', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <LowStockPanel variants={variants} />
      </MemoryRouter>,
    );
    const panel = screen.getByRole('region', { name: 'Estoque baixo' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(8);
    // Each variant links to its product's page in the store.
    expect(within(panel).getByRole('link', { name: 'Produto 1' })).toHaveAttribute(
      'href',
      '/produto/produto-1',
    );
    expect(within(panel).queryByText('Produto 9')).not.toBeInTheDocument();
    const more = within(panel).getByRole('button', { name: 'Ver todos (12)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(12);
    expect(within(panel).getByText('Produto 12')).toBeInTheDocument();
    const less = within(panel).getByRole('button', { name: 'Mostrar menos' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(8);
  });

  it('has no button when every variant fits', () => {
    render(
      <MemoryRouter>
        <LowStockPanel variants={variants.slice(0, 8)} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
