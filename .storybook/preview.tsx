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
  STORE_THEME_VALUE,
  WORKSHOP_BRANDS,
  WORKSHOP_VIEWPORTS,
  WorkshopProviders,
  workshopBrandColor,
  type TouchTargetParameters,
} from '@vitrine/ui/workshop';
import { isCommonAssetRequest } from 'msw';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';

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
    // The built workshop is served under a path (/workshop/ by the store's server): its worker
    // is the one beside its pages, and controls only them.
    ...(import.meta.env.PROD ? { serviceWorker: { url: './mockServiceWorker.js' } } : {}),
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
      brandColor={workshopBrandColor(context.globals)}
    >
      <Story />
    </WorkshopProviders>
  );
};

const preview: Preview = {
  // Every component and screen gets a docs page: props, states (its stories) and usage notes.
  tags: ['autodocs'],
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
  afterEach({ canvasElement, parameters, viewMode }) {
    const options = parameters['touchTarget'] as TouchTargetParameters | undefined;
    if (options?.disable) return;
    // A docs page holds several stories among Storybook's own small buttons (code, zoom): the
    // check belongs to a story on its own (its view and the test run), not to the page around it.
    if (viewMode === 'docs') return;
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
    // Storybook's own presets stay (stories name them); the four widths come first.
    viewport: { options: { ...WORKSHOP_VIEWPORTS, ...MINIMAL_VIEWPORTS } },
  },
  globalTypes: {
    brand: {
      description: 'The theme a brand gets from its colour (the store makes it readable)',
      toolbar: {
        title: 'Marca',
        icon: 'paintbrush',
        items: WORKSHOP_BRANDS.map((brand) => ({ value: brand.value, title: brand.title })),
        dynamicTitle: true,
      },
    },
    // Set by the colour picker beside the brand switch (.storybook/manager.tsx); wins over it.
    brandColor: { description: 'A colour to try as a new brand (#rrggbb)' },
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
  // The visual baseline keeps these: the store's theme, no viewport chosen, no animation.
  initialGlobals: { motion: 'reduced', brand: STORE_THEME_VALUE, brandColor: '' },
};

export default preview;
