// Operation limits: aliases, static cost, the execution deadline — and that the ui's own
// documents stay within them.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as graphqlModule from 'graphql';
import type { DocumentNode } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { SCHEMA_PATH } from '../plugins/graphql';
import { REPOSITORY_ROOT } from '../config';
import {
  applyDeadlineToSchema,
  ExecutionDeadline,
  MAX_ALIASES,
  MAX_QUERY_COST,
  maxAliasesRule,
  maxCostRule,
  measureOperation,
  withDeadline,
} from './limits';

const graphql = createRequire(import.meta.url)('graphql') as typeof graphqlModule;
const schema = graphql.buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));

function costOf(document: DocumentNode): number {
  let cost = 0;
  const rule = (context: graphqlModule.ValidationContext) => ({
    OperationDefinition(node: graphqlModule.OperationDefinitionNode) {
      cost = Math.max(cost, measureOperation(context, node).cost);
    },
  });
  graphql.validate(schema, document, [rule]);
  return cost;
}

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function uiDocuments(): Promise<Array<{ label: string; document: DocumentNode }>> {
  const found: Array<{ label: string; document: DocumentNode }> = [];
  for (const file of filesUnder(path.join(REPOSITORY_ROOT, 'packages/ui/src'), '.graphql.ts')) {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if ((value as { kind?: unknown } | null)?.kind === 'Document') {
        found.push({
          label: `${path.relative(REPOSITORY_ROOT, file)} ${name}`,
          document: value as DocumentNode,
        });
      }
    }
  }
  return found;
}

describe('the ui documents', () => {
  it('all fit within the alias and cost limits', async () => {
    const documents = await uiDocuments();
    expect(documents.length).toBeGreaterThan(5);
    for (const { label, document } of documents) {
      const errors = graphql.validate(schema, document, [maxAliasesRule(), maxCostRule()]);
      expect(costOf(document), label).toBeLessThanOrEqual(MAX_QUERY_COST);
      expect(
        errors.map((e) => e.message),
        label,
      ).toEqual([]);
    }
  });
});

const parse = (source: string) => graphql.parse(source);

describe('the static cost', () => {
  it('counts one per field and multiplies lists by first, or by 20 without it', () => {
    expect(costOf(parse('{ storeSettings { storeName } }'))).toBe(2);
    // products 1 + totalCount 1 + nodes (1 + 10 x (name 1 + images (1 + 20 x url 1)))
    expect(
      costOf(parse('{ products(first: 10) { totalCount nodes { name images { url } } } }')),
    ).toBe(1 + 1 + 1 + 10 * (1 + 1 + 20));
  });

  it("counts a variable page size as its default, else as the resolvers' default page", () => {
    expect(costOf(parse('query($n: Int) { products(first: $n) { nodes { id } } }'))).toBe(
      1 + 1 + 20,
    );
    expect(costOf(parse('query($n: Int = 50) { products(first: $n) { nodes { id } } }'))).toBe(
      1 + 1 + 50,
    );
  });

  it('expands fragments and does not charge __typename', () => {
    const document = parse(`
      query { brands { ...B __typename } }
      fragment B on Brand { id name }
    `);
    expect(costOf(document)).toBe(1 + 20 * 2);
  });

  it('refuses above the limit and lets the limit itself pass', () => {
    const document = parse('{ products(first: 10) { nodes { id name } } }'); // 1 + 1 + 10 x 2 = 22
    expect(graphql.validate(schema, document, [maxCostRule(22)])).toEqual([]);
    const errors = graphql.validate(schema, document, [maxCostRule(21)]);
    expect(errors.map((e) => e.message)).toEqual([
      'A operação é complexa demais (custo estimado 22; o máximo é 21). Peça menos itens por página (first) ou menos campos.',
    ]);
  });
});

describe('the alias limit', () => {
  it(`counts aliases in fragments too (max ${MAX_ALIASES})`, () => {
    const fields = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}: storeName`).join(' ');
    const document = parse(`
      query { storeSettings { ${fields(10, 'a')} ...S } }
      fragment S on StoreSettings { ${fields(6, 'b')} }
    `);
    expect(graphql.validate(schema, document, [maxAliasesRule()]).map((e) => e.message)).toEqual([
      'A operação usa 16 apelidos (aliases); o máximo é 15 por operação.',
    ]);
  });
});

describe('ExecutionDeadline', () => {
  it('rejects the work still running when the time is up', async () => {
    vi.useFakeTimers();
    try {
      const deadline = new ExecutionDeadline(100);
      const never = new Promise<number>(() => undefined);
      const raced = deadline.race(never);
      const assertion = expect(raced).rejects.toMatchObject({ extensions: { code: 'TIMEOUT' } });
      await vi.advanceTimersByTimeAsync(100);
      await assertion;
      expect(deadline.expired).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets work that finishes in time through', async () => {
    const deadline = new ExecutionDeadline(1000);
    await expect(deadline.race(Promise.resolve(42))).resolves.toBe(42);
    deadline.dispose();
  });

  it('fails resolvers at once after expiry and leaves synchronous results alone before', async () => {
    let now = 1_000;
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const deadline = new ExecutionDeadline(50);
      const resolve = withDeadline(() => 'ok');
      expect(resolve(null, {}, { deadline }, null)).toBe('ok');
      now += 50;
      expect(() => resolve(null, {}, { deadline }, null)).toThrow(
        'A operação excedeu o tempo limite de 50 ms e foi interrompida. Tente uma consulta menor.',
      );
      // Without a deadline in the context (e.g. a direct call in a test), nothing changes.
      expect(resolve(null, {}, {}, null)).toBe('ok');
    } finally {
      spy.mockRestore();
    }
  });

  it('wraps every resolver of a schema once', () => {
    const local = graphql.buildSchema('type Query { a: Int b: Int }');
    const field = local.getQueryType()!.getFields().a!;
    field.resolve = () => 1;
    applyDeadlineToSchema(local);
    const once = field.resolve;
    applyDeadlineToSchema(local);
    expect(field.resolve).toBe(once);
    expect(local.getQueryType()!.getFields().b!.resolve).toBeUndefined();
  });
});
