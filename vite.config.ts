// The app build (packages/app) and the vitest projects of the whole repository.
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('./packages/app', import.meta.url));

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

export default defineConfig(({ command, mode }) => ({
  root,
  publicDir: fileURLToPath(new URL('./packages/app/public', import.meta.url)),
  plugins: [react()],
  // Apollo Client 3 keeps its development checks and messages unless __DEV__ is false: compile
  // them out of production builds (the dev server and the tests keep them).
  define: command === 'build' && mode === 'production' ? { 'globalThis.__DEV__': 'false' } : {},
  server: {
    port: 5173,
    proxy: {
      '/auth': 'http://127.0.0.1:3000',
      '/graphql': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/app', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    projects: [
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [
          storybookTest({
            configDir: fileURLToPath(new URL('./.storybook', import.meta.url)),
          }),
        ],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
}));
