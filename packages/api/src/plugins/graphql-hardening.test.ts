// Hostile GraphQL documents are refused before validation can cost anything, clients are limited
// in how many requests they send, facets count in the cost, and (PostgreSQL) statements end with
// the request's deadline.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../test/helpers';
import { loadConfig } from '../config';
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_LENGTH,
  MAX_DOCUMENT_TOKENS,
} from '../graphql/limits';
import pg from 'pg';
import { openDatabase } from '../db';
import { applyStatementTimeout } from '../lib/statement-timeout';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** The report's 1,650 chained fragments (about 90 KB): each spreads the next. */
function chainedFragments(count: number): string {
  const parts = ['query Q { storeSettings { ...F0 } }'];
  for (let i = 0; i < count; i += 1) {
    const next = i + 1 < count ? ` ...F${i + 1}` : '';
    parts.push(`fragment F${i} on StoreSettings { storeName${next} }`);
  }
  return parts.join('\n');
}

/** The report's 5,000 conflicting aliases: the same response name for different fields. */
function conflictingAliases(count: number): string {
  const fields = Array.from({ length: count }, (_, i) =>
    i % 2 ? 'a: storeName' : 'a: currency',
  ).join(' ');
  return `{ storeSettings { ${fields} } }`;
}

/** Wall time of one request, in ms, and its answer. */
async function post(query: string) {
  const response = await ctx.app.inject({ method: 'POST', url: '/graphql/', payload: { query } });
  return { response };
}

describe('hostile documents', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['1,650 chained fragments (under 32 KB: 600)', chainedFragments(600), /tokens/],
    ['2,500 conflicting aliases', conflictingAliases(2500), /tokens/],
    ['150 chained fragments (under the token limit)', chainedFragments(150), /fragmentos/],
    ['one field 600 times', `{ storeSettings { ${'storeName '.repeat(600)}} }`, /campos/],
    [
      '40 conflicting aliases',
      conflictingAliases(40),
      /apelidos \(aliases\); o máximo é 30 por documento/,
    ],
    [
      '40 directives',
      `{ storeSettings { ${'storeName @include(if: true) '.repeat(40)}} }`,
      /diretivas/,
    ],
  ];

  // The refusal names the shape limit, checked before Mercurius parses and validates: the 2-6 s
  // of validation the report measured never run. (Its time is a figure of `npm run bench`.)
  it.each(cases)('%s: refused by its shape, before validation', async (_label, query, message) => {
    expect(query.length).toBeLessThanOrEqual(MAX_DOCUMENT_LENGTH);
    const { response } = await post(query);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { errors: Array<{ message: string; extensions: unknown }> };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.message).toMatch(message);
    expect(body.errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  // The report's documents themselves (about 90 KB and 60 KB) are longer than any document may be.
  it.each([
    ['1,650 chained fragments', chainedFragments(1650)],
    ['5,000 conflicting aliases', conflictingAliases(5000)],
  ])('%s: refused by its length, unread (413)', async (_label, query) => {
    expect(query.length).toBeGreaterThan(MAX_DOCUMENT_LENGTH);
    const { response } = await post(query);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual([
      { message: DOCUMENT_TOO_LARGE_MESSAGE, extensions: { code: 'DOCUMENT_TOO_LARGE' } },
    ]);
  });

  it('says how many tokens a document may have', async () => {
    const { response } = await post(conflictingAliases(2500));
    expect(response.json().errors[0].message).toBe(
      `A consulta é grande demais: o máximo é ${new Intl.NumberFormat('pt-BR').format(MAX_DOCUMENT_TOKENS)} tokens.`,
    );
  });

  it('refuses a query sent as a JSON syntax tree (which would skip the token limit)', async () => {
    const ast = JSON.stringify({
      kind: 'Document',
      definitions: [
        {
          kind: 'OperationDefinition',
          operation: 'query',
          selectionSet: {
            kind: 'SelectionSet',
            selections: [{ kind: 'Field', name: { kind: 'Name', value: '__typename' } }],
          },
        },
      ],
    });
    const { response } = await post(ast);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
  });

  it('still answers ordinary documents, again and again', async () => {
    for (let i = 0; i < 3; i += 1) {
      const { statusCode, body } = await graphql(ctx.app, '{ storeSettings { storeName } }');
      expect(statusCode).toBe(200);
      expect(body.errors).toBeUndefined();
    }
    const syntax = await graphql(ctx.app, '{ storeSettings { ');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.body.errors![0]!.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});

describe('the cost of facets', () => {
  it('refuses 15 aliased products(first: 50) with facets', async () => {
    const products = Array.from(
      { length: 15 },
      (_, i) =>
        `p${i}: products(first: 50) { nodes { id } facets { inStockCount brands { value count } } }`,
    ).join(' ');
    const { statusCode, body } = await graphql(ctx.app, `{ ${products} }`);
    expect(statusCode).toBe(400);
    expect(body.errors![0]!.message).toMatch(/complexa demais/);
    expect(body.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('accepts one listing with its facets', async () => {
    const { statusCode, body } = await graphql(
      ctx.app,
      '{ products(first: 50) { nodes { id } facets { inStockCount brands { value count } } } }',
    );
    expect(statusCode).toBe(200);
    expect(body.errors).toBeUndefined();
  });
});

describe('the per-client request limit', () => {
  it('answers 429 RATE_LIMITED past GRAPHQL_RATE_LIMIT requests a minute, per client address', async () => {
    const limited = await createTestContext({ env: { GRAPHQL_RATE_LIMIT: '5' } });
    try {
      const ask = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/graphql/',
          remoteAddress,
          payload: { query: '{ storeSettings { storeName } }' },
        });
      for (let i = 0; i < 5; i += 1) expect((await ask('203.0.113.7')).statusCode).toBe(200);
      const refused = await ask('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().errors[0]).toMatchObject({
        message: expect.stringMatching(/^Muitas requisições\. Tente novamente em \d+ segundos?\.$/),
        extensions: { code: 'RATE_LIMITED' },
      });
      // Another client is not affected.
      expect((await ask('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is 600 a minute by default, off in tests', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).graphqlRateLimit).toBe(600);
    expect(ctx.config.graphqlRateLimit).toBe(0);
  });
});

describe('the statement timeout', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'cancels a statement that outlives the request deadline (PostgreSQL)',
    async () => {
      const short = await createTestContext({ env: { GRAPHQL_TIMEOUT_MS: '300' } });
      try {
        const error = await short.db.execute(sql`SELECT pg_sleep(3)`).then(
          () => null,
          (failure: unknown) => failure as { code?: string; cause?: { code?: string } },
        );
        // query_canceled: "canceling statement due to statement timeout" (Drizzle wraps it).
        expect(error?.cause?.code ?? error?.code).toBe('57014');
        // Ordinary statements still run.
        const { statusCode } = await graphql(short.app, '{ storeSettings { storeName } }');
        expect(statusCode).toBe(200);
      } finally {
        await short.close();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is opened with the server’s connections, and a migration’s transaction lifts it (PostgreSQL)',
    async () => {
      const opened = await openDatabase(
        { databaseUrl: process.env.TEST_DATABASE_URL!, dataDir: 'memory://' },
        { statementTimeoutMs: 300 },
      );
      try {
        const shown = await opened.db.execute<{ statement_timeout: string }>(
          sql`SHOW statement_timeout`,
        );
        expect(shown.rows[0]!.statement_timeout).toBe('300ms');
        const error = await opened.db.execute(sql`SELECT pg_sleep(3)`).then(
          () => null,
          (failure: unknown) => failure as { code?: string; cause?: { code?: string } },
        );
        expect(error?.cause?.code ?? error?.code).toBe('57014');
        // No SET is sent before each use: the pool's own value is the one in effect (a pool
        // opened without it gets the SET, the old way).
        const plain = await openDatabase({
          databaseUrl: process.env.TEST_DATABASE_URL!,
          dataDir: 'memory://',
        });
        const sent: string[] = [];
        const original = pg.Client.prototype.query;
        pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
          const first = args[0] as string | { text?: string };
          sent.push(typeof first === 'string' ? first : (first?.text ?? ''));
          return (original as (...rest: unknown[]) => unknown).apply(this, args);
        } as typeof original;
        let withdraw: (() => void) | null = null;
        let withdrawPlain: (() => void) | null = null;
        try {
          withdraw = applyStatementTimeout(opened.db, 300);
          await opened.db.execute(sql`SELECT 'opened'`);
          const fromOpened = [...sent];
          sent.length = 0;
          withdrawPlain = applyStatementTimeout(plain.db, 300);
          await plain.db.execute(sql`SELECT 'plain'`);
          expect(fromOpened.some((text) => text.includes("'opened'"))).toBe(true);
          expect(fromOpened.filter((text) => text.includes('statement_timeout'))).toEqual([]);
          expect(sent.filter((text) => text.includes('statement_timeout'))).toEqual([
            'SET statement_timeout = 300',
          ]);
        } finally {
          pg.Client.prototype.query = original;
          withdrawPlain?.();
          await plain.close();
        }
        withdraw?.();
        await opened.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL statement_timeout = 0`);
          await tx.execute(sql`SELECT pg_sleep(0.5)`);
        });
      } finally {
        await opened.close();
      }
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)('is a no-op on PGlite', () => {
    expect(ctx.kind).toBe('pglite');
    expect(applyStatementTimeout(ctx.db, 300)).toBeNull();
  });
});
