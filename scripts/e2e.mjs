// End-to-end journeys: builds the app, then runs Playwright (playwright.config.ts), which starts the
// real server on an in-memory database, and prints one summary line.
//
//   npm run e2e                           build the app and run every journey
//   npm run e2e -- --no-build             reuse dist/app as it is
//   npm run e2e -- -g "Logout"            any other flag goes to `playwright test`
//   E2E_APP_DIST=dir npm run e2e -- --no-build   serve a build of its own (`build-app.mjs --outDir`),
//                                         safe from another process rebuilding dist/app meanwhile
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORT = path.join(ROOT, 'test-results', 'e2e-report.json');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

const argv = process.argv.slice(2);
const skipBuild = argv.includes('--no-build');
const playwrightArgs = argv.filter((arg) => arg !== '--no-build');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// A stale build would test yesterday's app, so the app is rebuilt unless asked not to.
if (!skipBuild || !existsSync(path.join(ROOT, 'dist', 'app', 'index.html'))) {
  console.log(
    "Building the app (scripts/build-app.mjs: the browser's files and the server entry) ...",
  );
  const status = run(process.execPath, ['scripts/build-app.mjs', '--logLevel', 'warn']);
  if (status !== 0) {
    console.error('The app build failed.');
    process.exit(status);
  }
}

rmSync(REPORT, { force: true });
const status = run(bin('playwright'), [
  'test',
  '--config',
  'playwright.config.ts',
  ...playwrightArgs,
]);

if (existsSync(REPORT)) {
  const { stats } = JSON.parse(readFileSync(REPORT, 'utf8'));
  const failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  console.log(
    `e2e: ${stats.expected ?? 0} passed, ${failed} failed, ${stats.skipped ?? 0} skipped`,
  );
} else {
  console.log('e2e: no report was written (the run failed before the tests started)');
}
process.exit(status);
