import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routes } from './routes';

/** The app's root route with a plain outlet and one child whose chunk fails to load. */
function renderFailing(path: string) {
  const failing: RouteObject = {
    path: '/',
    element: <Outlet />,
    // The app's own boundary (routes.tsx), not a copy.
    ErrorBoundary: routes[0]?.ErrorBoundary ?? null,
    children: [
      {
        path: path.slice(1),
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      },
    ],
  };
  const router = createMemoryRouter([failing], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('the root error boundary', () => {
  it('shows a Portuguese error page with a retry when a dashboard chunk fails to load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing('/dashboard/login');
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para o painel' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('leads back to the storefront from a page outside the dashboard', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing('/senha/recuperar');
    expect(
      await screen.findByRole('link', { name: 'Voltar para a página inicial' }),
    ).toHaveAttribute('href', '/');
    log.mockRestore();
  });
});
