import {
  ApolloClient,
  type ApolloLink,
  HttpLink,
  InMemoryCache,
  split,
  type NormalizedCacheObject,
} from '@apollo/client';
import { muteDeprecations } from '@apollo/client/utilities';
import { GRAPHQL_ENDPOINT, isDashboardUrl, type Auth } from '@vitrine/auth';

export interface CreateApolloClientOptions {
  /** Every GraphQL request goes through auth.fetch (Authorization, CSRF, loading indicator). */
  auth: Auth;
  /** Defaults to `${apiHost}/graphql/`. */
  uri?: string;
  /**
   * Send the storefront's queries as GET (cacheable by a CDN); mutations stay POST. Off by default.
   * Never on a dashboard URL: those requests carry the staff's Authorization, and a staff
   * operation (a CPF search, say) must not end up in a URL; the server refuses them over GET.
   */
  useGETForQueries?: boolean;
  /**
   * The server's renderer (packages/app entry-server.tsx): its own link to the API in the same
   * process instead of the network, and ssrMode (each query answered once, no polling).
   */
  server?: { link: ApolloLink };
  /** The cache the server rendered the page with (its extract()), restored before hydrating. */
  initialState?: NormalizedCacheObject;
  /**
   * Apollo's browser devtools hook (window.__APOLLO_CLIENT__ and its 10 s suggestion timer): the
   * app's development build only. Off by default: in tests that timer outlived the page's window.
   */
  devtools?: boolean;
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

type Identified = { id?: unknown };

/** Items of `incoming` merged over the `existing` item with the same id (fields of both kept). */
export const mergeListById = (
  existing: readonly Identified[] = [],
  incoming: readonly Identified[],
): Identified[] =>
  incoming.map((item) => ({ ...existing.find((old) => old.id === item.id), ...item }));

export function createApolloClient({
  auth,
  uri = auth.apiUrl(GRAPHQL_ENDPOINT),
  useGETForQueries = false,
  server,
  initialState,
  devtools = false,
}: CreateApolloClientOptions): ApolloClient<NormalizedCacheObject> {
  // Apollo's useQuery starts a request while a component renders when its options change (a
  // `skip` turning false, new variables: ObservableQuery.reobserve runs in render) and HttpLink
  // calls fetch synchronously. auth.fetch counts dashboard requests for the global loading
  // indicator, whose React subscriber would then update in the middle of another component's
  // render ("Cannot update a component while rendering a different component"). Starting the
  // request one microtask later keeps it out of any render; nothing else changes.
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    await Promise.resolve();
    return auth.fetch(requestUrl(input), init);
  };
  const post = new HttpLink({ uri, fetch });
  // Decided per operation from the page URL, as auth.fetch decides the Authorization header.
  // (The dashboard adds its two-factor watch to this link when its frame mounts: twoFactorWatch.ts.)
  const link = server
    ? server.link
    : useGETForQueries
      ? split(
          () => !isDashboardUrl(auth.env.currentUrl()),
          new HttpLink({ uri, useGETForQueries: true, fetch }),
          post,
        )
      : post;
  // SPEC: no type names in cached data. Apollo 3.14 warns that v4 drops the option; that is
  // exactly why this project stays on 3.x, so the warning is muted here and only here.
  const cache = muteDeprecations(
    'addTypename',
    () =>
      new InMemoryCache({
        addTypename: false,
        // Without type names Apollo cannot normalise objects, so two queries selecting different
        // fields of these singletons would overwrite each other; they are the same object, merge.
        typePolicies: {
          Query: {
            fields: {
              storeSettings: { merge: true },
              me: { merge: true },
              // The frame's NF-e badge, the order page's panel, the NF-e list and Configurações
              // each ask for their own fields of the one issuing status.
              invoicing: { merge: true },
              // One import (its id is the field's argument) read a tab or page at a time: each
              // answer adds its rows(outcome, offset) to the same object instead of replacing it.
              productImport: { merge: true },
              // The frame asks for the category tree, the home for the categories' counts, the
              // search box for the brands' names: one list each, merged item by item (by id), so
              // one answer never leaves the other's fields missing (a page hydrated from the
              // server's cache would otherwise render its loading state first).
              categories: { merge: mergeListById },
              brands: { merge: mergeListById },
            },
          },
        },
      }),
  );
  if (initialState) cache.restore(initialState);
  return new ApolloClient({
    link,
    cache,
    devtools: { enabled: devtools },
    ...(server ? { ssrMode: true } : {}),
    // After hydrating a server-rendered page, its queries are answered by the restored cache
    // even when a screen asks for the network (the server's answers are a moment old).
    ...(initialState ? { ssrForceFetchDelay: 1000 } : {}),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
}
