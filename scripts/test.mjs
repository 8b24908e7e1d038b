// npm test: every vitest project, in lanes side by side (--stories-only: the stories lane alone).
//
// - node: rules, auth, ui (jsdom) and api (PGlite), one worker;
// - stories: the storybook project in chromium, in VITRINE_STORY_SHARDS runs (default 1), each
//   with its own browser. A story's work is JavaScript in the page's renderer, and one browser runs
//   every story's page in one renderer process (measured: 21 of 22 min of renderer time in one
//   process): separate runs give each its own core, which pays on a machine with cores to spare.
//
// One vitest run cannot do this (projects of different worker counts run one after the other),
// so each lane is its own run; the stories' output is printed when they end, so the lanes never
// interleave. Any other argument goes to every run; `--outputFile=<f>.json` becomes
// `<f>.node.json` and `<f>.storybook.json` (`<f>.storybook-<k>.json` when split;
// scripts/summarise-tests.mjs reads them all).
//   npm test
//   VITRINE_VISUAL=compare npm test -- --reporter=default --reporter=json --outputFile=out/v.json
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storiesEnv } from './lib/stories-env.mjs';
import { resetVisualDir, visualModeFromEnv } from './lib/visual-shot.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = path.join(ROOT, 'node_modules', '.bin', 'vitest');
// --stories-only (npm run test:stories): the stories lane alone.
const storiesOnly = process.argv.includes('--stories-only');
const args = process.argv.slice(2).filter((arg) => arg !== '--stories-only');
// One run by default: on CI's two cores, two runs beside the node lane took longer in all (each
// run transforms and warms up everything again, and three lanes fight for two cores: stories
// 2,400 s and 2,133 s, node lane 2,652 s, against 2,066 s and 2,098 s with one run).
const shards = Math.max(1, Number.parseInt(process.env.VITRINE_STORY_SHARDS ?? '1', 10) || 1);

function laneArgs(lane) {
  return args.map((arg) => {
    const match = /^--outputFile=(.+)\.json$/.exec(arg);
    return match ? `--outputFile=${match[1]}.${lane}.json` : arg;
  });
}

function run(command, commandArgs, { buffered = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
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

// The shards share .visual/ (what was shot, the differences): emptied once here, not by each.
if (visualModeFromEnv() !== 'off') await resetVisualDir();

const storyRuns = Array.from({ length: shards }, (_, index) => {
  const shard = index + 1;
  const lane = shards === 1 ? 'storybook' : `storybook-${shard}`;
  return run(
    VITEST,
    [
      'run',
      '--project',
      'storybook',
      // One run: vitest's two pages (one renderer, but their waits overlap).
      shards === 1 ? '--maxWorkers=2' : '--maxWorkers=1',
      ...(shards === 1 ? [] : [`--shard=${shard}/${shards}`]),
      '--passWithNoTests',
      ...laneArgs(lane),
    ],
    {
      buffered: true,
      env: {
        ...storiesEnv(),
        VITRINE_VISUAL_DIR_READY: '1',
        // Each run optimises the stories' dependencies into its own folder (two runs writing one
        // folder would reload each other's pages).
        ...(shards === 1 ? {} : { VITRINE_VITE_CACHE_SUFFIX: `shard-${shard}` }),
      },
    },
  );
});

// A file filter meant for one lane finds nothing in the others: those pass with no tests.
const node = storiesOnly
  ? { code: 0, output: '', seconds: 0 }
  : await run(VITEST, [
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
    ]);
// VITRINE_NODE_LANE_DONE=<file>: "<exit code> <seconds>" is written there when the node lane ends,
// while the stories run on (.ci/run starts the journeys and the PostgreSQL pass then, on the core
// the node lane leaves idle).
if (process.env.VITRINE_NODE_LANE_DONE) {
  await writeFile(process.env.VITRINE_NODE_LANE_DONE, `${node.code} ${node.seconds}\n`);
}
const stories = await Promise.all(storyRuns);
stories.forEach((result, index) => {
  console.log(`\n::: the stories in chromium, run ${index + 1} of ${shards} (beside the others)\n`);
  process.stdout.write(result.output);
});
const storiesFailed = stories.find((result) => result.code !== 0);
console.log(
  (storiesOnly
    ? '\nnpm test: '
    : `\nnpm test: node projects ${node.code === 0 ? 'passed' : 'FAILED'} in ${node.seconds} s; `) +
    stories
      .map(
        (result, index) =>
          `stories ${shards === 1 ? '' : `${index + 1}/${shards} `}` +
          `${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds} s`,
      )
      .join('; '),
);
process.exitCode = node.code !== 0 ? node.code : (storiesFailed?.code ?? 0);
