// The server page hook against MSW: the page's rows and total, the previous page kept on screen
// while the next one loads, and a failure read as the list's error (no permission, or failed and
// asked again).
import { gql, type TypedDocumentNode } from '@apollo/client';
import { screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { useState } from 'react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { server } from '../../../../mocks/server';
import { deferred, renderAt } from '../../../../test/renderAt';
import { signInAsStaff } from '../../../../workshop';
import { useServerList } from './useServerList';

interface ProbeData {
  probeItems: { totalCount: number; nodes: { id: string; name: string }[] };
}
interface ProbeVariables {
  first: number;
  offset: number;
}

const PROBE_QUERY: TypedDocumentNode<ProbeData, ProbeVariables> = gql`
  query ListHookProbe($first: Int, $offset: Int) {
    probeItems(first: $first, offset: $offset) {
      totalCount
      nodes {
        id
        name
      }
    }
  }
`;

const probePage = (data: ProbeData) => data.probeItems;

function Probe({ forbiddenMessage }: { forbiddenMessage?: string }) {
  const [offset, setOffset] = useState(0);
  const list = useServerList(
    PROBE_QUERY,
    { first: 2, offset },
    { page: probePage, ...(forbiddenMessage ? { forbiddenMessage } : {}) },
  );
  return (
    <div>
      <p data-testid="rows">{list.rows.map((row) => row.name).join(',')}</p>
      <p data-testid="total">{list.totalCount}</p>
      <p data-testid="loading">{list.loading ? 'sim' : 'não'}</p>
      <p data-testid="error">{list.error ? `${list.error.kind}: ${list.error.message}` : ''}</p>
      <button onClick={() => setOffset(2)}>Próxima</button>
      <button onClick={list.retry}>Tentar novamente</button>
    </div>
  );
}

const PATH = '/dashboard/lista-de-teste';

function renderProbe(forbiddenMessage?: string) {
  signInAsStaff();
  return renderAt(
    PATH,
    <Route path={PATH} element={<Probe forbiddenMessage={forbiddenMessage} />} />,
  );
}

const NAMES = ['Ana', 'Bruno', 'Carla', 'Davi'];

describe('useServerList', () => {
  it('shows the page and its total, and keeps it on screen while the next page loads', async () => {
    const held = deferred();
    const asked: unknown[] = [];
    server.use(
      graphql.query('ListHookProbe', async ({ variables }) => {
        asked.push(variables);
        if (variables.offset === 2) await held.promise;
        const offset = Number(variables.offset);
        return HttpResponse.json({
          data: {
            probeItems: {
              totalCount: NAMES.length,
              nodes: NAMES.slice(offset, offset + 2).map((name) => ({ id: name, name })),
            },
          },
        });
      }),
    );
    const { user } = renderProbe();
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('Ana,Bruno'));
    expect(screen.getByTestId('total')).toHaveTextContent('4');

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('sim'));
    expect(screen.getByTestId('rows')).toHaveTextContent('Ana,Bruno');

    held.resolve();
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('Carla,Davi'));
    expect(asked).toEqual([
      { first: 2, offset: 0 },
      { first: 2, offset: 2 },
    ]);
  });

  it("says the screen's own no-permission message when the server refuses", async () => {
    server.use(
      graphql.query('ListHookProbe', () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: 'Acesso negado.', extensions: { code: 'FORBIDDEN' } }],
        }),
      ),
    );
    renderProbe('Só administradores veem esta lista.');
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent(
        'forbidden: Só administradores veem esta lista.',
      ),
    );
  });

  it("says the server's message without one, and asks again on retry", async () => {
    let calls = 0;
    server.use(
      graphql.query('ListHookProbe', () => {
        calls += 1;
        if (calls === 1)
          return HttpResponse.json({
            data: null,
            errors: [{ message: 'A lista está fora do ar.', extensions: { code: 'UNAVAILABLE' } }],
          });
        return HttpResponse.json({
          data: { probeItems: { totalCount: 1, nodes: [{ id: 'x', name: 'Xavier' }] } },
        });
      }),
    );
    const { user } = renderProbe();
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent('failed: A lista está fora do ar.'),
    );
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('Xavier'));
    expect(screen.getByTestId('error')).toBeEmptyDOMElement();
    expect(calls).toBe(2);
  });
});
