// End-to-end journeys in Debian's chromium against the real server (npm run e2e).
import { defineConfig } from '@playwright/test';
import {
  BASE_URL,
  CEP_STAND_IN_URL,
  E2E_CEP_PORT,
  E2E_SMTP_HTTP_PORT,
  E2E_SMTP_PORT,
  SMTP_STAND_IN_URL,
  serverEnv,
} from './e2e/support/env';
import { chromiumLaunchOptions } from './scripts/lib/chromium.mjs';

export default defineConfig({
  testDir: 'e2e',
  // One server, one database: tests run one after the other.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      // ViaCEP's stand-in: the look-up answers here without the internet (cep-stand-in.mjs).
      command: 'exec node e2e/support/cep-stand-in.mjs',
      url: `${CEP_STAND_IN_URL}/healthz`,
      env: { E2E_CEP_PORT: String(E2E_CEP_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The mail server's stand-in: the store sends real SMTP to it (smtp-stand-in.mjs).
      command: 'exec node e2e/support/smtp-stand-in.mjs',
      url: `${SMTP_STAND_IN_URL}/healthz`,
      env: { E2E_SMTP_PORT: String(E2E_SMTP_PORT), E2E_SMTP_HTTP_PORT: String(E2E_SMTP_HTTP_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Builds the app only when there is no build (npm run e2e always rebuilds it first); the
      // server is built to JavaScript and run by plain node, as `npm start` runs it.
      command:
        'test -f dist/app/index.html -a -f dist/server/entry-server.js || ' +
        'node scripts/build-app.mjs --logLevel warn; ' +
        'node packages/api/scripts/build-server.mjs && ' +
        'exec node --enable-source-maps packages/api/dist/server.mjs',
      url: `${BASE_URL}/healthz`,
      env: serverEnv,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
