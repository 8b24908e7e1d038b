import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAppNavigation } from './navigation';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderWith(navigation: ReturnType<typeof createAppNavigation>, path = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <navigation.Bridge />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('createAppNavigation', () => {
  it('moves the router when the session navigates (logout -> /dashboard/login)', () => {
    const navigation = createAppNavigation();
    renderWith(navigation);
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    act(() => navigation.navigate('/dashboard/login'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/login$/);
  });

  it('applies a navigation asked for before the router mounted (a failed start-up refresh)', () => {
    const navigation = createAppNavigation();
    navigation.navigate('/dashboard/login');
    renderWith(navigation);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/login$/);
  });

  it('queues again once the router is gone, instead of calling a dead navigate', () => {
    const navigation = createAppNavigation();
    const first = renderWith(navigation);
    first.unmount();
    navigation.navigate('/dashboard/login');
    renderWith(navigation, '/dashboard/pedidos');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/login$/);
  });
});
