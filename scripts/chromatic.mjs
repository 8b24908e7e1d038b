// Uploads the built Storybook to Chromatic when CHROMATIC_PROJECT_TOKEN is set; otherwise says so
// and succeeds, because the offline comparison (npm run visual) covers the same ground in CI.
//
//   CHROMATIC_PROJECT_TOKEN=... npm run chromatic [-- extra chromatic flags]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILD_DIR = 'storybook-static';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!process.env.CHROMATIC_PROJECT_TOKEN?.trim()) {
  console.log(
    'CHROMATIC_PROJECT_TOKEN is not set: skipping the Chromatic upload. ' +
      'The offline visual comparison is `npm run visual`.',
  );
  process.exit(0);
}

if (!existsSync(path.join(ROOT, BUILD_DIR, 'index.json'))) {
  const status = run('npx', ['storybook', 'build', '--quiet', '-o', BUILD_DIR]);
  if (status !== 0) process.exit(status);
}

// The CLI reads the token from CHROMATIC_PROJECT_TOKEN itself, so it never shows up in `ps`.
// Visual changes are reviewed in Chromatic's UI, so they do not fail the command; render errors do.
const bin = path.join(ROOT, 'node_modules', '.bin', 'chromatic');
process.exit(
  run(bin, [
    '--storybook-build-dir',
    BUILD_DIR,
    '--exit-zero-on-changes',
    '--no-interactive',
    ...process.argv.slice(2),
  ]),
);
