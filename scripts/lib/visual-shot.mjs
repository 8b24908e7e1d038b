// The Node half of the visual comparison, run inside the story tests' own browser pass (vitest's
// storybook project with VITRINE_VISUAL=compare or update): vitest browser commands that wait
// for the story to settle, take its full-page screenshot at the size asked for and compare it
// with visual-baseline/. The browser half is .storybook/vitest.setup.ts.
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparePngs, MAX_DIFF_RATIO } from './compare.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BASELINE_DIR = path.join(ROOT, 'visual-baseline');
export const VISUAL_DIR = path.join(ROOT, '.visual');
export const ACTUAL_DIR = path.join(VISUAL_DIR, 'actual');
export const DIFF_DIR = path.join(VISUAL_DIR, 'diff');
/** Every shot the run meant to take, one name a line (read by the stale-baseline check). */
export const PLANNED_FILE = path.join(VISUAL_DIR, 'planned.txt');
/** Baselines the run wrote (visual:update), one name a line. */
export const UPDATED_FILE = path.join(VISUAL_DIR, 'updated.txt');

/** 'off' (plain test run), 'compare' (fail on a difference) or 'update' (rewrite baselines). */
export function visualModeFromEnv() {
  const value = (process.env.VITRINE_VISUAL ?? '').trim().toLowerCase();
  if (value === '' || value === '0' || value === 'false' || value === 'off') return 'off';
  if (value === 'update') return 'update';
  return 'compare';
}

/** Words a story id must contain (any of them) to be shot; empty means every story. */
export function visualFiltersFromEnv() {
  return (process.env.VITRINE_VISUAL_FILTER ?? '')
    .split(/[\s,]+/)
    .map((word) => word.trim())
    .filter(Boolean);
}

/** Empties .visual/ (git-ignored) before a run that takes screenshots. */
export async function resetVisualDir() {
  await rm(VISUAL_DIR, { recursive: true, force: true });
  await Promise.all([
    mkdir(ACTUAL_DIR, { recursive: true }),
    mkdir(DIFF_DIR, { recursive: true }),
    mkdir(BASELINE_DIR, { recursive: true }),
  ]);
  await Promise.all([writeFile(PLANNED_FILE, ''), writeFile(UPDATED_FILE, '')]);
}

/**
 * A long-lived stream (the dashboard's live order events: a fetch that asks for
 * text/event-stream, or an EventSource) is never 'finished': it does not count, or every story
 * with it would wait the whole 5 s limit.
 */
function isStream(request) {
  if (request.resourceType() === 'eventsource') return true;
  const accept = request.headers()['accept'] ?? '';
  return accept.includes('text/event-stream');
}

// Network idle as Playwright means it: no request in flight for 500 ms. Tracked per page from
// Node, because requests answered by MSW's service worker, lazy chunks and images all count.
const trackers = new WeakMap();
function trackerOf(page) {
  let tracker = trackers.get(page);
  if (tracker) return tracker;
  tracker = { inFlight: new Set(), lastChange: Date.now() };
  const start = (request) => {
    if (isStream(request)) return;
    tracker.inFlight.add(request);
    tracker.lastChange = Date.now();
  };
  const end = (request) => {
    tracker.inFlight.delete(request);
    tracker.lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  trackers.set(page, tracker);
  return tracker;
}

async function waitForNetworkIdle(page, { idleMs = 500, timeoutMs = 5_000 } = {}) {
  const tracker = trackerOf(page);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (tracker.inFlight.size === 0 && Date.now() - tracker.lastChange >= idleMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs in the story's frame: every image loaded (lazy ones made eager, at most 5 s each), web
 * fonts loaded, the page scrolled to the top and two frames painted. Lazy images below the fold
 * would otherwise load or not depending on the run, and a play function that focused a field
 * further down leaves the page scrolled, which moves sticky panels.
 */
async function settleInPage() {
  const images = [...document.images];
  for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
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
}

/** The document's full size in the frame, as Playwright's full-page screenshot measures it. */
function documentSize() {
  const html = document.documentElement;
  const body = document.body;
  return {
    width: Math.max(html.scrollWidth, body?.scrollWidth ?? 0, html.clientWidth),
    height: Math.max(html.scrollHeight, body?.scrollHeight ?? 0, html.clientHeight),
  };
}

/**
 * Full-page screenshot of the test frame: the frame is laid out at the shot's viewport, then
 * grown to the document's height (as a full-page screenshot does) and captured at scale 1.
 */
async function captureFrame(context, viewport) {
  const page = context.page;
  const frame = await context.frame();
  const iframe = await frame.frameElement();
  const size = await frame.evaluate(documentSize);
  const width = Math.max(viewport.width, size.width);
  const height = Math.max(viewport.height, size.height);
  const pageViewport = page.viewportSize();
  const previousStyle = await iframe.evaluate((element) => element.parentElement?.style.cssText);
  if (pageViewport && (pageViewport.width < width || pageViewport.height < height))
    await page.setViewportSize({
      width: Math.max(pageViewport.width, width),
      height: Math.max(pageViewport.height, height),
    });
  try {
    await iframe.evaluate(
      (element, box) => {
        if (element.parentElement)
          element.parentElement.style.cssText = `width:${box.width}px;height:${box.height}px;transform:none;`;
      },
      { width, height },
    );
    await frame.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    return await iframe.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  } finally {
    await iframe.evaluate((element, style) => {
      if (element.parentElement && style !== undefined) element.parentElement.style.cssText = style;
    }, previousStyle);
    if (pageViewport) await page.setViewportSize(pageViewport);
  }
}

/**
 * Compares (or, with update, writes) one shot. Writes the shot to .visual/actual and a
 * difference image to .visual/diff when they differ.
 * @returns {Promise<{ ok: boolean, updated?: boolean, message: string }>}
 */
async function compareShot(name, actual, tolerance, update, { attempt = false } = {}) {
  const file = `${name}.png`;
  await writeFile(path.join(ACTUAL_DIR, file), actual);
  const baselinePath = path.join(BASELINE_DIR, file);
  const baseline = existsSync(baselinePath) ? await readFile(baselinePath) : null;
  if (baseline === null) {
    if (attempt) return { ok: false, message: '' };
    if (update) {
      await writeFile(baselinePath, actual);
      return { ok: true, updated: true, message: 'new baseline written' };
    }
    return {
      ok: false,
      message: `no baseline for ${name}: run npm run visual:update and commit visual-baseline/`,
    };
  }
  // The same bytes: the same picture (a PNG from the same machine kind encodes the same pixels
  // the same way), without decoding either.
  if (baseline.equals(actual)) return { ok: true, message: '' };
  const result = comparePngs(baseline, actual, tolerance);
  if (attempt && !result.ok) return { ok: false, message: '' };
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
}

/**
 * The browser commands of the storybook project (`commands.visualShot(...)` in the browser).
 * @param {'compare' | 'update'} mode
 */
export function visualCommands(mode) {
  return {
    /** Starts watching the page's requests before the first story renders. */
    async visualPrepare(context) {
      trackerOf(context.page);
    },
    /** Records shots the run meant to take but could not (their story failed first). */
    async visualPlanned(_context, names) {
      await appendFile(PLANNED_FILE, names.map((name) => `${name}\n`).join(''));
    },
    /**
     * Settles the story already laid out at `viewport`, then shoots and compares it.
     *
     * Comparing, a first shot is taken as soon as the network has been quiet for 150 ms (or after
     * 1.5 s: a loading story keeps its request open for ever): when it
     * matches the baseline, the story had settled and nothing more is waited for (most stories;
     * this saves about 0.8 s a shot). Otherwise, and always when updating, the shot is taken again
     * after the full settling (500 ms of quiet network, then 500 ms more), and that one counts.
     */
    async visualShot(context, shot) {
      await appendFile(PLANNED_FILE, `${shot.name}\n`);
      const frame = await context.frame();
      const tolerance = shot.tolerance ?? MAX_DIFF_RATIO;
      if (mode === 'compare') {
        await waitForNetworkIdle(context.page, { idleMs: 150, timeoutMs: 1_500 });
        await frame.evaluate(settleInPage);
        const early = await captureFrame(context, shot.viewport);
        const quick = await compareShot(shot.name, early, tolerance, false, { attempt: true });
        if (quick.ok) return quick;
      }
      await waitForNetworkIdle(context.page);
      await frame.evaluate(settleInPage);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const actual = await captureFrame(context, shot.viewport);
      const result = await compareShot(shot.name, actual, tolerance, mode === 'update');
      if (result.updated) await appendFile(UPDATED_FILE, `${shot.name}\n`);
      return result;
    },
  };
}
