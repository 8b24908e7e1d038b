// Lint rules for the whole workspace, including the package boundaries from CONVENTIONS.md.
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const browserOnlyGlobals = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'location',
  'navigator',
  'fetch',
].map((name) => ({
  name,
  message: 'The auth package is framework-free: take it from the injected AuthEnvironment.',
}));

// The clock and timers are injected too (env.now, env.timers), so tests drive time and a session
// never leaves a stray timer behind. Only the test doubles (testing.ts, tests) use the real ones.
const clockMessage = 'The auth package takes time from env.now() and timers from env.timers.';
const clockGlobals = [
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
].map((name) => ({ name, message: clockMessage }));
const clockProperties = [
  { object: 'Date', property: 'now', message: clockMessage },
  { object: 'performance', property: 'now', message: clockMessage },
  // globalThis.setTimeout or self.window would slip past no-restricted-globals.
  ...['globalThis', 'self', 'global'].flatMap((object) =>
    [...clockGlobals, ...browserOnlyGlobals].map(({ name, message }) => ({
      object,
      property: name,
      message,
    })),
  ),
];

// The package boundaries of CONVENTIONS.md: which package may import which.
const packageZones = [
  {
    target: './packages/auth',
    from: ['./packages/ui', './packages/app', './packages/api'],
    message: 'auth depends on nothing of ours.',
  },
  {
    target: './packages/ui',
    from: ['./packages/app', './packages/api/src'],
    message: 'Dependencies point one way: app -> ui -> auth.',
  },
  {
    target: './packages/api/src',
    from: ['./packages/ui', './packages/app', './packages/auth'],
    message: 'The API depends on none of the front-end packages.',
  },
  {
    target: './packages/ui/src/components',
    from: ['./packages/ui/src/mocks', './packages/ui/src/screens'],
    message: 'Components are pure: no mocks, no screens.',
  },
  {
    // Shared helpers live in screens/shared and components (not the storefront's folders); the
    // previews of storefront pages are handed in (screens/shared/storefrontPreviews.tsx).
    target: ['./packages/ui/src/screens/dashboard', './packages/ui/src/components/dashboard'],
    from: ['./packages/ui/src/screens/storefront', './packages/ui/src/components/storefront'],
    message:
      'The dashboard imports nothing from the storefront: move the shared piece to screens/shared.',
  },
  {
    target: './packages/rules',
    from: ['./packages/ui', './packages/app', './packages/api', './packages/auth'],
    message: 'The commerce rules depend on nothing of ours.',
  },
];

// The server's declared module graph (packages/api/module-graph.json): a module under
// packages/api/src/modules imports only the modules it declares; db/, graphql/ and plugins/ only
// the kinds of module files or the modules their "layers" entry declares; lib/ imports no module.
const apiModuleDeclaration = JSON.parse(
  readFileSync(new URL('./packages/api/module-graph.json', import.meta.url), 'utf8'),
);
const apiModuleGraph = apiModuleDeclaration.modules;
const apiModules = Object.keys(apiModuleGraph);
// Absolute, as import/no-restricted-paths takes a glob `except` as it is.
const apiModulesDir = fileURLToPath(new URL('./packages/api/src/modules', import.meta.url));
const apiLayerZones = Object.entries(apiModuleDeclaration.layers).map(([layer, allowed]) =>
  allowed.files
    ? {
        target: `./packages/api/src/${layer}`,
        from: [`${apiModulesDir}/**`],
        except: allowed.files.map((pattern) => `${apiModulesDir}/**/${pattern}`),
        message: `Not in the declared module graph (packages/api/module-graph.json): ${layer}/ may import only the modules' ${allowed.files.join(', ')} files.`,
      }
    : {
        target: `./packages/api/src/${layer}`,
        from: apiModules
          .filter((name) => !allowed.modules.includes(name))
          .map((name) => `./packages/api/src/modules/${name}`),
        message: `Not in the declared module graph (packages/api/module-graph.json): ${layer}/ may import ${allowed.modules.join(', ')}.`,
      },
);
const apiModuleZones = [
  ...apiModules.flatMap((name) => {
    const forbidden = apiModules.filter(
      (other) => other !== name && !apiModuleGraph[name].includes(other),
    );
    return forbidden.length === 0
      ? []
      : [
          {
            target: `./packages/api/src/modules/${name}`,
            from: forbidden.map((other) => `./packages/api/src/modules/${other}`),
            message: `Not in the declared module graph (packages/api/module-graph.json): ${name} may import ${apiModuleGraph[name].join(', ') || 'no other module'}.`,
          },
        ];
  }),
  ...apiLayerZones,
  {
    target: './packages/api/src/lib',
    from: './packages/api/src/modules',
    message: 'lib/ holds small shared helpers and imports no domain module.',
  },
];

// SQL lives in each module's *.repository.ts: elsewhere under packages/api/src/modules no value
// import from drizzle-orm (types are fine) and no query run on db or tx (db.select, tx.execute,
// app.db.insert...). Table definitions (*.tables.ts), tests and fixtures are exempt; the files that
// did it when the rule came are listed in packages/api/sql-baseline.json and may only leave it
// (packages/api/test/sql-in-repositories.test.ts).
const apiSqlMessage =
  "SQL lives in the module's *.repository.ts: give it a named function there and call that.";
const apiQueryMethods = '/^(select|selectDistinct|insert|update|delete|execute)$/';
const apiSqlRules = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: apiSqlMessage }],
      patterns: [{ group: ['drizzle-orm/*'], allowTypeImports: true, message: apiSqlMessage }],
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: `CallExpression[callee.property.name=${apiQueryMethods}][callee.object.name=/^(db|tx|trx|executor|database)$/]`,
      message: apiSqlMessage,
    },
    {
      selector: `CallExpression[callee.property.name=${apiQueryMethods}][callee.object.property.name=/^(db|tx)$/]`,
      message: apiSqlMessage,
    },
  ],
};
const apiSqlBaseline = JSON.parse(
  readFileSync(new URL('./packages/api/sql-baseline.json', import.meta.url), 'utf8'),
).files;

// Files over the size limits when they came (see the last blocks below).
const sizeBaseline = JSON.parse(
  readFileSync(new URL('./scripts/size-baseline.json', import.meta.url), 'utf8'),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      '.tsbuild/**',
      'data/**',
      'coverage/**',
      '**/mockServiceWorker.js',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import/no-restricted-paths': ['error', { zones: packageZones }],
    },
  },
  {
    // The declared module graph holds for the server's code; tests may use any module's fixtures.
    files: ['packages/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...packageZones, ...apiModuleZones] }],
    },
  },
  {
    name: 'api/sql-in-repositories',
    files: ['packages/api/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.tables.ts', '**/*.test.ts', '**/*.fixtures.ts'],
    rules: apiSqlRules,
  },
  // (ESLint refuses an empty `files`: once the baseline is empty, the entry goes.)
  ...(apiSqlBaseline.length > 0
    ? [
        {
          name: 'api/sql-in-repositories/baseline',
          files: apiSqlBaseline,
          rules: {
            '@typescript-eslint/no-restricted-imports': 'off',
            'no-restricted-syntax': 'off',
          },
        },
      ]
    : []),
  {
    files: ['packages/auth/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...browserOnlyGlobals],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/*'], message: 'auth never imports React.' },
            { group: ['@mui/*', '@emotion/*'], message: 'auth never imports MUI.' },
            { group: ['@apollo/*', 'graphql'], message: 'auth knows nothing of GraphQL.' },
            { group: ['@vitrine/*'], message: 'auth depends on nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/auth/**/*.ts'],
    ignores: [
      'packages/auth/**/*.test.ts',
      'packages/auth/src/testing.ts',
      'packages/auth/src/test/**',
    ],
    rules: {
      'no-restricted-globals': ['error', ...browserOnlyGlobals, ...clockGlobals],
      'no-restricted-properties': ['error', ...clockProperties],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: clockMessage,
        },
        {
          selector: "CallExpression[callee.name='Date'][arguments.length=0]",
          message: clockMessage,
        },
      ],
    },
  },
  {
    files: ['packages/ui/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@apollo/*', 'graphql'],
              message: 'Components never talk to the network: screens do.',
            },
            {
              group: ['**/*.graphql', '**/*.graphql.ts', '**/mocks/**'],
              message: 'Components never import documents or mocks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/*', '@emotion/*'],
              message: 'The app holds no screen: build it in packages/ui.',
            },
            {
              group: ['@vitrine/ui/src/*', '@vitrine/ui/*/mocks/*'],
              message: 'Use the ui package entry point.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'packages/ui/**/*.{ts,tsx}',
      'packages/app/**/*.{ts,tsx}',
      'stories/**/*.{ts,tsx}',
      '.storybook/**/*.{ts,tsx}',
    ],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: [
      'packages/ui/**/*.{ts,tsx}',
      'packages/app/**/*.{ts,tsx}',
      'stories/**/*.{ts,tsx}',
      '.storybook/**/*.{ts,tsx}',
    ],
    ...reactHooks.configs.flat.recommended,
  },
  ...storybook.configs['flat/recommended'],
  // Size limits: no source file over 600 lines, no function over 150, outside tests, fixtures,
  // generated code and seed data. The files over them when the limits came are listed in
  // scripts/size-baseline.json and may only leave it (scripts/size-baseline.mjs, in npm run lint).
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/mocks/**/*.fixtures.ts',
      '**/graphql/generated.ts',
      '**/seed.data.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 600 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  ...(sizeBaseline.files.length > 0
    ? [{ files: sizeBaseline.files, rules: { 'max-lines': 'off' } }]
    : []),
  ...(sizeBaseline.functions.length > 0
    ? [{ files: sizeBaseline.functions, rules: { 'max-lines-per-function': 'off' } }]
    : []),
);
