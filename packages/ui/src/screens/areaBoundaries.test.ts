// @vitest-environment node
// The dashboard imports nothing from the storefront's folders (issue 30): shared helpers live in
// screens/shared, and the storefront pages the dashboard previews are handed in
// (screens/shared/storefrontPreviews.tsx). Checked on the real files and through the lint rule
// that refuses a new such import (eslint.config.js).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(srcDir, '../../..');
const dashboardDirs = ['screens/dashboard', 'components/dashboard'].map((dir) =>
  resolve(srcDir, dir),
);
const storefrontDirs = ['screens/storefront', 'components/storefront'].map((dir) =>
  resolve(srcDir, dir),
);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => resolve(entry.parentPath, entry.name));
}

/** Every module specifier of a file: import/export ... from, import '...', import('...'). */
function importSpecifiers(code: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm;
  return [...code.matchAll(pattern)].map((match) => match[2] ?? '');
}

const inStorefront = (path: string) =>
  storefrontDirs.some((dir) => path === dir || path.startsWith(`${dir}/`));

describe('the dashboard and the storefront', () => {
  it('reads every kind of import', () => {
    expect(
      importSpecifiers(
        [
          "import { a } from '../a';",
          'import type { B } from "./b";',
          "export * from '../../c';",
          "import '../d.css';",
          "const E = lazy(() => import('../e'));",
          'import {\n  f,\n  g,\n} from "../fg";',
        ].join('\n'),
      ),
    ).toEqual(['../a', './b', '../../c', '../d.css', '../e', '../fg']);
  });

  it('no dashboard file imports from a storefront folder', () => {
    const files = dashboardDirs.flatMap(filesUnder);
    // The folders are where this test looks: an empty list would pass for the wrong reason.
    expect(files.length).toBeGreaterThan(100);
    const crossings = files.flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => inStorefront(resolve(dirname(file), specifier)))
        .map((specifier) => `${relative(srcDir, file)} -> ${specifier}`),
    );
    expect(crossings).toEqual([]);
  });

  describe('the lint rule', () => {
    const eslint = new ESLint({ cwd: repoDir });
    const lint = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: resolve(srcDir, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-restricted-paths');
    };

    it('refuses a dashboard screen or component importing the storefront', async () => {
      const screen = await lint(
        'screens/dashboard/Brands/New.tsx',
        "export { BrandHero } from '../../storefront/Brand/BrandHero';\n",
      );
      expect(screen).toHaveLength(1);
      expect(screen[0]?.message).toMatch(/The dashboard imports nothing from the storefront/);
      const component = await lint(
        'components/dashboard/FilterBar/New.tsx',
        "export { PriceTag } from '../../storefront/PriceTag';\n",
      );
      expect(component).toHaveLength(1);
    }, 60_000);

    it('accepts the shared helpers, and the storefront importing them', async () => {
      expect(
        await lint(
          'screens/dashboard/Brands/New.tsx',
          "export { readServerError } from '../../shared/graphqlErrors';\n",
        ),
      ).toEqual([]);
      expect(
        await lint(
          'screens/storefront/Brand/New.tsx',
          "export { useBrandTheme } from '../../shared/brandTheme';\n",
        ),
      ).toEqual([]);
    }, 60_000);
  });
});
