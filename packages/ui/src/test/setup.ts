// Vitest setup for the 'ui' project: DOM matchers, the MSW server with the shared handlers
// (an unmocked request fails the test), fresh mock data and clean storage between tests.
import '@testing-library/jest-dom/vitest';

import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { cleanup, configure, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { allHandlers } from '../mocks';
import { server } from '../mocks/server';

// Screen tests type into real forms and wait for real (mocked) requests; on a loaded CI machine
// that takes longer than the default 5 s, and a slow machine is not a failing behaviour.
vi.setConfig({ testTimeout: 20_000 });
// The same for each findBy/waitFor: Testing Library's 1 s default is too tight under load.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  // Fresh default handlers: an order one test placed is not in the next one's mock.
  server.resetHandlers(...allHandlers());
  window.sessionStorage.clear();
  window.localStorage.clear();
});

afterAll(() => {
  server.close();
  forgetStyles();
});

/**
 * The test files of this project share one document (vitest's isolate: false, vite.config.ts).
 * Emotion keeps every style rule it ever inserted in the document's head, and jsdom's
 * getComputedStyle (which every role query calls) walks all of them: without this, each file
 * would be slower than the one before. After a file, its rules go and Emotion forgets them, so the
 * next file inserts only what it renders.
 */
function forgetStyles() {
  const { result, unmount } = renderHook(() => useEmotionCache());
  const cache = result.current;
  unmount();
  if (cache === null) return;
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  document.head.querySelectorAll('style').forEach((style) => style.remove());
}
