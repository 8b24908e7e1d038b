// The saved views hook against MSW: the staff member's views beside the built-in ones, the view
// the list shows marked, opening one, saving the current list (or the server's refusal), deleting.
import { gql, type TypedDocumentNode } from '@apollo/client';
import { screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { server } from '../../../../mocks/server';
import { renderAt } from '../../../../test/renderAt';
import { signInAsStaff } from '../../../../workshop';
import { defineListCodec, listParam, savedViewQueries } from './listCodec';
import { useListUrlState } from './useListUrlState';
import { useSavedViews, type SavedViewsDocuments } from './useSavedViews';

interface View {
  id: string;
  name: string;
  query: string;
}

const DOCUMENTS: SavedViewsDocuments = {
  list: gql`
    query ProbeSavedViews {
      savedViews(screen: PROBE) {
        id
        name
        query
      }
    }
  ` as TypedDocumentNode<{ savedViews: View[] }, Record<string, never>>,
  create: gql`
    mutation ProbeSavedViewCreate($name: String!, $query: String!) {
      savedViewCreate(input: { screen: PROBE, name: $name, query: $query }) {
        id
      }
    }
  ` as TypedDocumentNode<unknown, { name: string; query: string }>,
  remove: gql`
    mutation ProbeSavedViewDelete($id: ID!) {
      savedViewDelete(id: $id)
    }
  ` as TypedDocumentNode<unknown, { id: string }>,
};

const codec = defineListCodec<{
  status: 'OPEN' | 'DONE' | null;
  brandId: string | null;
  page: number;
}>({
  status: listParam.oneOf('status', { OPEN: 'Abertos', DONE: 'Feitos' }),
  brandId: listParam.id('marca'),
  page: listParam.page(10),
});
const QUERIES = savedViewQueries(codec, ['brandId']);
const BUILT_IN = [{ id: 'builtin-open', name: 'Abertos', query: 'status=OPEN' }];

function Probe() {
  const [state, setState] = useListUrlState(codec);
  const views = useSavedViews({
    documents: DOCUMENTS,
    queries: QUERIES,
    builtIn: BUILT_IN,
    state,
    setState,
  });
  return (
    <div>
      <p data-testid="saved">{views.savedViews.map((view) => view.name).join(',')}</p>
      <p data-testid="active">{views.activeViewId ?? 'nenhuma'}</p>
      {[...BUILT_IN, ...views.savedViews].map((view) => (
        <span key={view.id}>
          <button onClick={() => views.onApplyView(view)}>{`Abrir ${view.name}`}</button>
          <button onClick={() => views.onDeleteView(view)}>{`Excluir ${view.name}`}</button>
        </span>
      ))}
      <button
        onClick={() =>
          void views.onSaveView('Minha visão').then((message) => {
            document.getElementById('answer')!.textContent = message ?? 'salva';
          })
        }
      >
        Salvar
      </button>
      <p id="answer" data-testid="answer" />
    </div>
  );
}

const PATH = '/dashboard/lista-de-teste';

function useViewsServer(initial: View[], refuse?: string) {
  const views = [...initial];
  const created: { name: string; query: string }[] = [];
  server.use(
    graphql.query('ProbeSavedViews', () => HttpResponse.json({ data: { savedViews: views } })),
    graphql.mutation('ProbeSavedViewCreate', ({ variables }) => {
      if (refuse)
        return HttpResponse.json({
          data: null,
          errors: [{ message: refuse, extensions: { code: 'BAD_USER_INPUT', field: 'name' } }],
        });
      const view = {
        id: `view-${views.length + 1}`,
        name: String(variables.name),
        query: String(variables.query),
      };
      created.push({ name: view.name, query: view.query });
      views.push(view);
      return HttpResponse.json({ data: { savedViewCreate: { id: view.id } } });
    }),
    graphql.mutation('ProbeSavedViewDelete', ({ variables }) => {
      views.splice(
        views.findIndex((view) => view.id === variables.id),
        1,
      );
      return HttpResponse.json({ data: { savedViewDelete: true } });
    }),
  );
  return { created };
}

function renderProbe(route: string) {
  signInAsStaff();
  return renderAt(route, <Route path={PATH} element={<Probe />} />);
}

describe('useSavedViews', () => {
  it('marks the view the list shows and opens another in the current brand scope', async () => {
    useViewsServer([{ id: 'view-1', name: 'Feitos', query: 'status=DONE' }]);
    const { user } = renderProbe(`${PATH}?status=OPEN&marca=brand-1&pagina=3`);
    await waitFor(() => expect(screen.getByTestId('saved')).toHaveTextContent('Feitos'));
    expect(screen.getByTestId('active')).toHaveTextContent('builtin-open');

    await user.click(screen.getByRole('button', { name: 'Abrir Feitos' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`${PATH}?status=DONE&marca=brand-1`);
    expect(screen.getByTestId('active')).toHaveTextContent('view-1');
  });

  it('saves the current list without its page and scope, and deletes a view', async () => {
    const { created } = useViewsServer([]);
    const { user } = renderProbe(`${PATH}?status=DONE&marca=brand-1&pagina=2`);
    await waitFor(() => expect(screen.getByTestId('active')).toHaveTextContent('nenhuma'));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('salva'));
    expect(created).toEqual([{ name: 'Minha visão', query: 'status=DONE' }]);
    // The list of views is asked again: the new one is there, and it is the list on screen.
    expect(screen.getByTestId('saved')).toHaveTextContent('Minha visão');
    expect(screen.getByTestId('active')).toHaveTextContent('view-1');

    await user.click(screen.getByRole('button', { name: 'Excluir Minha visão' }));
    await waitFor(() => expect(screen.getByTestId('saved')).toBeEmptyDOMElement());
  });

  it("answers the server's refusal to save as the message", async () => {
    useViewsServer([], 'Já existe uma visão com esse nome.');
    const { user } = renderProbe(`${PATH}?status=DONE`);
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByTestId('answer')).toHaveTextContent('Já existe uma visão com esse nome.'),
    );
  });
});
