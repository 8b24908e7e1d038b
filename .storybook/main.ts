// Storybook, the workshop: every component and screen of @vitrine/ui, against MSW mocks.
import { fileURLToPath } from 'node:url';

import type { StorybookConfig } from '@storybook/react-vite';

const repo = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // mockServiceWorker.js (msw init) is served from here.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  viteFinal(viteConfig) {
    // The root vite.config.ts is the app's: its public folder and dev proxy are not Storybook's.
    viteConfig.publicDir = false;
    if (viteConfig.server) delete viteConfig.server.proxy;
    // Scan every story and ui source up front: a dependency discovered mid-run makes Vite
    // re-optimise and reload the page, which fails the story test that was loading.
    viteConfig.optimizeDeps = {
      ...viteConfig.optimizeDeps,
      entries: [
        repo('.storybook/preview.tsx'),
        repo('.storybook/vitest.setup.ts'),
        repo('stories/**/*.stories.tsx'),
        repo('packages/ui/src/**/*.{ts,tsx}'),
        `!${repo('packages/ui/src/**/*.test.{ts,tsx}')}`,
        `!${repo('packages/ui/src/test/**')}`,
        `!${repo('packages/ui/src/mocks/server.ts')}`,
      ],
    };
    return viteConfig;
  },
};

export default config;
