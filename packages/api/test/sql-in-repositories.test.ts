// SQL lives in each module's *.repository.ts (eslint.config.js, api/sql-in-repositories): the lint
// refuses it elsewhere under src/modules, and the files that did it when the rule came
// (sql-baseline.json) may only leave the list.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(apiDir, '../..');
const baseline = (
  JSON.parse(readFileSync(resolve(apiDir, 'sql-baseline.json'), 'utf8')) as { files: string[] }
).files;
const RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];

const sqlMessages = (results: ESLint.LintResult[]) =>
  results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId !== null && RULES.includes(message.ruleId))
      .map((message) => ({ file: result.filePath, line: message.line })),
  );

describe('SQL outside the repositories', () => {
  const eslint = new ESLint({ cwd: repoDir });
  const lint = async (file: string, code: string) =>
    sqlMessages(await eslint.lintText(code, { filePath: resolve(repoDir, file) }));

  it('is refused in a module file: a value import from drizzle-orm, a query on db or tx', async () => {
    expect(
      await lint(
        'packages/api/src/modules/orders/orders.new.ts',
        "import { sql } from 'drizzle-orm';\nexport const one = sql`1`;\n",
      ),
    ).toHaveLength(1);
    expect(
      await lint(
        'packages/api/src/modules/orders/orders.new.ts',
        [
          "import type { Executor } from '../../db';",
          "import { orders } from './orders.tables';",
          'export const all = (db: Executor) => db.select().from(orders);',
          'export const run = (app: { db: Executor }) => app.db.delete(orders);',
          '',
        ].join('\n'),
      ),
    ).toHaveLength(2);
  }, 60_000);

  it('is allowed in a repository, in table definitions, in tests, and as a type', async () => {
    const query = "import { sql } from 'drizzle-orm';\nexport const one = sql`1`;\n";
    expect(await lint('packages/api/src/modules/orders/orders.new.repository.ts', query)).toEqual(
      [],
    );
    expect(await lint('packages/api/src/modules/orders/orders.new.tables.ts', query)).toEqual([]);
    expect(await lint('packages/api/src/modules/orders/orders.new.test.ts', query)).toEqual([]);
    expect(
      await lint(
        'packages/api/src/modules/orders/orders.new.ts',
        "import type { SQL } from 'drizzle-orm';\nexport type Where = SQL;\n" +
          // Other objects' delete and select are not queries.
          'export const drop = (seen: Map<string, number>) => seen.delete("a");\n',
      ),
    ).toEqual([]);
  }, 60_000);

  it('lists, sorted, only files that still do it (a file that stops leaves the list)', async () => {
    expect(baseline).toEqual([...new Set(baseline)].sort());
    const missing = baseline.filter((file) => !existsSync(resolve(repoDir, file)));
    expect(missing, 'listed files that no longer exist').toEqual([]);
    // The rule's own options (the config block named api/sql-in-repositories), turned back on for
    // the listed files.
    const configs = (await import(pathToFileURL(resolve(repoDir, 'eslint.config.js')).href)) as {
      default: Linter.Config[];
    };
    const block = configs.default.find((config) => config.name === 'api/sql-in-repositories');
    expect(block?.rules).toBeDefined();
    const strict = new ESLint({
      cwd: repoDir,
      overrideConfig: [{ files: ['packages/api/src/modules/**/*.ts'], rules: block!.rules! }],
    });
    // An empty list is linted as nothing: ESLint reads no patterns as the whole repository (2 min).
    const results =
      baseline.length > 0
        ? await strict.lintFiles(baseline.map((file) => resolve(repoDir, file)))
        : [];
    const offending = new Set(sqlMessages(results).map((message) => message.file));
    const clean = baseline.filter((file) => !offending.has(resolve(repoDir, file)));
    expect(clean, 'no SQL left: remove them from packages/api/sql-baseline.json').toEqual([]);
  }, 120_000);
});
