// End-to-end journeys in Debian's chromium against the real server (npm run e2e).
import { defineConfig } from '@playwright/test';
import {
  BASE_URL,
  CARRIERS_STAND_IN_URL,
  CEP_STAND_IN_URL,
  E2E_CARRIERS_PORT,
  E2E_CEP_PORT,
  E2E_NFE_PORT,
  E2E_PIX_PSP_PORT,
  E2E_SMTP_HTTP_PORT,
  E2E_SMTP_PORT,
  NFE_API_TOKEN,
  NFE_STAND_IN_URL,
  NFE_WEBHOOK_SECRET,
  PIX_BASE_URL,
  PIX_PSP_CLIENT_ID,
  PIX_PSP_CLIENT_SECRET,
  PIX_PSP_PIX_KEY,
  PIX_PSP_STAND_IN_URL,
  SMTP_STAND_IN_URL,
  pixServerEnv,
  serverEnv,
} from './e2e/support/env';
import { chromiumLaunchOptions } from './scripts/lib/chromium.mjs';

/**
 * Whether this run may include pix-bank.spec.ts or nfe.spec.ts, the only users of the PSP's and
 * the invoicing provider's stand-ins and of the second store (about 15 s of start-up): false only
 * when every argument is a spec file and none is one of them (`npm run e2e --
 * e2e/full-day.spec.ts`); any filter, directory or option value starts them.
 */
function runMayUseSecondStore(argv: string[]): boolean {
  const args = argv.slice(argv.indexOf('test') + 1);
  const given = args.filter(
    (arg, at) => !arg.startsWith('-') && !['--config', '-c'].includes(args[at - 1] ?? ''),
  );
  if (given.length === 0) return true;
  return !given.every((arg) => /\.spec\.ts(:\d+)*$/.test(arg) && !/(pix-bank|nfe)\.spec/.test(arg));
}

const secondStoreServers = runMayUseSecondStore(process.argv)
  ? [
      {
        // The invoicing provider (Focus NFe's API v2): a local stand-in that checks each NF-e
        // against the provider's schema, answers processando and then SEFAZ's answer by webhook
        // to the second store, and serves the DANFE and XML.
        command:
          'exec node --import tsx packages/api/src/modules/invoices/standin.ts ' +
          `--port ${E2E_NFE_PORT} --token ${NFE_API_TOKEN} --processing-ms 300 ` +
          `--webhook-url ${PIX_BASE_URL}/webhooks/nfe --webhook-secret ${NFE_WEBHOOK_SECRET}`,
        url: `${NFE_STAND_IN_URL}/_standin/state`,
        reuseExistingServer: false,
        timeout: 30_000,
      },
      {
        // The bank's Pix API: a local stand-in PSP (API Pix v2 of the Banco Central) that
        // requires the store's credentials and its Pix key, and pays charges on demand.
        command:
          'exec node --import tsx packages/api/src/modules/payments/pix-psp/standin.ts ' +
          `--port ${E2E_PIX_PSP_PORT} --client-id ${PIX_PSP_CLIENT_ID} ` +
          `--client-secret ${PIX_PSP_CLIENT_SECRET} --pix-key ${PIX_PSP_PIX_KEY}`,
        url: `${PIX_PSP_STAND_IN_URL}/_standin/state`,
        reuseExistingServer: false,
        timeout: 30_000,
      },
      {
        // A second store with Pix through that PSP and NF-e through that provider, on its own
        // port and database: the PSP's dynamic code replaces the static BR Code the other
        // journeys check field by field (the key, the order number as txid). Started after the
        // first (webServers start in order), from the server the first built.
        command: 'exec node --enable-source-maps packages/api/dist/server.mjs',
        url: `${PIX_BASE_URL}/healthz`,
        env: pixServerEnv,
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe' as const,
        stderr: 'pipe' as const,
      },
    ]
  : [];

export default defineConfig({
  testDir: 'e2e',
  // One server, one database: tests run one after the other (pix-bank.spec.ts and nfe.spec.ts
  // share a second one).
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
      // The carriers' stand-in (Melhor Envio, the Correios' contract and SRO).
      command: 'exec node --import tsx packages/api/src/modules/shipping/carriers/standin.ts',
      url: `${CARRIERS_STAND_IN_URL}/_standin/health`,
      env: { CARRIERS_STANDIN_PORT: String(E2E_CARRIERS_PORT) },
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
    ...secondStoreServers,
  ],
});
