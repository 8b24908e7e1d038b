// `<link rel="modulepreload">` for the lazy chunks a page path runs first, read from the build's
// manifest (dist/app/.vite/manifest.json, vite.config.ts `build.manifest`). Without them the
// browser learns of the storefront shell and the page's chunk only once the entry script has
// downloaded and run: one more round trip before anything is drawn (562 ms on the phone profile
// of bench/web-vitals.ts). With them, those chunks download beside the entry. The bytes are the
// same: only modules the page imports anyway are named (static imports, never dynamic ones).
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export type BuildManifest = Record<string, ManifestChunk>;

// The lazy modules of packages/app/src/routes.tsx, by their manifest keys (paths from
// packages/app), after the app's later boot steps (routing/commonStep.ts and startApp.tsx, which
// main.tsx imports once its first step has run: every page needs them). A key the build does not
// have is skipped, so a renamed module costs a preload, never a page.
const COMMON_STEP = 'src/routing/commonStep.ts';
const START = 'src/startApp.tsx';
const STOREFRONT = 'src/areas/storefront.tsx';
const CHECKOUT = 'src/areas/checkout.tsx';
const DASHBOARD = 'src/areas/dashboard.tsx';
const NOT_FOUND = 'src/areas/notFound.tsx';
const PAGE = (name: string) => `../ui/src/entries/storefront/${name}.ts`;

/** The app's later boot steps: every page runs them before its own modules. */
const BOOT_STEPS = [COMMON_STEP, START];

/** Which lazy modules a path renders, in the order of routes.tsx; the first match wins. */
export const ROUTE_MODULES: readonly (readonly [RegExp, readonly string[]])[] = (
  [
    [/^\/$/, [STOREFRONT, PAGE('home')]],
    [/^\/marcas\/[^/]+\/?$/, [STOREFRONT, PAGE('brand')]],
    [/^\/(categoria\/[^/]+|busca)\/?$/, [STOREFRONT, PAGE('listing')]],
    [/^\/produto\/[^/]+\/?$/, [STOREFRONT, PAGE('product')]],
    // The 'Avise-me' confirmation link's page lives in the product page's chunk.
    [/^\/avise-me\/confirmar\/?$/, [STOREFRONT, PAGE('product')]],
    [/^\/(carrinho|checkout|pedido|pedido\/confirmado\/[^/]+)\/?$/, [STOREFRONT, CHECKOUT]],
    [/^\/(contato|trocas-e-devolucoes|privacidade)\/?$/, [STOREFRONT, PAGE('institutional')]],
    [/^\/(dashboard\/login|senha\/recuperar|senha\/redefinir|convite)\/?$/, [DASHBOARD]],
    [/^\/dashboard(\/.*)?$/, [DASHBOARD]],
    [/.*/, [STOREFRONT, NOT_FOUND]],
  ] as const
).map(([pattern, modules]) => [pattern, [...BOOT_STEPS, ...modules]] as const);

/** The build's manifest, or null when the build wrote none or it cannot be read. */
export function readBuildManifest(appDist: string): BuildManifest | null {
  try {
    const value: unknown = JSON.parse(
      readFileSync(path.join(appDist, '.vite', 'manifest.json'), 'utf8'),
    );
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    return value as BuildManifest;
  } catch {
    return null;
  }
}

/** The files of these chunks and of everything they import statically, in load order. */
function closure(manifest: BuildManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || typeof chunk.file !== 'string') return;
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
  };
  keys.forEach(visit);
  return files;
}

/** Only file names Vite writes (assets/name-hash.js): nothing that could break out of an attribute. */
const SAFE_FILE = /^[\w./-]+\.m?js$/;

/**
 * A function from a page path to the `<link rel="modulepreload">` tags of the chunks it runs
 * first, leaving out what the entry already loads (index.html preloads those). Computed once per
 * route: the build does not change while the server runs.
 */
export function createRoutePreloads(manifest: BuildManifest | null): (pathname: string) => string {
  if (!manifest) return () => '';
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedByEntry = new Set(entryKey ? closure(manifest, [entryKey]) : []);
  const tags = ROUTE_MODULES.map(([, keys]) =>
    closure(manifest, keys)
      .filter((file) => !loadedByEntry.has(file) && SAFE_FILE.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join(''),
  );
  return (pathname) => {
    const index = ROUTE_MODULES.findIndex(([pattern]) => pattern.test(pathname));
    return index === -1 ? '' : (tags[index] ?? '');
  };
}
