// Vitest setup for the 'ui' project: DOM matchers, the MSW server with the shared handlers
// (an unmocked request fails the test), fresh mock data and clean storage between tests.
import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { allHandlers } from '../mocks';
import { server } from '../mocks/server';

// Screen tests type into real forms and wait for real (mocked) requests; on a loaded CI machine
// that takes longer than the default 5 s, and a slow machine is not a failing behaviour (npm test
// runs the stories' browsers beside this lane on two cores: tests took 15-60 s there).
vi.setConfig({ testTimeout: 45_000 });
// The same for each findBy/waitFor: Testing Library's 1 s default is too tight under load.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  // Fresh default handlers: an order one test placed is not in the next one's mock.
  server.resetHandlers(...allHandlers());
  // (A test of the server's renderer runs in node, without a window.)
  if (typeof window !== 'undefined') {
    window.sessionStorage.clear();
    window.localStorage.clear();
  }
});

afterAll(() => {
  server.close();
});
