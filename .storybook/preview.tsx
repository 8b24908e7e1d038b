// Every story renders inside the app's real providers: theme, a memory router at
// `parameters.route`, a real @vitrine/auth session over the browser's storage, Apollo, and MSW
// answering with the shared handlers (`parameters.msw.handlers`, keyed by domain).
//
// A docs page renders all the stories of a file at once: each sets itself up in its turn and
// keeps its own MSW handlers and session (packages/ui/src/workshop/storyIsolation.ts), so every
// preview shows its own story's state.
import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import { handlers, resetMockWorld } from '@vitrine/ui/mocks';
import {
  clearSession,
  findSmallTouchTargets,
  formatTouchTargetReport,
  registerStoryHandlers,
  signInAsStaff,
  STORE_THEME_VALUE,
  storyHandlersOf,
  storyRequestDispatcher,
  takeSetupTurn,
  WORKSHOP_VIEWPORTS,
  WorkshopProviders,
  workshopBrandColor,
  type SetupTurn,
  type TouchTargetParameters,
} from '@vitrine/ui/workshop';
import { isCommonAssetRequest } from 'msw';
import { useEffect, type ReactNode } from 'react';
import { configure } from 'storybook/test';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';

import { keepDocsChromeInPortuguese } from '../packages/ui/src/workshop/chrome';
import { portuguesePropDescriptions } from '../packages/ui/src/workshop/propDescriptions';
import { PORTUGUESE_DOCS_BLOCKS } from './docsBlocks';

// Play functions wait for real (mocked) requests and page changes; on a loaded CI machine that can
// take longer than Testing Library's 1 s default, and a slow machine is not a failing behaviour.
configure({ asyncUtilTimeout: 10_000 });

// Storybook's own buttons and tables of the docs pages in Portuguese ("Mostrar o código", the props
// table), in the workshop's frame only; a story's content is never touched (workshop/chrome.ts).
keepDocsChromeInPortuguese();

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
  // One handler, for good: it answers each request with its own story's handlers.
  const worker = setupWorker(storyRequestDispatcher);
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

let worker: ReturnType<typeof startWorker> | undefined;

/** What the loader hands the decorator (`context.loaded.workshop`). */
interface WorkshopLoaded {
  /** The story's requests carry it: MSW answers them with this story's handlers. */
  token: string;
  /** This story's turn to set up; released once it has mounted. */
  turn: SetupTurn;
}

const workshopLoader: Loader = async (context) => {
  // Stories rendered at once (a docs page) set themselves up one at a time: loaders,
  // beforeEach (storage seeded), first render and effects (storage read).
  const turn = await takeSetupTurn(context.abortSignal);
  try {
    await (worker ??= startWorker());
  } catch (error) {
    turn.release();
    throw error;
  }
  const token = registerStoryHandlers(context.id, storyHandlersOf(context.parameters['msw']));
  const workshop: WorkshopLoaded = { token, turn };
  return { workshop };
};

/** Ends the story's set-up turn after its first render's effects (children's run first). */
function ReleaseTurnWhenMounted({ turn, children }: { turn?: SetupTurn; children: ReactNode }) {
  useEffect(() => {
    turn?.release();
  }, [turn]);
  return children;
}

const withWorkshopProviders: Decorator = (Story, context) => {
  const route = typeof context.parameters['route'] === 'string' ? context.parameters['route'] : '/';
  const loaded = context.loaded['workshop'] as WorkshopLoaded | undefined;
  return (
    <ReleaseTurnWhenMounted {...(loaded ? { turn: loaded.turn } : {})}>
      <WorkshopProviders
        key={context.id}
        route={route}
        reducedMotion={context.globals['motion'] !== 'full'}
        brandColor={workshopBrandColor(context.globals)}
        ownStorage
        {...(loaded ? { requestTag: loaded.token } : {})}
      >
        <Story />
      </WorkshopProviders>
    </ReleaseTurnWhenMounted>
  );
};

const preview: Preview = {
  // Every component and screen gets a docs page: props, states (its stories) and usage notes.
  tags: ['autodocs'],
  // After react-docgen's (the framework's, earlier in the list): the props table's descriptions
  // in Portuguese (workshop/propDescriptions.ts).
  argTypesEnhancers: [portuguesePropDescriptions],
  loaders: [workshopLoader],
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
    // Docs pages in Portuguese: their language, title, "Histórias" and story names.
    docs: { lang: 'pt-BR', components: PORTUGUESE_DOCS_BLOCKS },
    msw: { handlers },
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Storybook's own presets stay (stories name them); the four widths come first.
    viewport: { options: { ...WORKSHOP_VIEWPORTS, ...MINIMAL_VIEWPORTS } },
    options: {
      // The workshop opens on its landing page (the first entry); the foundations, components and
      // screens follow, the storefront before the dashboard; the developers' pages come last.
      // (Titles are the code's; the sidebar shows them in Portuguese, workshop/labels.ts.)
      storySort: {
        order: [
          'Comece aqui',
          'Fundamentos',
          ['Cores', 'Tipografia', 'Espaçamento', '*', 'Amostras'],
          'Components',
          ['*', 'Storefront', 'Dashboard'],
          'Screens',
          ['Storefront', 'Dashboard', 'Errors'],
          '*',
          'Para desenvolvedores',
        ],
      },
    },
  },
  globalTypes: {
    // The toolbar's brand switch and colour picker are .storybook/manager.tsx's (each brand with
    // its colour); these are their values.
    brand: {
      description:
        'Marca: desenha a história no tema que a loja faz da cor de uma marca da loja de demonstração',
    },
    brandColor: { description: 'Cor nova: qualquer cor para testar como marca (#rrggbb)' },
    motion: {
      description:
        'Animações: desligadas por padrão, para as fotos de comparação nunca pegarem meio movimento',
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
