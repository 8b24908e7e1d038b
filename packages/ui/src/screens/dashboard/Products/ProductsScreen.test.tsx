// The products grid against the MSW mock: the URL as the grid's state (a copied link opens the same
// query), a filter written back to the URL, each row's state on the site, an in-grid price saved,
// and the CSV export.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { catalogMock, handlerList, lastExportRequest } from '../../../mocks';
import { makeStaffCatalog } from '../../../mocks/catalog/staffCatalog.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { ProductsScreen } from './ProductsScreen';

/** The variables of every `DashboardProducts` request the page sent. */
function recordProductQueries() {
  const sent: Record<string, unknown>[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
    const body = (await request.clone().json()) as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    if (body.operationName === 'DashboardProducts') sent.push(body.variables ?? {});
  };
  server.events.on('request:start', listener);
  return { sent, stop: () => server.events.removeListener('request:start', listener) };
}

let recorder: ReturnType<typeof recordProductQueries> | null = null;
beforeEach(() => {
  server.use(...handlerList({ catalog: catalogMock.answers(makeStaffCatalog()) }));
});
afterEach(() => {
  recorder?.stop();
  recorder = null;
});

function renderProducts(route: string, download?: (url: string) => void) {
  signInAsStaff();
  return renderAt(
    route,
    <Route
      path="/dashboard/produtos"
      element={<ProductsScreen {...(download ? { download } : {})} />}
    />,
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';

// Each test renders the whole grid: slow on a loaded machine.
const SCREEN_TEST_TIMEOUT = 60_000;

describe('ProductsScreen', () => {
  it(
    'asks the server for what the URL says, and writes a filter back to the URL',
    async () => {
      recorder = recordProductQueries();
      const { user } = renderProducts(
        '/dashboard/produtos?estoque=baixo&marca=brand-serra&ordem=NAME_ASC&por=50',
      );
      await screen.findByRole('link', { name: 'Bota de trekking impermeável' });
      expect(recorder.sent[0]).toEqual({
        filter: { brandIds: ['brand-serra'], stockLevel: 'LOW' },
        sort: 'NAME_ASC',
        first: 50,
        offset: 0,
      });
      expect(screen.queryByRole('link', { name: 'Sandália papete conforto' })).toBeNull();
      await user.click(screen.getByRole('combobox', { name: 'Status' }));
      await user.click(await screen.findByRole('option', { name: 'Rascunho' }));
      await waitFor(() =>
        expect(location()).toBe(
          '/dashboard/produtos?marca=brand-serra&status=rascunho&estoque=baixo&ordem=NAME_ASC&por=50',
        ),
      );
      await screen.findByRole('heading', { name: 'Nenhum produto com estes filtros' });
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'shows in each row whether the product is on the site',
    async () => {
      renderProducts('/dashboard/produtos');
      const rowOf = async (name: string) =>
        (await screen.findByRole('link', { name })).closest<HTMLElement>('[role="row"]')!;
      const draft = within(await rowOf('Vestido tubinho de malha')).getByTitle(
        'Rascunho — não aparece no site',
      );
      expect(draft).toHaveTextContent(/^Rascunho — não aparece no site$/);
      expect(draft).toBeVisible();
      const published = within(await rowOf('Bota de trekking impermeável')).getByTitle(
        'Publicado no site',
      );
      expect(published).toHaveTextContent(/^Publicado no site$/);
      expect(screen.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    "saves a single variant's price typed in its cell and shows the new one",
    async () => {
      const { user } = renderProducts('/dashboard/produtos?q=regata');
      await user.click(
        await screen.findByRole('button', { name: 'Preço de Regata canelada: R$ 49,90. Alterar' }),
      );
      const field = screen.getByRole('textbox', { name: 'Preço de Regata canelada' });
      await user.clear(field);
      await user.type(field, '44,90{Enter}');
      expect(
        await screen.findByRole('button', { name: 'Preço de Regata canelada: R$ 44,90. Alterar' }),
      ).toBeTruthy();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'saves one price for all the variants of a product that share it, typed in its cell',
    async () => {
      const { user } = renderProducts('/dashboard/produtos?q=jaqueta');
      await user.click(
        await screen.findByRole('button', {
          name: 'Preço de Jaqueta corta-vento (as 3 variantes): R$ 279,90. Alterar',
        }),
      );
      const field = screen.getByRole('textbox', {
        name: 'Preço de Jaqueta corta-vento (as 3 variantes)',
      });
      await user.clear(field);
      await user.type(field, '259,90{Enter}');
      expect(
        await screen.findByRole('button', {
          name: 'Preço de Jaqueta corta-vento (as 3 variantes): R$ 259,90. Alterar',
        }),
      ).toBeTruthy();
      // One price again: every variant got it (one changed alone would show a range).
      expect(screen.queryByRole('button', { name: /Preços de Jaqueta corta-vento/ })).toBeNull();
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'rounds a bulk price change to the nearest ,90 (or down), showing the new prices before applying',
    async () => {
      const sent: Record<string, unknown>[] = [];
      const listener = async ({ request }: { request: Request }) => {
        if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
        const body = (await request.clone().json()) as {
          operationName?: string;
          variables?: Record<string, unknown>;
        };
        if (body.operationName === 'DashboardProductsBulk') sent.push(body.variables ?? {});
      };
      server.events.on('request:start', listener);
      try {
        const { user } = renderProducts('/dashboard/produtos?q=regata');
        await screen.findByRole('link', { name: 'Regata canelada' });
        await user.click(screen.getByRole('checkbox', { name: /Selecionar todas/i }));
        await user.click(screen.getByRole('button', { name: 'Ações em massa' }));
        await user.click(await screen.findByRole('menuitem', { name: 'Alterar preços…' }));
        const dialog = await screen.findByRole('dialog', {
          name: 'Alterar os preços de 1 produto?',
        });
        await user.click(within(dialog).getByRole('button', { name: 'Aumentar' }));
        await user.type(within(dialog).getByRole('textbox', { name: 'Percentual (%)' }), '10');
        await user.click(
          within(dialog).getByRole('checkbox', { name: 'Arredondar para ,90 (R$ 129,90)' }),
        );
        // +10 % on R$ 49,90 is R$ 54,89: the nearest ,90 is R$ 54,90, not R$ 53,90.
        const preview = within(dialog).getByRole('table', { name: 'Prévia dos novos preços' });
        expect(within(preview).getByRole('row', { name: /Regata canelada/ })).toHaveTextContent(
          'Regata caneladaR$ 49,90R$ 54,90',
        );
        expect(within(dialog).getByRole('button', { name: 'Mais próximo' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await user.click(within(dialog).getByRole('button', { name: 'Para baixo' }));
        expect(within(preview).getByRole('row', { name: /Regata canelada/ })).toHaveTextContent(
          'Regata caneladaR$ 49,90R$ 53,90',
        );
        await user.click(within(dialog).getByRole('button', { name: 'Alterar 1 produto' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(
          await screen.findByRole('button', {
            name: 'Preço de Regata canelada: R$ 53,90. Alterar',
          }),
        ).toBeTruthy();
        expect(sent.at(-1)).toMatchObject({
          input: {
            action: 'CHANGE_PRICES',
            priceChange: { percent: 10, roundTo90: true, roundDirection: 'DOWN' },
          },
        });
      } finally {
        server.events.removeListener('request:start', listener);
      }
    },
    SCREEN_TEST_TIMEOUT,
  );

  it(
    'exports the filtered list and opens the download',
    async () => {
      const downloads: string[] = [];
      const { user } = renderProducts(
        '/dashboard/produtos?estoque=esgotado&ordem=PRICE_DESC',
        (url) => downloads.push(url),
      );
      await screen.findByRole('link', { name: 'Vestido longo estampado' });
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await waitFor(() =>
        expect(downloads).toEqual(['/admin/exports/products.csv?ticket=ticket-de-teste']),
      );
      expect(lastExportRequest.body).toEqual({
        filter: { stockLevel: 'OUT' },
        sort: 'PRICE_DESC',
      });
    },
    SCREEN_TEST_TIMEOUT,
  );
});
