// The route table of the preloads against the app's real modules and a damaged manifest.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../config';
import { createRoutePreloads, readBuildManifest, ROUTE_MODULES } from './route-preload';

describe('route preloads', () => {
  it("names modules that exist in packages/app's build (the manifest's keys)", () => {
    const keys = new Set(ROUTE_MODULES.flatMap(([, modules]) => modules));
    for (const key of keys) {
      expect(existsSync(path.join(REPOSITORY_ROOT, 'packages', 'app', key)), key).toBe(true);
    }
  });

  it('maps each page of routes.tsx to its area and page', () => {
    const modulesOf = (pathname: string) =>
      ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1];
    expect(modulesOf('/')).toContain('../ui/src/entries/storefront/home.ts');
    expect(modulesOf('/marcas/aurora')).toContain('../ui/src/entries/storefront/brand.ts');
    expect(modulesOf('/busca')).toContain('../ui/src/entries/storefront/listing.ts');
    expect(modulesOf('/categoria/vestidos')).toContain('../ui/src/entries/storefront/listing.ts');
    expect(modulesOf('/produto/vestido-linho')).toContain(
      '../ui/src/entries/storefront/product.ts',
    );
    expect(modulesOf('/pedido/confirmado/1042')).toContain('src/areas/checkout.tsx');
    expect(modulesOf('/privacidade')).toContain('../ui/src/entries/storefront/institutional.ts');
    const dashboard = ['src/routing/commonStep.ts', 'src/startApp.tsx', 'src/areas/dashboard.tsx'];
    expect(modulesOf('/senha/redefinir')).toEqual(dashboard);
    expect(modulesOf('/dashboard')).toEqual(dashboard);
    // Every page runs the app's later boot steps first (main.tsx imports them after its own).
    for (const [, modules] of ROUTE_MODULES) {
      expect(modules.slice(0, 2)).toEqual(['src/routing/commonStep.ts', 'src/startApp.tsx']);
    }
    expect(modulesOf('/nada/aqui')).toContain('src/areas/notFound.tsx');
    // Storefront pages never preload the dashboard.
    for (const pathname of ['/', '/produto/x', '/checkout', '/nada/aqui']) {
      expect(modulesOf(pathname), pathname).not.toContain('src/areas/dashboard.tsx');
    }
  });

  it('preloads nothing without a readable manifest, and never a name that is not a script file', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'vitrine-manifest-'));
    try {
      expect(readBuildManifest(dist)).toBeNull();
      await mkdir(path.join(dist, '.vite'));
      await writeFile(path.join(dist, '.vite', 'manifest.json'), '{not json');
      expect(readBuildManifest(dist)).toBeNull();
      await writeFile(path.join(dist, '.vite', 'manifest.json'), '[1, 2]');
      expect(readBuildManifest(dist)).toBeNull();
      expect(createRoutePreloads(null)('/')).toBe('');
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
    const preloads = createRoutePreloads({
      'src/areas/storefront.tsx': { file: 'assets/storefront-1.js', imports: ['_evil'] },
      _evil: { file: 'assets/x.js"><script>alert(1)</script>' },
      '../ui/src/entries/storefront/home.ts': { file: 'assets/home-2.js', imports: ['_loop'] },
      _loop: { file: 'assets/loop-3.js', imports: ['../ui/src/entries/storefront/home.ts'] },
    });
    expect(preloads('/')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/storefront-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/loop-3.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/home-2.js">',
    );
  });
});
