// useOrderEvents in a React tree with the real session: SPEC's global loading indicator counts
// each dashboard request until it ends, and the live stream never ends, so it must not count.
import { act, render, screen, waitFor } from '@testing-library/react';
import { createAuth, type Auth } from '@vitrine/auth';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { AuthProvider, createBrowserAuthEnvironment, useLoadingIndicator } from '../auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD, liveEventsMock, makeOrderLiveEvent } from '../mocks';
import { server } from '../mocks/server';
import { deferred } from '../test/renderAt';
import type { OrderLiveEvent } from './orderLiveEvent';
import { useOrderEvents } from './useOrderEvents';

const sessions: Auth[] = [];
afterEach(() => {
  for (const auth of sessions.splice(0)) auth.dispose();
});

async function signedIn() {
  const auth = createAuth(
    createBrowserAuthEnvironment({
      navigate: () => undefined,
      currentUrl: () => 'http://localhost/dashboard/pedidos',
    }),
  );
  sessions.push(auth);
  await auth.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false });
  return auth;
}

function LiveProbe({ enabled, prefix = '' }: { enabled?: boolean; prefix?: string }) {
  const [numbers, setNumbers] = useState<string[]>([]);
  const status = useOrderEvents(
    (event: OrderLiveEvent) => setNumbers((list) => [...list, `${prefix}${event.number}`]),
    { enabled },
  );
  const loading = useLoadingIndicator();
  return (
    <>
      <output aria-label="status">{status}</output>
      <output aria-label="indicador">{loading ? 'carregando' : 'parado'}</output>
      <ul aria-label="pedidos">
        {numbers.map((number) => (
          <li key={number}>{number}</li>
        ))}
      </ul>
    </>
  );
}

function renderProbe(auth: Auth, props: { enabled?: boolean; prefix?: string } = {}) {
  const view = render(
    <AuthProvider auth={auth}>
      <LiveProbe {...props} />
    </AuthProvider>,
  );
  return {
    ...view,
    rerenderProbe: (next: { enabled?: boolean; prefix?: string }) =>
      view.rerender(
        <AuthProvider auth={auth}>
          <LiveProbe {...next} />
        </AuthProvider>,
      ),
  };
}

describe('useOrderEvents', () => {
  it('keeps the global loading indicator hidden while the stream is open, and it still shows for a GraphQL request', async () => {
    const auth = await signedIn();
    renderProbe(auth);
    await waitFor(() => expect(screen.getByLabelText('status')).toHaveTextContent('open'));
    expect(liveEventsMock.openCount).toBe(1);
    expect(screen.getByLabelText('indicador')).toHaveTextContent('parado');
    expect(auth.loading.pending).toBe(0);

    const answer = deferred();
    server.use(
      http.post('*/graphql/', async () => {
        await answer.promise;
        return HttpResponse.json({ data: { storeSettings: null } });
      }),
    );
    let request!: Promise<Response>;
    act(() => {
      request = auth.fetch(auth.apiUrl('/graphql/'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: '{ storeSettings { storeName } }' }),
      });
    });
    expect(screen.getByLabelText('indicador')).toHaveTextContent('carregando');
    await act(async () => {
      answer.resolve();
      await request;
    });
    expect(screen.getByLabelText('indicador')).toHaveTextContent('parado');
    // The stream is still open and still not counted.
    expect(liveEventsMock.openCount).toBe(1);
    expect(screen.getByLabelText('status')).toHaveTextContent('open');
  });

  it('hands every event to the latest callback and closes the stream when unmounted', async () => {
    const auth = await signedIn();
    const view = renderProbe(auth);
    await waitFor(() => expect(screen.getByLabelText('status')).toHaveTextContent('open'));
    act(() => {
      liveEventsMock.push(makeOrderLiveEvent({ number: 'VT-3001' }));
    });
    expect(await screen.findByText('VT-3001')).toBeInTheDocument();

    // A new callback (each render makes one) is used without reconnecting.
    view.rerenderProbe({ prefix: 'novo ' });
    act(() => {
      liveEventsMock.push(makeOrderLiveEvent({ number: 'VT-3002' }));
    });
    expect(await screen.findByText('novo VT-3002')).toBeInTheDocument();
    expect(liveEventsMock.requestCount).toBe(1);

    view.unmount();
    await waitFor(() => expect(liveEventsMock.openCount).toBe(0));
  });

  it('opens nothing when disabled, and connects once enabled', async () => {
    const auth = await signedIn();
    const view = renderProbe(auth, { enabled: false });
    expect(screen.getByLabelText('status')).toHaveTextContent('idle');
    expect(liveEventsMock.requestCount).toBe(0);
    view.rerenderProbe({ enabled: true });
    await waitFor(() => expect(screen.getByLabelText('status')).toHaveTextContent('open'));
    view.rerenderProbe({ enabled: false });
    expect(screen.getByLabelText('status')).toHaveTextContent('idle');
    await waitFor(() => expect(liveEventsMock.openCount).toBe(0));
  });
});
