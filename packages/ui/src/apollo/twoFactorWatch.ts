// The dashboard's watch for the two-factor requirement: any operation refused because the store now
// requires two-factor sign-in and this account has not enrolled marks the cached `me` so, and the
// dashboard's gate (which reads me.twoFactorSetupRequired) sends the person to the enrolment from
// whatever page asked. Added to the client's link by the dashboard's frame, so the storefront's
// first visit does not carry it.
import { ApolloLink, type ApolloClient } from '@apollo/client';

/** The API's code for an operation refused until the account enrols in two-factor sign-in. */
const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';

const watched = new WeakSet<ApolloClient<object>>();

/** Puts the watch in front of the client's link, once per client. */
export function installTwoFactorWatch(client: ApolloClient<object>): void {
  if (watched.has(client)) return;
  watched.add(client);
  const watch = new ApolloLink((operation, forward) =>
    forward(operation).map((result) => {
      if (result.errors?.some((item) => item.extensions?.['code'] === TWO_FACTOR_SETUP_REQUIRED)) {
        client.cache.modify({
          id: 'ROOT_QUERY',
          fields: {
            me: (existing: unknown) =>
              existing !== null && typeof existing === 'object'
                ? { ...existing, twoFactorSetupRequired: true }
                : existing,
          },
        });
      }
      return result;
    }),
  );
  client.setLink(ApolloLink.from([watch, client.link]));
}
