import { screen, waitFor } from '@testing-library/react';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@vitrine/auth';
import { http } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { RequireStaffSession } from '../../../auth';
import { GRAPHQL_URL, staffMock } from '../../../mocks';
import { server } from '../../../mocks/server';
import { deferred, renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { DashboardHomeScreen } from '../Home';
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
        <Route index element={<DashboardHomeScreen />} />
      </Route>
    </>,
  );
}

describe('DashboardShellScreen', () => {
  it('shows the signed-in staff member from `me`', async () => {
    server.use(...staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }));
    signInAsStaff();
    renderDashboard();
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Bruno Lima');
    expect(screen.getByText('Atendimento')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Olá, Bruno!' })).toBeInTheDocument();
  });

  it('lists what comes later as disabled navigation', async () => {
    signInAsStaff();
    renderDashboard();
    const nav = await screen.findByRole('navigation', { name: 'Navegação do painel' });
    expect(nav).toHaveTextContent('Visão geral');
    expect(screen.getAllByRole('button', { name: /Pedidos em breve/ })[0]).toHaveAttribute(
      'aria-disabled',
      'true',
    );
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
