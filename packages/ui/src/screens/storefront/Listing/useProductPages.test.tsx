import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { catalogMock, GRAPHQL_URL } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { useProductPages } from './useProductPages';

interface ListingBody {
  operationName?: string;
  variables?: { filter?: { brandSlugs?: string[] } };
}

/** The brand filter of every listing request that reaches the network, in order. */
function recordListingRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql')) return;
    void request
      .clone()
      .json()
      .then((body: ListingBody) => {
        if (body.operationName === 'StorefrontListingProducts')
          seen.push(body.variables?.filter?.brandSlugs?.join(',') ?? 'todas');
      });
  });
  return seen;
}

function Pages({ brand }: { brand: string | null }) {
  const pages = useProductPages(
    brand ? { categorySlug: 'roupas', brandSlugs: [brand] } : { categorySlug: 'roupas' },
    'NEWEST',
    1,
  );
  return (
    <>
      <p data-testid="pages">{`${pages.status}:${pages.products.length}`}</p>
      <button type="button" onClick={pages.retry}>
        Tentar novamente
      </button>
    </>
  );
}

function Harness() {
  const [shown, setShown] = useState(true);
  const [brand, setBrand] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setShown((value) => !value)}>
        Alternar
      </button>
      <button type="button" onClick={() => setBrand('mare')}>
        Maré
      </button>
      <button type="button" onClick={() => setBrand(null)}>
        Todas
      </button>
      {shown ? <Pages brand={brand} /> : null}
    </>
  );
}

function renderPages() {
  return renderAt('/', <Route path="/" element={<Harness />} />);
}

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

afterEach(() => {
  server.events.removeAllListeners();
});

describe('useProductPages', { timeout: 30_000 }, () => {
  it('shows the pages the cache holds on the first render when the listing comes back', async () => {
    const { user } = renderPages();
    await waitFor(() => expect(screen.getByTestId('pages')).toHaveTextContent('ready:7'));
    await user.click(screen.getByRole('button', { name: 'Alternar' }));
    expect(screen.queryByTestId('pages')).toBeNull();
    // A synchronous click: what the remount renders before any query promise settles.
    fireEvent.click(screen.getByRole('button', { name: 'Alternar' }));
    // No skeleton first: the cached products are there at once.
    expect(screen.getByTestId('pages')).toHaveTextContent('ready:7');
  });

  it('goes to the network on an explicit retry only, and reads the cache again afterwards', async () => {
    let failMare = true;
    server.use(
      http.post(GRAPHQL_URL, async ({ request }) => {
        const body = (await request.clone().json()) as ListingBody;
        if (failMare && body.variables?.filter?.brandSlugs?.includes('mare')) {
          failMare = false;
          return HttpResponse.error();
        }
        return undefined;
      }),
    );
    const requests = recordListingRequests();
    const { user } = renderPages();
    await waitFor(() => expect(screen.getByTestId('pages')).toHaveTextContent('ready:7'));

    await user.click(screen.getByRole('button', { name: 'Maré' }));
    await waitFor(() => expect(screen.getByTestId('pages')).toHaveTextContent('error:0'));
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByTestId('pages')).toHaveTextContent('ready:3'));
    expect(requests).toEqual(['todas', 'mare', 'mare']);

    // Back to every brand: Apollo's cache answers, no request goes out.
    await user.click(screen.getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(screen.getByTestId('pages')).toHaveTextContent('ready:7'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toEqual(['todas', 'mare', 'mare']);
  });
});
