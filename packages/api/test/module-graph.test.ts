// The server's declared module graph (module-graph.json) against the real imports, and the lint
// rule that keeps them in step (eslint.config.js).
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

import {
  cyclicGroups,
  edgeCount,
  LAYERS,
  readLayerImports,
  readModuleGraph,
} from '../scripts/module-graph';

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(apiDir, '../..');
const declaration = JSON.parse(readFileSync(resolve(apiDir, 'module-graph.json'), 'utf8')) as {
  modules: Record<string, string[]>;
  layers: Record<string, { files?: string[]; modules?: string[] }>;
};
const declared = new Map(Object.entries(declaration.modules));

/** A file name pattern of module-graph.json ("*.tables.ts": `*` stands for any characters). */
const fileNamePattern = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

describe('the declared module graph', () => {
  it('has no cycle', () => {
    expect(cyclicGroups(declared)).toEqual([]);
  });

  it('is the graph of the real imports, module for module and edge for edge', () => {
    const real = readModuleGraph();
    expect(real.modules).toEqual([...declared.keys()].sort());
    expect(Object.fromEntries(real.edges)).toEqual(
      Object.fromEntries([...declared].map(([name, targets]) => [name, [...targets].sort()])),
    );
    expect(edgeCount(real.edges)).toBe(edgeCount(declared));
  });

  it('declares what db/, graphql/ and plugins/ import from the modules, entry for entry', () => {
    const real = readLayerImports();
    expect(Object.keys(declaration.layers).sort()).toEqual([...LAYERS]);
    for (const layer of LAYERS) {
      const allowed = declaration.layers[layer]!;
      const imports = real.get(layer) ?? [];
      // Either kinds of files (in any module) or modules (any file of them), not both.
      expect([allowed.files, allowed.modules].filter(Boolean)).toHaveLength(1);
      if (allowed.files) {
        const patterns = allowed.files.map(fileNamePattern);
        const undeclared = imports.filter(
          (item) => !patterns.some((pattern) => pattern.test(basename(item.file))),
        );
        expect(undeclared, `${layer}/ imports files it does not declare`).toEqual([]);
        const unused = allowed.files.filter(
          (pattern) => !imports.some((item) => fileNamePattern(pattern).test(basename(item.file))),
        );
        expect(unused, `${layer}/ declares files it never imports`).toEqual([]);
      } else {
        expect([...new Set(imports.map((item) => item.module))].sort(), layer).toEqual(
          [...allowed.modules!].sort(),
        );
      }
    }
  });
});

describe('lint of the module graph', () => {
  const eslint = new ESLint({ cwd: repoDir });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: resolve(repoDir, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-restricted-paths');
  };

  it('refuses an import the declaration does not allow (catalog -> orders)', async () => {
    const messages = await lint(
      'packages/api/src/modules/catalog/catalog.new.ts',
      "export { placeOrder } from '../orders/orders.service';\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toMatch(
      /declared module graph.*catalog may import audit, settings\./,
    );
  }, 60_000);

  it('accepts a declared import (orders -> catalog) and lets tests use any module', async () => {
    expect(
      await lint(
        'packages/api/src/modules/orders/orders.new.ts',
        "export * from '../catalog/catalog.repository';\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'packages/api/src/modules/catalog/catalog.new.test.ts',
        "export * from '../orders/orders.repository';\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('refuses db/ any module file but the tables, graphql/ any but resolvers and tables', async () => {
    const db = await lint(
      'packages/api/src/db/new.ts',
      "export * from '../modules/orders/orders.repository';\n",
    );
    expect(db).toHaveLength(1);
    expect(db[0]?.message).toMatch(/db\/ may import only the modules' \*\.tables\.ts files\./);
    expect(
      await lint(
        'packages/api/src/db/new.ts',
        "export * from '../modules/payments/pix-psp/pix-charges.tables';\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'packages/api/src/graphql/new.ts',
        "export { placeOrder } from '../modules/orders/orders.service';\n",
      ),
    ).toHaveLength(1);
    expect(
      await lint(
        'packages/api/src/graphql/new.ts',
        "export * from '../modules/orders/orders.staff.graphql';\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('refuses plugins/ a module it does not declare (orders), accepts a declared one (staff)', async () => {
    const messages = await lint(
      'packages/api/src/plugins/new.ts',
      "export { placeOrder } from '../modules/orders/orders.service';\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toMatch(/plugins\/ may import auth, catalog-cache, .*team\./);
    expect(
      await lint('packages/api/src/plugins/new.ts', "export * from '../modules/staff/password';\n"),
    ).toEqual([]);
    // Tests of plugins may use any module.
    expect(
      await lint(
        'packages/api/src/plugins/new.test.ts',
        "export * from '../modules/orders/orders.service';\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('keeps lib/ free of domain modules', async () => {
    const messages = await lint(
      'packages/api/src/lib/new.ts',
      "export * from '../modules/catalog/catalog.repository';\n",
    );
    expect(messages).toHaveLength(1);
  }, 60_000);
});
