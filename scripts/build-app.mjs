#!/usr/bin/env node
// Builds the app: the browser's files (vite build: dist/app) and the server's entry that renders
// the storefront's pages (vite build --ssr: dist/server/entry-server.js, beside the app's folder,
// where the API server looks for it, config.ts serverEntry).
//
//   node scripts/build-app.mjs [--outDir <app dir>] [--logLevel <level>]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);

function option(name, fallback) {
  const at = argv.indexOf(name);
  return at >= 0 && argv[at + 1] ? argv[at + 1] : fallback;
}

const appDir = path.resolve(ROOT, option('--outDir', 'dist/app'));
const serverDir = path.join(path.dirname(appDir), 'server');
const logLevel = option('--logLevel', 'info');
const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');

function build(args) {
  const result = spawnSync(vite, ['build', '--logLevel', logLevel, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

build(['--outDir', appDir, '--emptyOutDir']);
build(['--ssr', 'src/entry-server.tsx', '--outDir', serverDir, '--emptyOutDir']);
