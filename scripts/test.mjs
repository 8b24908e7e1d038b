// npm test: every vitest project, in two lanes side by side.
//
// - node: rules, auth, ui (jsdom) and api (PGlite), one worker;
// - browser: the stories in chromium, two pages at once (a story mostly waits: mocked requests,
//   module loading, the quiet network before its screenshot; one page left a core idle).
//
// One vitest run cannot do this (projects of different worker counts run one after the other),
// so each lane is its own run; the browser lane's output is printed when it ends, so the two never
// interleave. Any other argument goes to both runs; `--outputFile=<f>.json` becomes
// `<f>.node.json` and `<f>.storybook.json` (scripts/summarise-tests.mjs reads both).
//   npm test
//   VITRINE_VISUAL=compare npm test -- --reporter=default --reporter=json --outputFile=out/v.json
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = path.join(ROOT, 'node_modules', '.bin', 'vitest');
const args = process.argv.slice(2);

function laneArgs(lane) {
  return args.map((arg) => {
    const match = /^--outputFile=(.+)\.json$/.exec(arg);
    return match ? `--outputFile=${match[1]}.${lane}.json` : arg;
  });
}

function run(command, commandArgs, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) =>
      resolve({
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(chunks).toString(),
        seconds: Math.round((Date.now() - started) / 1000),
      }),
    );
  });
}

// A file filter meant for one lane finds nothing in the other: that lane passes with no tests.
const [node, browser] = await Promise.all([
  run(VITEST, [
    'run',
    '--project',
    'rules',
    '--project',
    'auth',
    '--project',
    'ui',
    '--project',
    'api',
    '--passWithNoTests',
    ...laneArgs('node'),
  ]),
  run(
    VITEST,
    [
      'run',
      '--project',
      'storybook',
      '--maxWorkers=2',
      '--passWithNoTests',
      ...laneArgs('storybook'),
    ],
    { buffered: true },
  ),
]);
console.log(`\n::: the stories in chromium (ran beside the node projects)\n`);
process.stdout.write(browser.output);
console.log(
  `\nnpm test: node projects ${node.code === 0 ? 'passed' : 'FAILED'} in ${node.seconds} s; ` +
    `stories ${browser.code === 0 ? 'passed' : 'FAILED'} in ${browser.seconds} s`,
);
process.exitCode = node.code !== 0 ? node.code : browser.code;
