// The weight of a first visit to the storefront's home (`/`): builds the app (`vite build`, or
// reuses dist/app with --no-build), opens `/` in Debian's chromium against a static server of the
// build, and adds the gzip -9 size of every JS and CSS file the page requested until the network
// went quiet (the entry, its modulepreloads and the lazy chunks of the first render). The API is
// not running: /graphql and /auth answer 404 at once, so the page renders its error/empty states,
// which load the same code as the happy path.
//
//   node bench/first-visit-size.mjs [--no-build] [--json] [--check]
//
// Budget (issue 5): first-visit JS at most 200 KB gzip (KB = 1000 bytes), and no dashboard code
// (a source file under a Dashboard screen, by the build's source maps); and (issue 17) the boot's
// first step free of the later steps' modules; and (issue 34) no MUI CSS-variables theme code.
// The verdicts are printed; it exits 0 either way unless --check is given (CI), which exits 1
// when any rule is broken.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { serveStatic } from '../scripts/lib/static-server.mjs';

const BUDGET_JS_BYTES = 200_000;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(repoRoot, 'dist/app');
const args = new Set(process.argv.slice(2));

if (!args.has('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await serveStatic(distDir);
const browser = await chromium.launch(chromiumLaunchOptions);
/** @type {Set<string>} pathnames of the JS/CSS files requested from the build */
const requested = new Set();
try {
  const page = await browser.newPage();
  await page.route(/\/(graphql|auth)(\/|\?|$)/, (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
  );
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== server.origin) return;
    if (/\.(m?js|css)$/.test(url.pathname)) requested.add(url.pathname);
  });
  await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
  // Let the first render's effects settle (lazy routes, idle work), then wait for quiet again.
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
} finally {
  await browser.close();
  await server.close();
}

const rows = [];
for (const pathname of requested) {
  const content = await readFile(path.join(distDir, decodeURIComponent(pathname)));
  rows.push({
    file: pathname.replace(/^\//, ''),
    kind: pathname.endsWith('.css') ? 'css' : 'js',
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
  });
}
rows.sort((a, b) => b.gzip - a.gzip);

/** The source files a built file holds, from its source map (none without one). */
async function mapSources(file) {
  try {
    const map = JSON.parse(await readFile(path.join(distDir, `${file}.map`), 'utf8'));
    return map.sources ?? [];
  } catch {
    return [];
  }
}

/** Source files of the dashboard that a first visit downloaded, read from the source maps. */
async function dashboardSources() {
  const found = new Set();
  for (const row of rows) {
    if (row.kind !== 'js') continue;
    for (const source of await mapSources(row.file)) {
      if (/screens\/[Dd]ashboard|areas\/dashboard|entries\/dashboard/.test(source))
        found.add(`${row.file}: ${source}`);
    }
  }
  return [...found];
}
const dashboardCode = await dashboardSources();

/**
 * MUI's CSS-variables theme code that a first visit downloaded: the build leaves it out
 * (vite.config.ts, muiThemesWithoutCssVariables), and a MUI release that moves it would bring
 * ~8 KB gzip back unseen.
 */
async function cssVariablesSources() {
  const found = new Set();
  for (const row of rows) {
    if (row.kind !== 'js') continue;
    for (const source of await mapSources(row.file)) {
      if (
        /@mui\/material\/styles\/(createThemeWithVars|ThemeProviderWithVars)|@mui\/system\/(cssVars|InitColorSchemeScript)\//.test(
          source,
        )
      )
        found.add(`${row.file}: ${source.replace(/^(\.\.\/)+/, '')}`);
    }
  }
  return [...found];
}
const cssVariablesCode = await cssVariablesSources();

/**
 * The app boots in steps, each evaluated in a task of its own (packages/app/src/main.tsx): the
 * entry and what it imports statically must not hold the later steps' modules (the router, MUI
 * and Emotion, the screens), or the browser evaluates them all in one long task again.
 */
async function firstStepOverreach() {
  let manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return ['no build manifest (dist/app/.vite/manifest.json)'];
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) return ['no entry in the build manifest'];
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const found = new Set();
  for (const file of files) {
    for (const source of await mapSources(file)) {
      const match =
        /node_modules\/(@mui\/[^/]+|@emotion\/[^/]+|react-router)|packages\/ui\/src\/screens/.exec(
          source,
        );
      if (match) found.add(`${file}: ${match[0]}`);
    }
  }
  return [...found];
}
const firstStep = await firstStepOverreach();

const sum = (kind) => rows.filter((row) => row.kind === kind).reduce((t, row) => t + row.gzip, 0);
const js = sum('js');
const css = sum('css');
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (args.has('--json')) {
  console.log(
    JSON.stringify({
      files: rows,
      jsGzip: js,
      cssGzip: css,
      budget: BUDGET_JS_BYTES,
      dashboardCode,
      cssVariablesCode,
      firstStep,
    }),
  );
} else {
  const width = Math.max(...rows.map((row) => row.file.length), 4);
  console.log(`First visit to / (${rows.length} files, gzip -9)\n`);
  console.log(`${'file'.padEnd(width)}  kind       raw       gzip`);
  for (const row of rows) {
    console.log(
      `${row.file.padEnd(width)}  ${row.kind.padEnd(4)}  ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(9)}`,
    );
  }
  console.log('');
  console.log(`JS  gzip: ${kb(js)} (${kib(js)})`);
  console.log(`CSS gzip: ${kb(css)} (${kib(css)})`);
  console.log(`Total   : ${kb(js + css)} (${kib(js + css)})`);
  const verdict = js <= BUDGET_JS_BYTES ? 'within budget' : 'OVER budget';
  console.log(`Budget  : first-visit JS at most ${kb(BUDGET_JS_BYTES)} gzip -> ${verdict}`);
  console.log(
    dashboardCode.length === 0
      ? 'Dashboard: no dashboard code in the first visit'
      : `Dashboard: the first visit downloads dashboard code:\n  ${dashboardCode.join('\n  ')}`,
  );
  console.log(
    cssVariablesCode.length === 0
      ? "MUI: no CSS-variables theme code (the store's themes have none)"
      : `MUI: the first visit downloads CSS-variables theme code:\n  ${cssVariablesCode.join('\n  ')}`,
  );
  console.log(
    firstStep.length === 0
      ? 'Boot: the first step (the entry and its static imports) holds no router, MUI or screens'
      : `Boot: the first step holds the later steps' modules:\n  ${firstStep.join('\n  ')}`,
  );
}
if (
  args.has('--check') &&
  (js > BUDGET_JS_BYTES ||
    dashboardCode.length > 0 ||
    cssVariablesCode.length > 0 ||
    firstStep.length > 0)
)
  process.exit(1);
