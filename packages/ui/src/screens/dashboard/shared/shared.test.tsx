import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { useBrandScope, withBrandScope } from './brandScope';
import { DashboardPage } from './DashboardPage';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function ScopeProbe() {
  const { brandId, setBrandId } = useBrandScope();
  return (
    <>
      <p>marca: {brandId ?? 'todas'}</p>
      <button type="button" onClick={() => setBrandId('b2')}>
        B2
      </button>
      <button type="button" onClick={() => setBrandId(null)}>
        Todas
      </button>
    </>
  );
}

describe('withBrandScope', () => {
  it('sets, replaces and removes ?marca= keeping the rest', () => {
    expect(withBrandScope('/dashboard/pedidos', 'b1')).toBe('/dashboard/pedidos?marca=b1');
    expect(withBrandScope('/dashboard/pedidos?status=PAID&marca=b1', 'b2')).toBe(
      '/dashboard/pedidos?status=PAID&marca=b2',
    );
    expect(withBrandScope('/dashboard/pedidos?marca=b1#x', null)).toBe('/dashboard/pedidos#x');
    expect(withBrandScope('/dashboard', null)).toBe('/dashboard');
  });
});

describe('useBrandScope', () => {
  it('reads and writes ?marca= keeping the other parameters', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/dashboard?periodo=30d']}>
        <Routes>
          <Route path="/dashboard" element={<ScopeProbe />} />
        </Routes>
        <Location />
      </MemoryRouter>,
    );
    expect(screen.getByText('marca: todas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'B2' }));
    expect(screen.getByText('marca: b2')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?periodo=30d&marca=b2');
    await user.click(screen.getByRole('button', { name: 'Todas' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\?periodo=30d$/);
  });
});

describe('DashboardPage', () => {
  it('titles the document while mounted, shows crumbs and actions', () => {
    document.title = 'Vitrine';
    const { unmount } = render(
      <MemoryRouter>
        <DashboardPage
          title="Pedidos"
          breadcrumbs={[{ label: 'Visão geral', to: '/dashboard' }, { label: 'Pedidos' }]}
          actions={<button type="button">Exportar</button>}
        >
          <p>conteúdo</p>
        </DashboardPage>
      </MemoryRouter>,
    );
    expect(document.title).toBe('Pedidos · Painel');
    expect(screen.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visão geral' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
    unmount();
    expect(document.title).toBe('Vitrine');
  });
});
