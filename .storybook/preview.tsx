// Every story renders inside the app's real providers: theme, a memory router at
// `parameters.route`, a real @vitrine/auth session over the browser's storage, Apollo, and MSW
// answering with the shared handlers (`parameters.msw.handlers`, keyed by domain).
import type { Decorator, Preview } from '@storybook/react-vite';
import { handlers, resetMockWorld } from '@vitrine/ui/mocks';
import {
  clearSession,
  findSmallTouchTargets,
  formatTouchTargetReport,
  signInAsStaff,
  WorkshopProviders,
  type TouchTargetParameters,
} from '@vitrine/ui/workshop';
import { isCommonAssetRequest } from 'msw';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';

// Play functions wait for real (mocked) requests and page changes; on a loaded CI machine that can
// take longer than Testing Library's 1 s default, and a slow machine is not a failing behaviour.
configure({ asyncUtilTimeout: 5_000 });

/**
 * Story parameters this preview reads:
 * - `route`: the initial URL ('/dashboard/login', '/senha/redefinir?token=...').
 * - `touchTarget`: opt-outs of the 44 px touch target check, each with its reason
 *   (`{ disable: { reason } }` or `{ exempt: [{ selector, reason }] }`).
 * - `session`: 'staff' puts a signed-in staff session in session storage before the story,
 *   'staff-remembered' keeps the refresh token in local storage instead.
 */
export type WorkshopSession = 'none' | 'staff' | 'staff-remembered';

// Storybook and Vite serve their own files through the same page; only API calls must be mocked.
function isStorybookRequest(url: string): boolean {
  return /\.eot$|\.mdx$|sb-common-assets|__webpack_hmr|iframe\.html|sb-vite|@vite|@fs\/|@id\/|node_modules|@react-refresh|\/virtual:|\.stories\.|\/__vitest|\.(?:js|mjs|ts|tsx|css|woff2?|png|svg)(?:\?|$)/.test(
    url,
  );
}

const startWorker = async () => {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    // A request nobody mocked is a bug: fail it loudly.
    onUnhandledRequest(request, print) {
      if (isCommonAssetRequest(request) || isStorybookRequest(request.url)) return;
      print.error();
    },
  });
  return worker;
};

const withWorkshopProviders: Decorator = (Story, context) => {
  const route = typeof context.parameters['route'] === 'string' ? context.parameters['route'] : '/';
  return (
    <WorkshopProviders
      key={context.id}
      route={route}
      reducedMotion={context.globals['motion'] !== 'full'}
    >
      <Story />
    </WorkshopProviders>
  );
};

const preview: Preview = {
  loaders: [mswLoader(startWorker)],
  decorators: [withWorkshopProviders],
  beforeEach({ parameters }) {
    // Each story starts from the fixtures: no order, payment or sale of an earlier story.
    resetMockWorld();
    // Every story starts signed out with empty storage, unless it asks for a session.
    clearSession();
    const session = parameters['session'] as WorkshopSession | undefined;
    if (session === 'staff') signInAsStaff();
    if (session === 'staff-remembered') signInAsStaff({ remember: true });
  },
  // After the story rendered and its play function ran: every control a shopper can see must be
  // at least 44x44 CSS px. Portals (menus, drawers, dialogs) render outside the canvas, so the
  // whole document is measured.
  afterEach({ canvasElement, parameters }) {
    const options = parameters['touchTarget'] as TouchTargetParameters | undefined;
    if (options?.disable) return;
    const offenders = findSmallTouchTargets(canvasElement.ownerDocument.body, {
      exempt: options?.exempt?.map((entry) => entry.selector) ?? [],
    });
    if (offenders.length > 0) throw new Error(formatTouchTargetReport(offenders));
  },
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  globalTypes: {
    motion: {
      description: 'Animations (off by default so screenshots are stable)',
      toolbar: {
        title: 'Animações',
        icon: 'play',
        items: [
          { value: 'reduced', title: 'Sem animações' },
          { value: 'full', title: 'Com animações' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { motion: 'reduced' },
};

export default preview;
