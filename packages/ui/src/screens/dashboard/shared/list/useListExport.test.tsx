// The CSV export hook against MSW: the filter posted with the session, the download opened on
// the API's host, the server's refusal or a lost connection said.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { server } from '../../../../mocks/server';
import { renderAt } from '../../../../test/renderAt';
import { signInAsStaff } from '../../../../workshop';
import { EXPORT_CONNECTION_MESSAGE, useListExport } from './useListExport';

const EXPORT_URL = '*/admin/exports/probe';

function Probe({ download }: { download(url: string): void }) {
  const exporting = useListExport({
    path: '/admin/exports/probe',
    body: () => ({ filter: { status: 'OPEN' }, sort: 'NEWEST' }),
    failMessage: 'Não foi possível exportar a lista. Tente novamente.',
    download,
  });
  return (
    <div>
      <button onClick={exporting.onExport} disabled={exporting.exporting}>
        Exportar
      </button>
      <p data-testid="error">{exporting.exportError ?? ''}</p>
    </div>
  );
}

const PATH = '/dashboard/lista-de-teste';

function renderProbe() {
  signInAsStaff();
  const download = vi.fn<(url: string) => void>();
  const rendered = renderAt(PATH, <Route path={PATH} element={<Probe download={download} />} />);
  return { ...rendered, download };
}

describe('useListExport', () => {
  it("posts the list's filter with the session and opens the ticket on the API's host", async () => {
    let received: { body: unknown; authorization: string | null } | null = null;
    server.use(
      http.post(EXPORT_URL, async ({ request }) => {
        received = {
          body: await request.json(),
          authorization: request.headers.get('Authorization'),
        };
        return HttpResponse.json({ url: '/admin/exports/probe.csv?ticket=abc' });
      }),
    );
    const { user, download, auth } = renderProbe();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download).toHaveBeenCalledWith(auth().apiUrl('/admin/exports/probe.csv?ticket=abc'));
    expect(received).toEqual({
      body: { filter: { status: 'OPEN' }, sort: 'NEWEST' },
      authorization: expect.stringMatching(/^Bearer /),
    });
    expect(screen.getByTestId('error')).toBeEmptyDOMElement();
  });

  it("says the server's refusal, or the screen's message when the server gave none", async () => {
    let answer: Record<string, string> = { detail: 'Filtro grande demais para exportar.' };
    server.use(http.post(EXPORT_URL, () => HttpResponse.json(answer, { status: 400 })));
    const { user, download } = renderProbe();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent('Filtro grande demais para exportar.'),
    );
    answer = {};
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent(
        'Não foi possível exportar a lista. Tente novamente.',
      ),
    );
    expect(download).not.toHaveBeenCalled();
  });

  it('says the connection failed when the request never reaches the server', async () => {
    server.use(http.post(EXPORT_URL, () => HttpResponse.error()));
    const { user, download } = renderProbe();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent(EXPORT_CONNECTION_MESSAGE),
    );
    expect(download).not.toHaveBeenCalled();
  });
});
