import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouteErrorBoundary } from '@vitrine/ui/host';
import { Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './routing/lazyPage';

/** The app's own boundary (the one AppRoutes uses) around a page whose chunk fails to load. */
function renderFailing(path: string) {
  const failing = lazyPage(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  );
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RouteErrorBoundary>
        <Suspense fallback={null}>
          <Routes>
            <Route path={path} element={<failing.Component />} />
            <Route path="/outra" element={<h1>Outra página</h1>} />
          </Routes>
          <Link to="/outra">Ir para outra</Link>
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
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

  it('clears the error page when the person moves to another address', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/senha/recuperar']}>
        <AppRoutesWithFailingLink />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Algo deu errado' });
    await user.click(screen.getByRole('link', { name: 'Voltar para a página inicial' }));
    expect(await screen.findByText('Página inicial')).toBeInTheDocument();
    log.mockRestore();
  });
});

const broken = lazyPage(() => Promise.reject(new TypeError('Failed to fetch')));

function AppRoutesWithFailingLink() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/senha/recuperar" element={<broken.Component />} />
          <Route path="/" element={<p>Página inicial</p>} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

describe('lazyPage', () => {
  it('fetches a chunk that failed to load anew on the next render', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    const flaky = lazyPage(() =>
      online
        ? Promise.resolve(() => <h1>Carregou</h1>)
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/pagina']}>
        <RouteErrorBoundary>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/pagina" element={<flaky.Component />} />
              <Route path="/" element={<Link to="/pagina">Abrir de novo</Link>} />
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('link', { name: 'Voltar para a página inicial' }));
    online = true;
    await user.click(await screen.findByRole('link', { name: 'Abrir de novo' }));
    expect(await screen.findByRole('heading', { name: 'Carregou' })).toBeInTheDocument();
    log.mockRestore();
  });
});
