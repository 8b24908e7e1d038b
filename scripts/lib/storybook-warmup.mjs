// A vitest browser command of the storybook project: transforms the preview and every ui module
// once, before the first story runs (called from a beforeAll hook in .storybook/vitest.setup.ts).
// On a cold start the first story would otherwise pay for transforming every module its lazy
// chunks reach, under its own 15 s test timeout.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LEFT_OUT = [/\.test\.tsx?$/, /\/test\//, /\/mocks\/server\.ts$/, /\.d\.ts$/];

let warming;

async function warm(vite) {
  const ui = (await readdir(path.join(ROOT, 'packages/ui/src'), { recursive: true }))
    .map((file) => `packages/ui/src/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !LEFT_OUT.some((rule) => rule.test(file)));
  const files = ['.storybook/preview.tsx', ...ui];
  const started = Date.now();
  await Promise.all(files.map((file) => vite.warmupRequest(`/${file}`)));
  return { modules: files.length, ms: Date.now() - started };
}

export const storybookWarmupCommands = {
  /** Transforms the stories' modules once per run; later calls wait for the same work. */
  async warmUpStories(context) {
    const vite = context.project.browser?.vite;
    if (!vite) return { modules: 0, ms: 0 };
    warming ??= warm(vite);
    return warming;
  },
};
