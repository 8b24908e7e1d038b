import { gql } from '@apollo/client';
import { createAuth } from '@vitrine/auth';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { createBrowserAuthEnvironment } from '../auth';
import { server } from '../mocks/server';
import { createApolloClient } from './createApolloClient';

const STORE_NAME = gql`
  query StoreName {
    storeSettings {
      storeName
      installments {
        maxInstallments
      }
    }
  }
`;

function captureGraphqlRequests() {
  const seen: { method: string; url: URL; body: string }[] = [];
  server.use(
    http.all('*/graphql/', async ({ request }) => {
      seen.push({
        method: request.method,
        url: new URL(request.url),
        body: await request.clone().text(),
      });
      return undefined; // let the schema-executing handler answer
    }),
  );
  return seen;
}

function makeClient(useGETForQueries?: boolean, currentUrl = 'http://localhost/') {
  return createApolloClient({
    auth: makeAuth(currentUrl),
    ...(useGETForQueries === undefined ? {} : { useGETForQueries }),
  });
}

function makeAuth(currentUrl: string) {
  return createAuth(
    createBrowserAuthEnvironment({
      apiHost: 'http://localhost',
      navigate: () => {},
      currentUrl: () => currentUrl,
    }),
  );
}

describe('createApolloClient', () => {
  it('never starts a counted request synchronously (a query started in a render)', async () => {
    const auth = makeAuth('http://localhost/dashboard');
    const client = createApolloClient({ auth });
    const heard: boolean[] = [];
    auth.loading.subscribe((active) => heard.push(active));

    const pending = client.query({ query: STORE_NAME, fetchPolicy: 'network-only' });
    // Still inside the caller's synchronous code (a React render): the indicator is untouched.
    expect(auth.loading.active).toBe(false);
    expect(heard).toEqual([]);

    await pending;
    // The request was counted once it started, and the count is back to zero.
    expect(heard).toEqual([true, false]);
    expect(auth.loading.active).toBe(false);
  });

  it('sends queries without __typename and caches data without type names', async () => {
    const seen = captureGraphqlRequests();
    const client = makeClient();

    const result = await client.query({ query: STORE_NAME });

    expect(result.data).toEqual({
      storeSettings: { storeName: 'Vitrine', installments: { maxInstallments: 10 } },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.body).not.toContain('__typename');
    // Apollo always labels its own root record; the server's objects carry no type names.
    const { ROOT_QUERY } = client.cache.extract();
    expect(JSON.stringify(ROOT_QUERY?.['storeSettings'])).not.toContain('__typename');
  });

  it('posts queries to {apiHost}/graphql/ by default', async () => {
    const seen = captureGraphqlRequests();
    await makeClient().query({ query: STORE_NAME });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url.href).toBe('http://localhost/graphql/');
  });

  it('uses GET for queries only when configured', async () => {
    const seen = captureGraphqlRequests();
    await makeClient(true).query({ query: STORE_NAME });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url.searchParams.get('operationName')).toBe('StoreName');
  });

  it('posts every operation made on a dashboard URL, even with GET configured', async () => {
    const seen = captureGraphqlRequests();
    await makeClient(true, 'http://localhost/dashboard/pedidos').query({ query: STORE_NAME });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url.search).toBe('');
  });

  it('answers a second identical query from the cache (cache-first)', async () => {
    const seen = captureGraphqlRequests();
    const client = makeClient();
    await client.query({ query: STORE_NAME });
    await client.query({ query: STORE_NAME });
    expect(seen).toHaveLength(1);
  });
});
