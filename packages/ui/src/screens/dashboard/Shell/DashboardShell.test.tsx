import { screen, waitFor, within } from '@testing-library/react';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@vitrine/auth';
import { http } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { RequireStaffSession } from '../../../auth';
import { catalogMock, GRAPHQL_URL, staffMock } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { deferred, renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { navItemsFor } from './navigation';
import { DashboardShellScreen } from './DashboardShellScreen';

function renderDashboard(route = '/dashboard') {
  return renderAt(
    route,
    <>
      <Route path="/dashboard/login" element={<p>Tela de login</p>} />
      <Route
        path="/dashboard"
        element={
          <RequireStaffSession>
            <DashboardShellScreen />
          </RequireStaffSession>
        }
      >
        <Route index element={<p>Página inicial</p>} />
        <Route path="pedidos" element={<p>Lista de pedidos</p>} />
        <Route path="pix" element={<p>Fila do Pix</p>} />
      </Route>
    </>,
  );
}

async function navigation() {
  return screen.findByRole('navigation', { name: 'Navegação do painel' });
}

describe('navItemsFor', () => {
  const labels = (role: Parameters<typeof navItemsFor>[0]) =>
    navItemsFor(role).map((item) => item.label);

  it('gives SUPPORT orders, the NF-e, the products to read and the customers, no Pix queue, brands or categories', () => {
    expect(labels('SUPPORT')).toEqual([
      'Visão geral',
      'Pedidos',
      'Notas fiscais',
      'Produtos',
      'Clientes',
    ]);
  });

  it('gives a BRAND_MANAGER orders and their products, no Pix queue and no NF-e', () => {
    expect(labels('BRAND_MANAGER')).toEqual(['Visão geral', 'Pedidos', 'Produtos']);
  });

  it('gives ADMIN every section', () => {
    expect(labels('ADMIN')).toEqual([
      'Visão geral',
      'Pedidos',
      'Pix a conferir',
      'Notas fiscais',
      'Produtos',
      'Marcas',
      'Categorias',
      'Clientes',
      'Cupons',
      'Frete',
      'Equipe',
      'Auditoria',
      'E-mails',
      'Configurações',
    ]);
  });

  it('counts the rejected NF-e on their badge, and shows none without any', () => {
    const invoices = (rejected: number | null) =>
      navItemsFor('SUPPORT', null, rejected).find((item) => item.label === 'Notas fiscais');
    expect(invoices(3)).toMatchObject({ badge: 3, badgeLabel: '3 rejeitadas' });
    expect(invoices(1)).toMatchObject({ badge: 1, badgeLabel: '1 rejeitada' });
    expect(invoices(0)?.badge).toBeUndefined();
    expect(invoices(null)?.badge).toBeUndefined();
  });
});

describe('DashboardShellScreen', () => {
  it('shows the signed-in staff member from `me`', async () => {
    server.use(...staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }));
    signInAsStaff();
    renderDashboard();
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Bruno Lima');
    expect(screen.getByText('Atendimento')).toBeInTheDocument();
  });

  it('shows SUPPORT the products and the customers but no Pix queue, other catalog or admin section', async () => {
    server.use(...staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }));
    signInAsStaff();
    renderDashboard();
    const nav = await navigation();
    await within(nav).findByRole('link', { name: 'Clientes' });
    // The mock world has two rejected invoices: SUPPORT sends them again, so sees the badge.
    expect(
      await within(nav).findByRole('link', { name: 'Notas fiscais 2 rejeitadas' }),
    ).toHaveAttribute('href', '/dashboard/notas-fiscais');
    expect(within(nav).getByRole('link', { name: 'Pedidos' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Produtos' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Clientes' })).toBeInTheDocument();
    for (const catalog of [
      'Pix a conferir',
      'Marcas',
      'Categorias',
      'Cupons',
      'Frete',
      'Equipe',
      'Auditoria',
      'E-mails',
      'Configurações',
    ]) {
      expect(within(nav).queryByText(catalog)).not.toBeInTheDocument();
    }
  });

  it('links ADMIN to every section, and every role to their own account', async () => {
    signInAsStaff();
    const { user } = renderDashboard();
    const nav = await navigation();
    await within(nav).findByRole('link', { name: /Pix a conferir/ });
    expect(await within(nav).findByRole('link', { name: /^Notas fiscais/ })).toHaveAttribute(
      'href',
      '/dashboard/notas-fiscais',
    );
    expect(within(nav).getByRole('link', { name: 'Equipe' })).toHaveAttribute(
      'href',
      '/dashboard/equipe',
    );
    expect(within(nav).getByRole('link', { name: 'Configurações' })).toHaveAttribute(
      'href',
      '/dashboard/configuracoes',
    );
    expect(within(nav).getByRole('link', { name: 'Cupons' })).toHaveAttribute(
      'href',
      '/dashboard/cupons',
    );
    expect(within(nav).getByRole('link', { name: 'Frete' })).toHaveAttribute(
      'href',
      '/dashboard/frete',
    );
    expect(within(nav).queryByText('Em breve')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /conta/i }));
    expect(await screen.findByRole('menuitem', { name: 'Minha conta' })).toHaveAttribute(
      'href',
      '/dashboard/minha-conta',
    );
  });

  it('marks the current section', async () => {
    signInAsStaff();
    renderDashboard('/dashboard/pedidos');
    const nav = await navigation();
    expect(await within(nav).findByRole('link', { name: 'Pedidos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Visão geral' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('narrows to a brand in the URL, and the navigation keeps it', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    signInAsStaff();
    const { user } = renderDashboard('/dashboard?periodo=30d');
    await user.click(await screen.findByRole('combobox', { name: 'Marca' }));
    expect(screen.getByRole('option', { name: 'Todas as marcas' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'Maré' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/dashboard\?periodo=30d&marca=brand-mare$/,
    );
    const nav = await navigation();
    expect(within(nav).getByRole('link', { name: 'Pedidos' })).toHaveAttribute(
      'href',
      '/dashboard/pedidos?marca=brand-mare',
    );
    await user.click(within(nav).getByRole('link', { name: 'Pedidos' }));
    expect(await screen.findByText('Lista de pedidos')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Marca' })).toHaveTextContent('Maré');
  });

  it('offers a BRAND_MANAGER only their brands, and no selector with a single brand', async () => {
    server.use(
      ...catalogMock.answers(makeStorefrontCatalog()),
      ...staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-aurora', 'brand-lumi'] }),
    );
    signInAsStaff();
    const { user, unmount } = renderDashboard();
    await user.click(await screen.findByRole('combobox', { name: 'Marca' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Todas as marcas',
      'Aurora',
      'Lumi',
    ]);
    unmount();

    server.use(
      ...catalogMock.answers(makeStorefrontCatalog()),
      ...staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-serra'] }),
    );
    renderDashboard();
    await screen.findByTestId('staff-name');
    await within(await navigation()).findByRole('link', { name: 'Pedidos' });
    expect(screen.queryByRole('combobox', { name: 'Marca' })).not.toBeInTheDocument();
    expect(within(await navigation()).queryByText('Notas fiscais')).not.toBeInTheDocument();
  });

  it('signs out with "Sair": tokens gone, back to the login', async () => {
    signInAsStaff({ remember: true });
    const { user } = renderDashboard();
    await screen.findByTestId('staff-name');
    await user.click(screen.getByRole('button', { name: 'Sair' }));

    expect(await screen.findByText('Tela de login')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/login$/);
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('shows the account in its menu and signs out everywhere after confirming', async () => {
    let revoked = 0;
    server.use(
      http.post(GRAPHQL_URL, async ({ request }) => {
        const body = (await request.clone().json()) as { operationName?: string };
        if (body.operationName === 'SignOutEverywhere') revoked += 1;
        return undefined;
      }),
    );
    signInAsStaff({ remember: true });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Conta de Ana Souza' }));
    const menu = screen.getByRole('menu');
    expect(menu).toHaveTextContent('Administração');
    expect(menu).toHaveTextContent('admin@vitrine.com.br');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sair de todos os dispositivos' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sair de todos os dispositivos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoked).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Conta de Ana Souza' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sair de todos os dispositivos' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair de todos' }),
    );
    expect(await screen.findByText('Tela de login')).toBeInTheDocument();
    expect(revoked).toBe(1);
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('stays signed in and says so when signing out everywhere fails', async () => {
    server.use(...staffMock.fails('Erro interno.'));
    signInAsStaff();
    const { user } = renderDashboard();
    // `me` failed: the name comes from the token; the menu still offers both ways out.
    await user.click(await screen.findByRole('button', { name: /^Conta de / }));
    await user.click(screen.getByRole('menuitem', { name: 'Sair de todos os dispositivos' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sair de todos' }));
    expect(
      await within(dialog).findByText(/Não foi possível sair de todos os dispositivos/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Tela de login')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).not.toBeNull();
  });

  it('sends a visitor without a session to the login', async () => {
    renderDashboard();
    expect(await screen.findByText('Tela de login')).toBeInTheDocument();
  });

  it('shows the global loading indicator while a dashboard request is slow', async () => {
    const answer = deferred();
    server.use(
      http.all(GRAPHQL_URL, async () => {
        await answer.promise;
        return undefined; // then the schema-executing handler answers
      }),
    );
    signInAsStaff();
    renderDashboard();

    expect(await screen.findByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    answer.resolve();
    await screen.findByTestId('staff-name');
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Carregando' })).not.toBeInTheDocument(),
    );
  });
});
