// The server's declared module graph (module-graph.json) against the real imports, and the lint
// rule that keeps them in step (eslint.config.js).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

import { cyclicGroups, edgeCount, readModuleGraph } from '../scripts/module-graph';

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(apiDir, '../..');
const declared = new Map(
  Object.entries(
    (
      JSON.parse(readFileSync(resolve(apiDir, 'module-graph.json'), 'utf8')) as {
        modules: Record<string, string[]>;
      }
    ).modules,
  ),
);

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

  it('keeps lib/ free of domain modules', async () => {
    const messages = await lint(
      'packages/api/src/lib/new.ts',
      "export * from '../modules/catalog/catalog.repository';\n",
    );
    expect(messages).toHaveLength(1);
  }, 60_000);
});
