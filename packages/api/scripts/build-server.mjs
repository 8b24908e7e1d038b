// Builds the API server to JavaScript once (`npm start` runs it with plain node, no tsx at run
// time): src/main.ts and what it imports, @vitrine/* workspace packages included, into one ES module
// at dist/server.mjs; every other package stays an import from node_modules.
//
// A module that finds files beside itself (the migrations, the schema, the repository root) reads
// `import.meta.url`; in one bundle every module would share the bundle's URL. Each module's
// `import.meta.url` is therefore rewritten to its own source file's URL, computed from the
// bundle's location, so those paths resolve exactly as they do under tsx.
//
//   node packages/api/scripts/build-server.mjs        (npm run build -w @vitrine/api)
//   node packages/api/scripts/build-server.mjs --outfile=/tmp/x/server.mjs   (tests: a copy of
//                                                     their own, where no other run rebuilds it)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = path.join(API_ROOT, 'dist', 'server.mjs');

/** @returns {import('esbuild').Plugin} */
function ownImportMetaUrl(outfile) {
  return {
    name: 'own-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
        const own = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
      });
    },
  };
}

/**
 * Bare imports stay imports from node_modules (found from the bundle's folder, so a bundle lives
 * inside the repository), except the workspace's own packages.
 * @type {import('esbuild').Plugin}
 */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vitrine/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(outfile = SERVER_BUNDLE) {
  const started = performance.now();
  await build({
    entryPoints: [path.join(API_ROOT, 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl(outfile), externalPackages],
  });
  return Math.round(performance.now() - started);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = process.argv
    .slice(2)
    .find((arg) => arg.startsWith('--outfile='))
    ?.slice('--outfile='.length);
  const target = outfile ? path.resolve(outfile) : SERVER_BUNDLE;
  const ms = await buildServer(target);
  console.log(`API server built in ${ms} ms: ${path.relative(process.cwd(), target)}`);
}
