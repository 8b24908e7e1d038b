// Offline visual regression: runs the stories as tests (vitest's storybook project, Debian's
// chromium) and, in that same pass, screenshots every story and compares it with the committed
// baseline in visual-baseline/ (.storybook/vitest.setup.ts and scripts/lib/visual-shot.mjs).
// CI gets the same pass from `VITRINE_VISUAL=compare npm test`, then runs `--stale-only`.
//
//   npm run visual                  compare every story
//   npm run visual -- login reset   only the stories whose id contains one of the words
//   npm run visual:update           write missing or changed baselines, remove stale ones
//   npm run visual:update -- word   only those stories' baselines; never removes any
//   npm run visual -- --stale-only  only the stale-baseline check of the last full run
//
// A story may set parameters.visual = { maxDiffRatio, reason } for a looser comparison (with a
// written reason).
//
// A baseline no story produces any more (stale) fails an unfiltered comparison.
//
// A story is shot at 1280x800, or at the Storybook preset its viewport global names
// (globals: { viewport: { value: 'mobile1' } }); one tagged 'mobile' is also rendered and shot at
// 375x812 (`<id>@mobile`); the tag 'skip-visual' leaves it out. The clock starts at the same
// instant for every story and animations are off. Results go to .visual/actual and .visual/diff
// (git-ignored).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASELINE_DIR, PLANNED_FILE, UPDATED_FILE } from './lib/visual-shot.mjs';
import { storiesEnv } from './lib/stories-env.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STORIES_DIR = path.join(ROOT, 'stories');

const argv = process.argv.slice(2);
const update = argv.includes('--update');
const staleOnly = argv.includes('--stale-only');
const filters = argv.filter((arg) => !arg.startsWith('--'));

/** Storybook's id sanitising (storybook/internal/csf `sanitize`). */
function sanitize(text) {
  return text
    .toLowerCase()
    .replace(/[ ’–—―′¿'`~!@#$%^&*()_|+\-=?;:'",.<>{}[\]\\/]/gi, '-')
    .replace(/-+/g, '-')
    .replace(/^-+/, '')
    .replace(/-+$/, '');
}

/** 'TwoLevels' -> 'Two Levels', as Storybook names a story from its export. */
function storyNameFromExport(key) {
  return key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2');
}

/**
 * The story files that may hold a story matching the filters: their title and export names give
 * the ids. A file whose title is not written out is kept (the browser side filters by the real
 * id in any case, so this only saves time).
 */
async function storyFilesFor(words) {
  const files = (await readdir(STORIES_DIR, { recursive: true }))
    .filter((file) => /\.stories\.tsx?$/.test(file))
    .map((file) => path.join(STORIES_DIR, file));
  const chosen = [];
  for (const file of files) {
    const source = await readFile(file, 'utf8');
    const title = /\btitle:\s*['"`]([^'"`]+)['"`]/.exec(source)?.[1];
    if (!title) {
      chosen.push(file);
      continue;
    }
    // A meta's `id` (written right after its title) names its stories instead of the title: the
    // workshop's Portuguese titles keep the ids, and baselines, of the English ones.
    const metaId = /\btitle:\s*['"`][^'"`]+['"`],\s*id:\s*['"`]([^'"`]+)['"`]/.exec(source)?.[1];
    const base = metaId ?? sanitize(title);
    const exports = [...source.matchAll(/export const (\w+)/g)].map((match) => match[1] ?? '');
    const ids = exports.map((key) => `${base}--${sanitize(storyNameFromExport(key))}`);
    if (ids.some((id) => words.some((word) => id.includes(word)))) chosen.push(file);
  }
  return chosen.map((file) => path.relative(ROOT, file));
}

async function linesOf(file) {
  if (!existsSync(file)) return [];
  return (await readFile(file, 'utf8')).split('\n').filter(Boolean);
}

/**
 * Baselines whose story is gone: removed with --update; otherwise each is listed and the count is
 * returned, because a stale baseline fails the comparison (nothing would ever check it again).
 * The run's planned shots (.visual/planned.txt) say which baselines are still wanted.
 */
async function handleStaleBaselines() {
  if (!existsSync(PLANNED_FILE)) {
    console.error('No .visual/planned.txt: run the stories with VITRINE_VISUAL first.');
    return 1;
  }
  const wanted = new Set((await linesOf(PLANNED_FILE)).map((name) => `${name}.png`));
  if (wanted.size === 0) {
    console.error('The last run planned no screenshot: was VITRINE_VISUAL set?');
    return 1;
  }
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
  if (!update && stale.length > 0) {
    console.error(
      `${stale.length} stale baseline(s) in visual-baseline/ belong to no story. ` +
        'Run `npm run visual:update` to remove them, then commit visual-baseline/.',
    );
  }
  console.log(`visual: ${wanted.size} shots planned, ${stale.length} stale baseline(s)`);
  return update ? 0 : stale.length;
}

async function main() {
  if (staleOnly) process.exit((await handleStaleBaselines()) > 0 ? 1 : 0);

  const files = filters.length > 0 ? await storyFilesFor(filters) : [];
  if (filters.length > 0 && files.length === 0) {
    console.error(`No story matches ${filters.join(', ')}.`);
    process.exit(1);
  }
  const result = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'vitest'),
    ['run', '--project', 'storybook', ...files],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        ...storiesEnv(),
        VITRINE_VISUAL: update ? 'update' : 'compare',
        VITRINE_VISUAL_FILTER: filters.join(','),
      },
    },
  );
  if (result.error) throw result.error;
  const status = result.status ?? 1;
  const planned = await linesOf(PLANNED_FILE);
  if (planned.length === 0 && filters.length > 0)
    console.error(`No story matches ${filters.join(', ')}.`);
  if (update)
    console.log(`${(await linesOf(UPDATED_FILE)).length} baseline(s) written to visual-baseline/`);
  // A filtered or failed run saw only part of the stories, so it cannot tell which baselines are
  // stale (and --update with words never deletes the others' baselines).
  const stale = filters.length === 0 && status === 0 ? await handleStaleBaselines() : 0;
  process.exit(status !== 0 || stale > 0 || planned.length === 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
