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
  checkDocumentShape,
  DEPTH_LIMIT_MESSAGE,
  documentScope,
  documentShapeError,
  FIELD_COSTS,
  MAX_ALIASES,
  MAX_DOCUMENT_TOKENS,
  MAX_EXPANDED_FIELDS,
  MAX_FIELD_COMPARISONS,
  MAX_FRAGMENT_SPREADS,
  MAX_PAGE_SIZE,
  MAX_QUERY_COST,
  MAX_QUERY_DEPTH,
  maxAliasesRule,
  maxCostError,
  maxCostRule,
  maxDepthRule,
  measureOperation,
  operationDepth,
  type VariableValues,
} from './limits';
import { applyDeadlineToSchema, ExecutionDeadline, withDeadline } from './deadline';

const graphql = createRequire(import.meta.url)('graphql') as typeof graphqlModule;
const schema = graphql.buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));

/** The cost while validating (no variables), or with the request's variables. */
function costOf(document: DocumentNode, variables?: VariableValues): number {
  let cost = 0;
  const rule = (context: graphqlModule.ValidationContext) => ({
    OperationDefinition(node: graphqlModule.OperationDefinitionNode) {
      cost = Math.max(cost, measureOperation(context, node, variables).cost);
    },
  });
  graphql.validate(schema, document, [rule]);
  return cost;
}

/** Every variable at the largest page the resolvers accept: the worst a request can send. */
function worstVariables(document: DocumentNode): Record<string, number> {
  const values: Record<string, number> = {};
  for (const definition of document.definitions) {
    if (definition.kind !== graphql.Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      values[variable.variable.name.value] = MAX_PAGE_SIZE;
    }
  }
  return values;
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
  it('all fit within the depth, alias and cost limits, even with every page size at 100', async () => {
    const documents = await uiDocuments();
    expect(documents.length).toBeGreaterThan(5);
    for (const { label, document } of documents) {
      const errors = graphql.validate(schema, document, [
        maxDepthRule(),
        maxAliasesRule(),
        maxCostRule(),
      ]);
      expect(
        errors.map((e) => e.message),
        label,
      ).toEqual([]);
      // What the check before execution sees when the ui sends first: 100 (the most it may).
      const worst = worstVariables(document);
      expect(costOf(document, worst), label).toBeLessThanOrEqual(MAX_QUERY_COST);
      const scope = documentScope(schema, document);
      for (const definition of document.definitions) {
        if (definition.kind !== graphql.Kind.OPERATION_DEFINITION) continue;
        expect(maxCostError(scope, definition, worst), label).toBeNull();
      }
    }
  });
});

const parse = (source: string) => graphql.parse(source);

describe('the document shape checked before validation', () => {
  it('lets every ui document through, with room to spare', async () => {
    for (const { label, document } of await uiDocuments()) {
      const source = document.loc?.source.body ?? graphql.print(document);
      expect(documentShapeError(source), label).toBeNull();
      // Room: the same document written out four times over still fits the token limit.
      const tokens = countTokens(source);
      expect(tokens * 4, label).toBeLessThan(MAX_DOCUMENT_TOKENS);
    }
  });

  it('refuses a document over the token limit without parsing it to the end', () => {
    // A syntax error far past the limit: the size error (not the syntax error) shows the parser
    // stopped at the limit instead of reading to the end.
    const source = `{ ${'storeSettings { storeName } '.repeat(2000)} !!! }`;
    const error = documentShapeError(source);
    expect(error?.extensions).toEqual({ code: 'BAD_USER_INPUT' });
    expect(error?.message).toMatch(/grande demais/);
  });

  it('gives back the syntax error of a source that is not GraphQL', () => {
    expect(documentShapeError('{"kind":"Document"}')?.message).toMatch(/^Syntax Error/);
  });

  it(`counts fragment spreads as written: ${MAX_FRAGMENT_SPREADS} pass, one more is refused`, () => {
    const spreads = (count: number) =>
      `query Q { storeSettings { ${'...S '.repeat(count)}} }\nfragment S on StoreSettings { storeName }`;
    expect(documentShapeError(spreads(MAX_FRAGMENT_SPREADS))).toBeNull();
    expect(documentShapeError(spreads(MAX_FRAGMENT_SPREADS + 1))?.message).toBe(
      `A consulta usa ${MAX_FRAGMENT_SPREADS + 1} fragmentos (...Nome); o máximo é ${MAX_FRAGMENT_SPREADS} por documento.`,
    );
  });

  it(`counts fields with fragments expanded (at most ${MAX_EXPANDED_FIELDS}), each fragment once`, () => {
    // A binary tree of fragments: children and path at each of 7 levels, then the leaf's fields:
    // 1 + (2 + 4 + … + 128) + 128 × leaf fields, from 16 fragment spreads.
    const tree = (leaf: string) =>
      [
        'query Q { categories { ...T1 } }',
        ...Array.from({ length: 7 }, (_, i) => {
          const next = i < 6 ? `T${i + 2}` : 'Leaf';
          return `fragment T${i + 1} on Category { children { ...${next} } path { ...${next} } }`;
        }),
        `fragment Leaf on Category { ${leaf} }`,
      ].join('\n');
    expect(documentShapeError(tree('id slug name parentId position'))).toBeNull(); // 895
    expect(documentShapeError(tree('id slug name parentId position productCount'))?.message).toBe(
      `Com os fragmentos expandidos, a consulta pede 1.023 campos; o máximo é ${new Intl.NumberFormat('pt-BR').format(MAX_EXPANDED_FIELDS)}.`,
    );
  });

  it('refuses a fragment cycle before expanding it', () => {
    const cycle = [
      'query Q { ...A }',
      'fragment A on Query { brands { slug } ...B }',
      'fragment B on Query { ...A }',
    ].join('\n');
    expect(documentShapeError(cycle)?.message).toMatch(/^O fragmento "A" inclui a si mesmo/);
  });

  it('counts depth through fragments, which add no level of their own', () => {
    const nest = (levels: number, leaf: string): string =>
      levels === 0 ? leaf : `children { ${nest(levels - 1, leaf)} }`;
    const deep = (levels: number) =>
      `query Q { categories { ...D } }\nfragment D on Category { ${nest(levels, 'slug')} }`;
    expect(documentShapeError(deep(MAX_QUERY_DEPTH - 2))).toBeNull(); // categories + 8 + slug
    expect(documentShapeError(deep(MAX_QUERY_DEPTH - 1))?.message).toBe(DEPTH_LIMIT_MESSAGE);
  });

  it(`counts the same-name pairs validation compares (at most ${MAX_FIELD_COMPARISONS}), fragments expanded`, () => {
    // n copies of brands { slug name }: n(n-1)/2 pairs, each comparing slug and name again.
    const copies = (n: number) => `{ ${'brands { slug name } '.repeat(n)}}`;
    expect((45 * 44 * 3) / 2).toBeLessThanOrEqual(MAX_FIELD_COMPARISONS);
    expect(documentShapeError(copies(45))).toBeNull();
    expect(documentShapeError(copies(46))?.message).toMatch(/^A consulta repete demais campos/);
    // The same through fragments: 46 spreads of one fragment are 46 copies once expanded.
    const viaFragment = `{ ${'...B '.repeat(46)}}\nfragment B on Query { brands { slug name } }`;
    expect(documentShapeError(viaFragment)?.message).toMatch(/^A consulta repete demais campos/);
    // Distinct response names are not compared: 30 aliased copies pass.
    const aliased = `{ ${Array.from({ length: 30 }, (_, i) => `b${i}: brands { slug name }`).join(' ')} }`;
    expect(documentShapeError(aliased)).toBeNull();
  });

  it('reports the tokens it read', () => {
    expect(checkDocumentShape('{ storeSettings { storeName } }')).toEqual({
      error: null,
      tokens: 6, // { storeSettings { storeName } }
    });
  });
});

function countTokens(source: string): number {
  const lexer = new graphql.Lexer(new graphql.Source(source));
  let count = 0;
  while (lexer.advance().kind !== graphql.TokenKind.EOF) count += 1;
  return count;
}

describe('the static cost', () => {
  it('counts facets as expensive: 15 aliased listings with facets are refused', () => {
    const one = 'products(first: 50) { nodes { id } facets { inStockCount } }';
    expect(costOf(parse(`{ ${one} }`))).toBe(
      1 + 1 + 50 * 1 + FIELD_COSTS['ProductConnection.facets']! + 1,
    );
    const fifteen = Array.from({ length: 15 }, (_, i) => `p${i}: ${one}`).join(' ');
    expect(costOf(parse(`{ ${fifteen} }`))).toBeGreaterThan(MAX_QUERY_COST);
  });

  it('counts one per field and multiplies lists by first, or by 20 without it', () => {
    expect(costOf(parse('{ storeSettings { storeName } }'))).toBe(2);
    // products 1 + totalCount 1 + nodes (1 + 10 x (name 1 + images (1 + 20 x url 1)))
    expect(
      costOf(parse('{ products(first: 10) { totalCount nodes { name images { url } } } }')),
    ).toBe(1 + 1 + 1 + 10 * (1 + 1 + 20));
  });

  it('counts a page size given as a variable at the value the request sends, up to 100', () => {
    const document = parse(
      'query($n: Int) { products(first: $n) { nodes { id images { url } } } }',
    );
    // products 1 + nodes (1 + n x (id 1 + images (1 + 20 x url 1)))
    expect(costOf(document, { n: 100 })).toBe(1 + 1 + 100 * (1 + 1 + 20));
    expect(costOf(document, { n: 7 })).toBe(1 + 1 + 7 * (1 + 1 + 20));
    // Not sent: the resolvers' default page; sent with a default in the document: the default.
    expect(costOf(document, {})).toBe(1 + 1 + 20 * 22);
    expect(costOf(parse('query($n: Int = 50) { products(first: $n) { nodes { id } } }'), {})).toBe(
      1 + 1 + 50,
    );
  });

  it('counts, while validating, a variable page size at its least (its default, else 0)', () => {
    expect(costOf(parse('query($n: Int) { products(first: $n) { nodes { id } } }'))).toBe(1 + 1);
    expect(costOf(parse('query($n: Int = 50) { products(first: $n) { nodes { id } } }'))).toBe(
      1 + 1 + 50,
    );
  });

  it('refuses before execution what validation could not: first: $n with n = 100', () => {
    // 16,842 at the default page of 20, 84,202 at 100 (see plugins/graphql.test.ts).
    const document = parse(
      'query($n: Int) { products(first: $n) { nodes { id variants { id options { name value } } } } }',
    );
    expect(graphql.validate(schema, document, [maxCostRule()])).toEqual([]);
    const [operation] = document.definitions as graphqlModule.OperationDefinitionNode[];
    const scope = documentScope(schema, document);
    expect(maxCostError(scope, operation!, { n: 20 })).toBeNull();
    expect(maxCostError(scope, operation!, { n: 100 })?.message).toBe(
      'A operação é complexa demais (custo estimado 84.202; o máximo é 20.000). Peça menos itens por página (first) ou menos campos.',
    );
  });

  it('measures each fragment once, so repeated spreads stay cheap to measure', () => {
    // 30 levels of fragments spreading the next one twice: 2^30 expansions if measured naively.
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === levels - 1
        ? `fragment F${i} on StoreSettings { storeName }`
        : `fragment F${i} on StoreSettings { ...F${i + 1} ...F${i + 1} }`,
    ).join('\n');
    const document = parse(`{ storeSettings { ...F0 } } ${fragments}`);
    const [operation] = document.definitions as graphqlModule.OperationDefinitionNode[];
    const scope = documentScope(schema, document);
    expect(measureOperation(scope, operation!).cost).toBe(1 + 2 ** (levels - 1));
    expect(operationDepth(scope, operation!)).toBe(2);
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

describe('the depth limit', () => {
  it('counts field levels; fragments add no level of their own', () => {
    const document = parse(`
      query { products(first: 1) { nodes { ...N } } }
      fragment N on Product { category { ... on Category { children { id } } } }
    `);
    const [operation] = document.definitions as graphqlModule.OperationDefinitionNode[];
    // products > nodes > category > children > id
    expect(operationDepth(documentScope(schema, document), operation!)).toBe(5);
  });

  it('lets 10 levels pass and refuses 11 with a Portuguese message', () => {
    const deep = (levels: number) =>
      parse(`{ categories { ${'children { '.repeat(levels - 2)}id${' }'.repeat(levels - 2)} } }`);
    expect(graphql.validate(schema, deep(10), [maxDepthRule()])).toEqual([]);
    const errors = graphql.validate(schema, deep(11), [maxDepthRule()]);
    expect(errors.map((e) => [e.message, e.extensions.code])).toEqual([
      ['A consulta é profunda demais: o máximo é 10 níveis.', 'BAD_USER_INPUT'],
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
