// Renders screens the way the app mounts them: real providers, a memory router at `route`,
// the shared MSW handlers answering the network.
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Auth } from '@vitrine/auth';
import type { ReactNode } from 'react';
import { Routes, useLocation } from 'react-router-dom';

import { WorkshopProviders } from '../workshop/WorkshopProviders';

// Flows through the real session and MSW answer within a second on a quiet machine; allow more
// on a loaded one. Only the files that render screens through renderAt get this.
configure({ asyncUtilTimeout: 5_000 });

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/** `routes` are <Route> elements; the current location is readable as getByTestId('location'). */
export function renderAt(route: string, routes: ReactNode) {
  let auth: Auth | undefined;
  const user = userEvent.setup();
  const result = render(
    <WorkshopProviders
      route={route}
      onAuth={(created) => {
        auth = created;
      }}
    >
      <LocationProbe />
      <Routes>{routes}</Routes>
    </WorkshopProviders>,
  );
  return {
    ...result,
    user,
    /** The session under test (available after the first render). */
    auth(): Auth {
      if (auth === undefined) throw new Error('The auth session was not created yet.');
      return auth;
    },
  };
}

/** A promise the test resolves by hand, to hold a mocked request open. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
