// Offline visual regression: screenshots every Storybook story in Debian's chromium and compares
// it with the committed baseline in visual-baseline/.
//
//   npm run visual                  compare every story (builds Storybook when it is missing)
//   npm run visual -- --build       rebuild Storybook first
//   npm run visual -- login reset   only the stories whose id contains one of the words
//   npm run visual:update           write missing or changed baselines, remove stale ones
//   npm run visual:update -- word   only those stories' baselines; never removes any
//
// A story may set parameters.visual = { maxDiffRatio, reason } for a looser comparison (with a
// written reason; see readStoryTolerance).
//
// A baseline no story produces any more (stale) fails an unfiltered comparison.
//
// A story is also shot at 375x812 when it carries the tag 'mobile'; a story whose viewport global
// names a Storybook preset (globals: { viewport: { value: 'mobile1' } }) is shot at that size;
// the tag 'skip-visual' leaves it out. Results go to .visual/actual and .visual/diff (git-ignored).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { comparePngs, MAX_DIFF_RATIO } from './lib/compare.mjs';
import { serveStatic } from './lib/static-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STATIC_DIR = path.join(ROOT, 'storybook-static');
const BASELINE_DIR = path.join(ROOT, 'visual-baseline');
const ACTUAL_DIR = path.join(ROOT, '.visual', 'actual');
const DIFF_DIR = path.join(ROOT, '.visual', 'diff');

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
};
// Storybook's own viewport presets (storybook/viewport MINIMAL_VIEWPORTS), for stories that set
// `globals: { viewport: { value: 'mobile1' } }`: iframe.html ignores that global (the manager
// resizes its iframe), so the script resizes the page itself.
const STORYBOOK_VIEWPORTS = {
  mobile1: { styles: { width: '320px', height: '568px' } },
  mobile2: { styles: { width: '414px', height: '896px' } },
  tablet: { styles: { width: '834px', height: '1112px' } },
  desktop: { styles: { width: '1280px', height: '1024px' } },
};
const CONCURRENCY = 2;
const STORY_TIMEOUT_MS = 30_000;
// Every run starts the page clock at the same instant, so "today" in a story never changes the
// picture; time then flows normally (timers, debounces and play functions behave as usual).
const FIXED_START = new Date('2025-06-02T12:00:00-03:00');
// Keeps screenshots still: no animation, no transition, no blinking caret.
const STILL_CSS =
  '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}';

const argv = process.argv.slice(2);
const update = argv.includes('--update');
const forceBuild = argv.includes('--build');
const filters = argv.filter((arg) => !arg.startsWith('--'));

function buildStorybook() {
  console.log('Building Storybook into storybook-static/ ...');
  const result = spawnSync('npx', ['storybook', 'build', '--quiet', '-o', 'storybook-static'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The Storybook build failed.');
    process.exit(result.status ?? 1);
  }
}

/** @returns {Promise<Array<{ id: string, name: string, viewport: { width: number, height: number } }>>} */
async function listShots() {
  const index = JSON.parse(await readFile(path.join(STATIC_DIR, 'index.json'), 'utf8'));
  const shots = [];
  for (const entry of Object.values(index.entries ?? {})) {
    if (entry.type !== 'story') continue;
    const tags = entry.tags ?? [];
    if (tags.includes('skip-visual')) continue;
    if (filters.length > 0 && !filters.some((word) => entry.id.includes(word))) continue;
    shots.push({ id: entry.id, name: entry.id, viewport: VIEWPORTS.desktop });
    if (tags.includes('mobile')) {
      shots.push({ id: entry.id, name: `${entry.id}@mobile`, viewport: VIEWPORTS.mobile });
    }
  }
  return shots.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Runs in the page before Storybook boots: captures its channel as soon as it is created and
 * records when the story finished (rendered, play function and afterEach hooks done) and any
 * exception, which the preview does not always show on screen (a failing play function is only
 * reported in the interactions panel).
 */
function watchStorybook() {
  const state = { finished: false, errors: [] };
  window.__visualState = state;
  // Testing Library appends the whole DOM to its messages: keep the first paragraph only.
  const describe = (error) => {
    const text =
      error && typeof error === 'object'
        ? `${error.name ?? error.title ?? 'Error'}: ${error.message ?? error.description ?? ''}`
        : String(error);
    const head = text.split('\n\n')[0] ?? text;
    return head.length > 400 ? `${head.slice(0, 400)}…` : head;
  };
  let channel;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(next) {
      channel = next;
      next.on('storyFinished', () => (state.finished = true));
      next.on('playFunctionThrewException', (error) =>
        state.errors.push(`play function threw ${describe(error)}`),
      );
      next.on('storyThrewException', (error) =>
        state.errors.push(`story threw ${describe(error)}`),
      );
      next.on('storyErrored', (error) => state.errors.push(`story errored ${describe(error)}`));
      next.on('storyMissing', (id) => state.errors.push(`story missing: ${id}`));
      next.on('unhandledErrorsWhilePlaying', (errors) =>
        state.errors.push(`unhandled errors while playing: ${errors.map(describe).join('; ')}`),
      );
    },
  });
}

/** Waits until the story finished or failed. */
async function waitForStory(page) {
  await page.waitForFunction(
    () => {
      const state = window.__visualState;
      return state.finished || state.errors.length > 0;
    },
    undefined,
    { timeout: STORY_TIMEOUT_MS, polling: 100 },
  );
  return page.evaluate(() => window.__visualState.errors);
}

/** The viewport a story asks for through its viewport global, or null. Runs in the page. */
function readStoryViewport(presets) {
  const story = window.__STORYBOOK_PREVIEW__?.currentRender?.story;
  const chosen = story?.storyGlobals?.viewport;
  const value = typeof chosen === 'string' ? chosen : chosen?.value;
  if (!value) return null;
  const options = { ...presets, ...(story?.parameters?.viewport?.options ?? {}) };
  const styles = options[value]?.styles;
  const width = Number.parseInt(styles?.width ?? '', 10);
  const height = Number.parseInt(styles?.height ?? '', 10);
  if (!width || !height) return null;
  return chosen?.isRotated ? { width: height, height: width } : { width, height };
}

/**
 * A story's own tolerance: `parameters.visual = { maxDiffRatio, reason }`, for a story whose
 * layout rounds a pixel either way from run to run. Without a written reason it is ignored.
 * Runs in the page.
 */
function readStoryTolerance() {
  const visual = window.__STORYBOOK_PREVIEW__?.currentRender?.story?.parameters?.visual;
  const ratio = Number(visual?.maxDiffRatio);
  return typeof visual?.reason === 'string' && visual.reason.trim() !== '' && ratio > 0
    ? ratio
    : null;
}

/**
 * Network idle, every image loaded, web fonts loaded, the page scrolled to the top, two frames
 * painted and a short quiet period.
 *
 * Lazy images below the fold would otherwise load or not depending on how fast the full-page
 * screenshot grows the viewport, and a play function that focused a field further down leaves the
 * page scrolled, which moves sticky panels: both made shots differ from run to run.
 */
async function waitForQuiet(page) {
  // A 'loading' story holds its request open for ever, so network idle may never come.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
    // A broken or never-answered image must not hold the shot: each gets at most 5 s.
    await Promise.all(
      images.map((image) =>
        Promise.race([
          image.decode().catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, 5_000)),
        ]),
      ),
    );
    await document.fonts.ready;
    window.scrollTo(0, 0);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page.waitForTimeout(500);
}

/**
 * One browser context per worker: Storybook's bundles come from its HTTP cache after the first
 * story. The clock, the story watcher and the still style are installed once, here.
 */
async function newWorkerContext(browser) {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    deviceScaleFactor: 1,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  await context.clock.install({ time: FIXED_START });
  await context.addInitScript(watchStorybook);
  // The screenshot pass renders a story first and resizes to its viewport global afterwards, so
  // play functions must not insist on the phone width here (stories/support/layout.ts).
  await context.addInitScript(() => {
    window.__VITRINE_VISUAL__ = true;
  });
  await context.addInitScript((css) => {
    const add = () => {
      const style = document.createElement('style');
      style.setAttribute('data-visual', 'still');
      style.textContent = css;
      document.head.append(style);
    };
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add, { once: true });
  }, STILL_CSS);
  return context;
}

/** @returns {Promise<{ ok: boolean, updated?: boolean, message: string }>} */
async function runShot(context, origin, shot) {
  // Each story starts from the same instant and from empty storage and cookies (a fresh page
  // has its own sessionStorage; localStorage and cookies are shared by the context).
  await context.clock.setSystemTime(FIXED_START);
  await context.clearCookies();
  const page = await context.newPage();
  try {
    await page.setViewportSize(shot.viewport);
    // a11y.manual skips the axe run after each story: the story tests check accessibility,
    // and it would only slow the screenshots down.
    const url =
      `${origin}/iframe.html?id=${encodeURIComponent(shot.id)}&viewMode=story` +
      '&globals=a11y.manual:!true';
    await page.goto(url, { waitUntil: 'load', timeout: STORY_TIMEOUT_MS });
    let errors;
    try {
      errors = await waitForStory(page);
    } catch {
      return { ok: false, message: `did not finish rendering within ${STORY_TIMEOUT_MS / 1000} s` };
    }
    if (errors.length > 0) return { ok: false, message: errors.join(' | ') };
    const storyViewport = await page.evaluate(readStoryViewport, STORYBOOK_VIEWPORTS);
    const tolerance = (await page.evaluate(readStoryTolerance)) ?? MAX_DIFF_RATIO;
    if (storyViewport) await page.setViewportSize(storyViewport);
    await waitForQuiet(page);

    const actual = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    const file = `${shot.name}.png`;
    await writeFile(path.join(ACTUAL_DIR, file), actual);
    const baselinePath = path.join(BASELINE_DIR, file);
    const baseline = existsSync(baselinePath) ? await readFile(baselinePath) : null;

    if (baseline === null) {
      if (update) {
        await writeFile(baselinePath, actual);
        return { ok: true, updated: true, message: 'new baseline written' };
      }
      return {
        ok: false,
        message: `no baseline for ${shot.name}: run npm run visual:update and commit visual-baseline/`,
      };
    }
    const result = comparePngs(baseline, actual, tolerance);
    if (result.ok) {
      // Shown so a small change under the tolerance is still visible to whoever reads the log.
      const note = result.diffPixels > 0 ? `${result.diffPixels} px differ, within tolerance` : '';
      return { ok: true, message: note };
    }
    await writeFile(path.join(DIFF_DIR, file), result.diff);
    if (update) {
      await writeFile(baselinePath, actual);
      return { ok: true, updated: true, message: 'baseline updated' };
    }
    const what = result.sizeChanged
      ? `size changed from ${result.expectedSize} to ${result.actualSize}, `
      : '';
    return {
      ok: false,
      message:
        `${what}${result.diffPixels} pixels differ (${(result.ratio * 100).toFixed(3)} %, ` +
        `limit ${(tolerance * 100).toFixed(1)} %); see .visual/diff/${file}`,
    };
  } finally {
    await page.evaluate(() => localStorage.clear()).catch(() => {});
    await page.close();
  }
}

/**
 * Baselines whose story is gone: removed with --update; otherwise each is listed and the count is
 * returned, because a stale baseline fails the comparison (nothing would ever check it again).
 */
async function handleStaleBaselines(shots) {
  const wanted = new Set(shots.map((shot) => `${shot.name}.png`));
  const files = (await readdir(BASELINE_DIR)).filter((file) => file.endsWith('.png'));
  const stale = files.filter((file) => !wanted.has(file));
  for (const file of stale) {
    if (update) {
      await rm(path.join(BASELINE_DIR, file));
      console.log(`- removed stale baseline visual-baseline/${file}`);
    } else {
      console.log(`✗ stale baseline visual-baseline/${file}: no story produces it any more`);
    }
  }
  return update ? 0 : stale.length;
}

async function main() {
  if (forceBuild || !existsSync(path.join(STATIC_DIR, 'index.json'))) buildStorybook();
  await Promise.all([
    mkdir(BASELINE_DIR, { recursive: true }),
    rm(path.join(ROOT, '.visual'), { recursive: true, force: true }).then(() =>
      Promise.all([mkdir(ACTUAL_DIR, { recursive: true }), mkdir(DIFF_DIR, { recursive: true })]),
    ),
  ]);
  const shots = await listShots();
  if (shots.length === 0) {
    console.error(filters.length ? `No story matches ${filters.join(', ')}.` : 'No stories found.');
    process.exit(1);
  }

  const server = await serveStatic(STATIC_DIR);
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    // Same glyph rasterisation on every run of the same machine kind.
    args: [...chromiumLaunchOptions.args, '--font-render-hinting=none', '--disable-lcd-text'],
  });
  let passed = 0;
  let failed = 0;
  let updated = 0;
  const queue = [...shots];
  const worker = async () => {
    const context = await newWorkerContext(browser);
    for (let shot = queue.shift(); shot; shot = queue.shift()) {
      let result;
      try {
        result = await runShot(context, server.origin, shot);
      } catch (error) {
        result = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      if (result.ok) {
        passed += 1;
        if (result.updated) updated += 1;
        console.log(`✓ ${shot.name}${result.message ? ` (${result.message})` : ''}`);
      } else {
        failed += 1;
        console.log(`✗ ${shot.name}: ${result.message}`);
      }
    }
    await context.close();
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await browser.close();
    await server.close();
  }
  // A filtered run sees only part of the stories, so it cannot tell which baselines are stale
  // (and --update with words never deletes the others' baselines).
  const stale = filters.length === 0 ? await handleStaleBaselines(shots) : 0;
  if (update) console.log(`${updated} baseline(s) written to visual-baseline/`);
  console.log(`${passed} passed, ${failed} failed${stale > 0 ? `, ${stale} stale` : ''}`);
  if (stale > 0) {
    console.error(
      `${stale} stale baseline(s) in visual-baseline/ belong to no story. ` +
        'Run `npm run visual:update` to remove them, then commit visual-baseline/.',
    );
  }
  process.exit(failed > 0 || stale > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
