// The app build (packages/app) and the vitest projects of the whole repository.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { runnerImport, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { storybookWarmupCommands } from './scripts/lib/storybook-warmup.mjs';
import {
  visualCommands,
  visualFiltersFromEnv,
  visualModeFromEnv,
} from './scripts/lib/visual-shot.mjs';

const root = fileURLToPath(new URL('./packages/app', import.meta.url));
const fromRepo = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const uiSource = fileURLToPath(new URL('./packages/ui/src', import.meta.url));

function withoutLoc(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLoc);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'loc')
      .map(([key, inner]) => [key, withoutLoc(inner)]),
  );
}

/**
 * Production builds only: the ui's GraphQL documents (`*.graphql.ts`, written with gql) are
 * evaluated once at build time and emitted as their DocumentNode, so graphql's parser and
 * graphql-tag stay out of the bundle. A module that exports anything but documents and strings
 * is left as it is.
 */
function precompiledGraphqlDocuments(): Plugin {
  const precompiled = new Map<string, string>();
  return {
    name: 'vitrine:precompiled-graphql-documents',
    apply: 'build',
    async buildStart() {
      const files = (await readdir(uiSource, { recursive: true }))
        .filter((file) => file.endsWith('.graphql.ts'))
        .map((file) => path.join(uiSource, file));
      const withGql: string[] = [];
      for (const file of files)
        if ((await readFile(file, 'utf8')).includes('gql`')) withGql.push(file);
      // One module runner for all of them (evaluating them one by one costs seconds each).
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-gql-'));
      const entry = path.join(dir, 'documents.ts');
      await writeFile(
        entry,
        withGql.map((file, i) => `export * as m${i} from ${JSON.stringify(file)};`).join('\n'),
      );
      try {
        const { module } = await runnerImport<Record<string, Record<string, unknown>>>(entry, {
          configFile: false,
          logLevel: 'silent',
          // The ESM build of Apollo's core (its package's CJS entry has no named exports).
          resolve: {
            alias: [
              {
                find: /^@apollo\/client$/,
                replacement: fromRepo('./node_modules/@apollo/client/core/index.js'),
              },
            ],
          },
          ssr: { noExternal: true },
        });
        withGql.forEach((file, i) => {
          const exports = Object.entries(module[`m${i}`] ?? {});
          const lines: string[] = [];
          for (const [name, value] of exports) {
            if (typeof value === 'string')
              lines.push(`export const ${name} = ${JSON.stringify(value)};`);
            else if (
              typeof value === 'object' &&
              value !== null &&
              (value as { kind?: unknown }).kind === 'Document'
            )
              lines.push(
                `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(withoutLoc(value)))});`,
              );
            else return;
          }
          precompiled.set(file, lines.join('\n'));
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    transform(_code, id) {
      const code = precompiled.get(id.split('?')[0] ?? id);
      return code === undefined ? null : { code, map: null };
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Production builds only: a .br and a .gz beside every compressible script and style sheet, so
 * the server sends them as they are (@fastify/static's preCompressed) at the best compression
 * level, without compressing anything per request.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'vitrine:precompressed-assets',
    // Not for the server entry's build (dist/server): the server reads it from its disk.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((file) => /\.(?:js|mjs|css|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await readFile(full);
          if (data.length < 1024) return; // not worth a second request header's size
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Production builds only: MUI without its CSS-variables theme machinery, which this store never
 * uses (its themes, createBrandTheme, pass no `cssVariables` nor `colorSchemes`). MUI's
 * `createTheme` imports both ways to build a theme and its `ThemeProvider` both providers, so the
 * variables' way came along in every first visit (createThemeWithVars, prepareCssVars,
 * CssVarsProvider, InitColorSchemeScript: ~8 KB gzip, docs/benchmarks.md). Within
 * @mui/material/styles, `./createTheme.mjs` becomes a createTheme that calls createThemeNoVars,
 * what MUI's own does for such options, and refuses the others; `ThemeProvider`'s CssVarsProvider,
 * which it renders only for a theme with colour schemes, refuses to render.
 * bench/first-visit-size.mjs --check fails if the variables' code comes back.
 */
function muiThemesWithoutCssVariables(): Plugin {
  const stylesDir = /[\\/]@mui[\\/]material[\\/]styles$/;
  const CREATE_THEME = '\0vitrine:mui-create-theme';
  const CSS_VARS_PROVIDER = '\0vitrine:mui-css-vars-provider';
  const noVars = new Map<string, string>();
  return {
    name: 'vitrine:mui-themes-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !stylesDir.test(path.dirname(importer))) return null;
      if (source === './createTheme.mjs') {
        const id = `${CREATE_THEME}?${path.dirname(importer)}`;
        noVars.set(id, path.join(path.dirname(importer), 'createThemeNoVars.mjs'));
        return id;
      }
      if (source === './ThemeProviderWithVars.mjs' && importer.endsWith('ThemeProvider.mjs'))
        return CSS_VARS_PROVIDER;
      return null;
    },
    load(id) {
      const file = noVars.get(id);
      if (file !== undefined) {
        return `import createThemeNoVars from ${JSON.stringify(file)};
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options)
    throw new Error('This build has no CSS-variables themes (vite.config.ts).');
  return createThemeNoVars(options, ...args);
}`;
      }
      if (id === CSS_VARS_PROVIDER) {
        return `export function CssVarsProvider() {
  throw new Error('This build has no CSS-variables themes (vite.config.ts).');
}`;
      }
      return null;
    },
  };
}

function reactRouterProduction(file: string): string {
  return fileURLToPath(
    new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url),
  );
}

// Debian's chromium: browsers are never downloaded on these machines.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

// VITRINE_VISUAL=compare|update: the storybook project also takes every story's screenshot and
// compares it with visual-baseline/ (npm run visual; .storybook/vitest.setup.ts).
const visualMode = visualModeFromEnv();
const storyCacheSuffix = (process.env.VITRINE_VITE_CACHE_SUFFIX ?? '').replace(/[^\w-]/g, '');
const visualContext = {
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  colorScheme: 'light',
  reducedMotion: 'reduce',
  deviceScaleFactor: 1,
} as const;

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const production = command === 'build' && mode === 'production';
  return {
    root,
    // The server entry's build (dist/server, `npm run build`'s second step) needs no public files.
    publicDir: isSsrBuild
      ? false
      : fileURLToPath(new URL('./packages/app/public', import.meta.url)),
    // The server entry bundles its dependencies too: one file set that plain node runs, with the
    // ESM builds the browser gets (Apollo 3's CJS entry has no named exports for node's ESM).
    ...(isSsrBuild ? { ssr: { noExternal: true, target: 'node' as const } } : {}),
    plugins: production
      ? [
          react(),
          precompiledGraphqlDocuments(),
          precompressedAssets(),
          muiThemesWithoutCssVariables(),
        ]
      : [react()],
    // Apollo Client 3 keeps its development checks and messages unless __DEV__ is false: compile
    // them out of production builds (the dev server and the tests keep them).
    define: production ? { 'globalThis.__DEV__': 'false' } : {},
    // react-router 7's package exports point every bundler at its development build (warnings,
    // invariant messages); its production build ships beside it, so production builds use that.
    resolve: production
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ],
        }
      : {},
    server: {
      port: 5173,
      proxy: {
        '/auth': 'http://127.0.0.1:3000',
        '/graphql': 'http://127.0.0.1:3000',
        '/media': 'http://127.0.0.1:3000',
        '/pix': 'http://127.0.0.1:3000',
        // Staff REST: the orders CSV export and the live order events (a long-lived stream).
        '/admin': 'http://127.0.0.1:3000',
        '/healthz': 'http://127.0.0.1:3000',
      },
    },
    build: {
      outDir: fileURLToPath(new URL('./dist/app', import.meta.url)),
      emptyOutDir: true,
      sourcemap: true,
      // .vite/manifest.json: the server preloads each page's lazy chunks from it (route-preload.ts).
      manifest: !isSsrBuild,
      rolldownOptions: {
        treeshake: {
          moduleSideEffects: [
            // Emotion imports it for its own side effects only (`import 'hoist-non-react-statics'`,
            // beside withTheme's copy), and it has none: without a package.json "sideEffects" it
            // was kept in every first visit (0.9 KB gzip) though nothing calls it.
            { test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
          ],
        },
        output: {
          advancedChunks: {
            groups: [
              {
                // The app's first step in the browser (packages/app/src/main.tsx): React and its DOM
                // renderer, Apollo's client and cache, the auth session. The next steps (the
                // router, MUI and the storefront's shared pieces, then startApp.tsx) are evaluated
                // in tasks of their own, so nothing here may be captured by storefront-common below
                // (which takes its modules' dependencies with it): this group goes before it.
                name: 'boot',
                test: /node_modules[\\/](react|react-dom|scheduler|@apollo[\\/]client[\\/](?!react[\\/])|graphql|optimism|@wry[\\/][a-z-]+|zen-observable(-ts)?|tslib|ts-invariant)[\\/]|packages[\\/](auth[\\/]src|ui[\\/]src[\\/](apollo[\\/](createApolloClient|serverRender)|auth[\\/](createBrowserAuthEnvironment|safeNextPath))\.ts$|app[\\/]src[\\/](main|config|serverState|routing[\\/]navigationQueue)\.tsx?$)/,
                priority: 2,
              },
              {
                // The small pieces every storefront page shares (formatting, skeletons, the
                // error and empty states, icons of the frame): one chunk instead of a dozen, so a
                // first visit pays one request and one gzip stream for them (docs/benchmarks.md).
                // The structured data (seo/jsonLd: product, listing and brand pages) and the date
                // formats (order pages) are not the home's: they stay out of it.
                // The product page's own icons and the brand page's theme stay with their pages:
                // the dashboard's previews (product, brand) share those pages, which would
                // otherwise pull them in here. So do the icons of the pages further in (checkout,
                // pickup point, search sheet, restock, confirmation): shared by two pages, they were
                // pulled into the first visit (1.1 KB gzip over the budget, issue 28's features).
                // The carrier's events (screens/shared/ShipmentEventList: the tracking page and the
                // dashboard's order page) likewise, with the date formats and tracking rules they
                // take along (0.8 KB gzip over the budget).
                name: 'storefront-common',
                priority: 1,
                test: /packages[\\/]app[\\/]src[\\/]routing[\\/]commonStep\.ts$|packages[\\/]ui[\\/]src[\\/](cart|format(?![\\/]formatDate\.ts)|seo(?![\\/]jsonLd\.ts)|screens[\\/](storefront[\\/])?shared(?![\\/](?:brandTheme\.ts|ShipmentEventList\.tsx))|components[\\/](VitrineLogo|ActionButton|storefront[\\/](EmptyState|PriceTag|PixPrice|InstallmentLine|SearchField)))[\\/]|node_modules[\\/]@mui[\\/]material[\\/](Skeleton|Container|SvgIcon|Link|utils)[\\/]|node_modules[\\/]@mui[\\/]icons-material[\\/](?!(?:ChevronLeft|ChevronRight|Close|ImageOutlined|ZoomIn|NotificationsOutlined|CheckCircleOutlined|ErrorOutlined|Schedule|VerifiedOutlined|StorefrontOutlined|AccessTimeRounded|History|ArrowBackRounded|InfoOutlined|MarkEmailReadOutlined|LockOutlined|LocalOfferOutlined|ReceiptLongOutlined|CheckCircleRounded)\.mjs$)[A-Za-z]+\.mjs$/,
                minShareCount: 2,
              },
            ],
          },
        },
      },
    },
    test: {
      root: fileURLToPath(new URL('.', import.meta.url)),
      projects: [
        {
          test: {
            name: 'rules',
            include: ['packages/rules/src/**/*.test.ts'],
            environment: 'node',
            setupFiles: ['packages/rules/src/test/setup.ts'],
          },
        },
        {
          test: {
            name: 'auth',
            include: ['packages/auth/src/**/*.test.ts'],
            environment: 'node',
          },
        },
        {
          plugins: [react()],
          test: {
            name: 'ui',
            include: ['packages/ui/src/**/*.test.{ts,tsx}', 'packages/app/src/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            setupFiles: ['packages/ui/src/test/setup.ts'],
          },
        },
        {
          test: {
            name: 'api',
            include: ['packages/api/src/**/*.test.ts', 'packages/api/test/**/*.test.ts'],
            environment: 'node',
            // The server's test files share one module graph per worker: each file imported the
            // whole server (~8 s) and built its own embedded database template again, which was
            // half of the project's time (measured: 12 files, 79 s isolated, 44 s shared). They
            // hold no module state of their own: every file opens its own database and app.
            isolate: false,
            // Generous: on two cores shared with the stories' browsers a database set-up took over
            // 60 s (a fresh-clone run of .ci/run); a passing test takes no longer for it.
            testTimeout: 60_000,
            hookTimeout: 180_000,
          },
        },
        {
          // npm test runs the stories as several runs at once (scripts/test.mjs): each optimises
          // their dependencies into its own folder.
          ...(storyCacheSuffix
            ? { cacheDir: fromRepo(`./node_modules/.vite/${storyCacheSuffix}`) }
            : {}),
          // The stories run on React's, MUI's and Emotion's production builds when vitest runs
          // with NODE_ENV=production, as npm test, npm run test:stories and npm run visual do
          // (scripts/lib/stories-env.mjs); Apollo's development checks go with them.
          ...(process.env.NODE_ENV === 'production'
            ? { define: { 'globalThis.__DEV__': 'false' } }
            : {}),
          plugins: [
            storybookTest({
              configDir: fileURLToPath(new URL('./.storybook', import.meta.url)),
            }),
          ],
          test: {
            name: 'storybook',
            // Every story file of a worker runs in one page that loads the modules once: each
            // file's own page loaded them all again (~9 s a file, in the renderer and in Vite's
            // server). Storybook renders every story afresh, MSW's handlers are reset for each
            // story, and Emotion's rules are dropped after each file (.storybook/vitest.setup.ts).
            // Measured with the production builds, 26 files: 499 s -> 375 s, and the server's
            // CPU time 340 s -> 111 s.
            isolate: false,
            // A story's play function and screenshot on a loaded machine (the node lane, the
            // journeys and the PostgreSQL pass share the two cores) outlast vitest's 5 s default.
            testTimeout: 30_000,
            setupFiles: ['.storybook/vitest.setup.ts'],
            globalSetup: visualMode === 'off' ? [] : ['scripts/lib/visual-global-setup.mjs'],
            provide: { vitrineVisual: { mode: visualMode, filters: visualFiltersFromEnv() } },
            browser: {
              enabled: true,
              headless: true,
              // On a fresh clone Vite first bundles the stories' dependencies, and the browser
              // connects only after: a fresh-clone run of .ci/run on a loaded machine passed
              // vitest's 60 s default and failed the whole stories lane without running a story.
              connectTimeout: 600_000,
              provider:
                visualMode === 'off'
                  ? playwright({ launchOptions: chromiumLaunchOptions })
                  : playwright({
                      launchOptions: {
                        ...chromiumLaunchOptions,
                        // Same glyph rasterisation on every run of the same machine kind.
                        args: [
                          ...chromiumLaunchOptions.args,
                          '--font-render-hinting=none',
                          '--disable-lcd-text',
                        ],
                      },
                      contextOptions: visualContext,
                    }),
              instances: [{ browser: 'chromium' }],
              commands: {
                ...storybookWarmupCommands,
                ...(visualMode === 'off' ? {} : visualCommands(visualMode)),
              },
            },
          },
        },
      ],
    },
  };
});
