// The GraphQL endpoint's error policy and limits owned by the plugin.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, graphql, type TestContext } from '../../test/helpers';
import { buildApp } from '../app';
import type { Database } from '../db';
import type { GraphQLContext } from '../graphql/context';

let ctx: TestContext;
let production: TestContext;
let productionWithIntrospection: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // Trusted documents off: these free-form documents stand for what staff may send in production
  // (anonymous ones are refused before validation there: test/trusted-documents.test.ts).
  production = await createTestContext({
    env: { NODE_ENV: 'production', GRAPHQL_TRUSTED_DOCUMENTS: 'false' },
  });
  productionWithIntrospection = await createTestContext({
    env: {
      NODE_ENV: 'production',
      GRAPHQL_INTROSPECTION: 'true',
      GRAPHQL_TRUSTED_DOCUMENTS: 'false',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await production?.close();
  await productionWithIntrospection?.close();
});

const PAGE_QUERY = 'query Page($n: Int!) { products(first: $n) { totalCount } }';

describe('/graphql/ errors', () => {
  it('answers an unexpected resolver failure with a generic message, a code and no stack', async () => {
    // A database whose every call fails: the resolver crashes in an unplanned way.
    const brokenDb = {
      execute: () => Promise.reject(new Error('boom: secret internals')),
      select: () => {
        throw new Error('boom: secret internals');
      },
    } as unknown as Database;
    const app = buildApp({
      config: ctx.config,
      db: brokenDb,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    try {
      const { statusCode, body } = await graphql(app, '{ storeSettings { storeName } }');
      expect(statusCode).toBe(200);
      expect(body.errors).toHaveLength(1);
      expect(body.errors![0]!.message).toBe(
        'Erro interno do servidor. Tente novamente em instantes.',
      );
      expect(body.errors![0]!.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(JSON.stringify(body)).not.toMatch(/boom|secret|stack|at /);
    } finally {
      await app.close();
    }
  });

  it('keeps UNAUTHENTICATED errors with their Portuguese message', async () => {
    const { body } = await graphql(ctx.app, '{ me { id } }');
    expect(body.errors![0]).toMatchObject({
      message: 'Faça login para continuar.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  // products > nodes > category > children... > id; first: 0 keeps the cost tiny, so only the
  // depth decides.
  const deepQuery = (levels: number) =>
    `{ products(first: 0) { nodes { category { ${'children { '.repeat(levels - 4)}id${' }'.repeat(levels - 4)} } } } }`;

  it('accepts a query exactly 10 levels deep', async () => {
    const { statusCode, body } = await graphql(ctx.app, deepQuery(10));
    expect(statusCode).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ products: { nodes: [] } });
  });

  it('refuses a query 11 levels deep with 400, BAD_USER_INPUT and a Portuguese message', async () => {
    const { statusCode, body } = await graphql(ctx.app, deepQuery(11));
    expect(statusCode).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'A consulta é profunda demais: o máximo é 10 níveis.',
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    ]);
  });

  it('answers a variable of the wrong type with BAD_USER_INPUT and 400, never "Erro interno"', async () => {
    // Twice: the second run goes through the compiled (graphql-jit) query path.
    for (let run = 0; run < 2; run += 1) {
      const { statusCode, body } = await graphql(ctx.app, PAGE_QUERY, { n: 'um' });
      expect(statusCode, `run ${run}`).toBe(400);
      expect(body.data ?? null).toBeNull();
      expect(body.errors).toHaveLength(1);
      expect(body.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
      expect(body.errors![0]!.message).toContain('$n');
      expect(body.errors![0]!.message).not.toContain('Erro interno');
    }
  });

  it('answers a missing required variable with BAD_USER_INPUT and 400', async () => {
    for (let run = 0; run < 2; run += 1) {
      const { statusCode, body } = await graphql(ctx.app, PAGE_QUERY, {});
      expect(statusCode, `run ${run}`).toBe(400);
      expect(body.errors![0]).toMatchObject({
        message: 'Variable "$n" of required type "Int!" was not provided.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
  });

  it('answers syntax and validation errors with 400, a code and no stack', async () => {
    const syntax = await graphql(ctx.app, '{ storeSettings { ');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.body.errors![0]!.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    const invalid = await graphql(ctx.app, '{ products(first: "um") { totalCount } }');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body.errors![0]!.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    for (const body of [syntax.body, invalid.body]) {
      expect(JSON.stringify(body)).not.toMatch(/stack|exception|node_modules/);
    }
  });

  it('refuses batched operations', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      payload: [
        { query: '{ storeSettings { storeName } }' },
        { query: '{ storeSettings { storeName } }' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      message: expect.stringContaining('lotes não são aceitos'),
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it('answers malformed JSON with 400 and a Portuguese message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('O corpo da requisição não é um JSON válido.');
  });
});

describe('/graphql/ limits', () => {
  const aliased = (count: number) =>
    `{ ${Array.from({ length: count }, (_, i) => `s${i}: storeSettings { storeName }`).join(' ')} }`;

  it('allows 15 aliases and refuses 16 with a clear message', async () => {
    expect((await graphql(ctx.app, aliased(15))).statusCode).toBe(200);
    const { statusCode, body } = await graphql(ctx.app, aliased(16));
    expect(statusCode).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors![0]).toMatchObject({
      message: 'A operação usa 16 apelidos (aliases); o máximo é 15 por operação.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses an operation above the maximum cost', async () => {
    const nested = '{ categories { children { children { children { id name } } } } }';
    const { statusCode, body } = await graphql(ctx.app, nested);
    expect(statusCode).toBe(400);
    expect(body.errors![0]!.message).toMatch(/^A operação é complexa demais \(custo estimado/);
    expect(body.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
    // A page of 100 products with their images and variants is an ordinary storefront request.
    const page = await graphql(
      ctx.app,
      '{ products(first: 100) { totalCount nodes { name brand { name } images { url } variants { id } } } }',
    );
    expect(page.statusCode).toBe(200);
  });

  it('counts a page size given as a variable at the value the request sends', async () => {
    // products 1 + nodes (1 + n x (id 1 + variants (1 + 20 x (id 1 + options (1 + 20 x 2))))):
    // 16,842 at first 20 (also what it costs when no value is sent), 84,202 at first 100.
    const query =
      'query Page($n: Int) { products(first: $n) { nodes { id variants { id options { name value } } } } }';
    const small = await graphql(ctx.app, query, { n: 20 });
    expect(small.statusCode).toBe(200);
    expect(small.body.errors).toBeUndefined();
    for (let run = 0; run < 2; run += 1) {
      // Twice: the second run reuses Mercurius' cached validation of the document.
      const { statusCode, body } = await graphql(ctx.app, query, { n: 100 });
      expect(statusCode, `run ${run}`).toBe(400);
      expect(body.data ?? null).toBeNull();
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/^A operação é complexa demais \(custo estimado 84\.202;/),
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      ]);
    }
    // Over GET too.
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/graphql/?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"n":100}')}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/^A operação é complexa demais/);
  });

  it('refuses a request body over 100 KB with 413 and a Portuguese message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      payload: {
        query: '{ storeSettings { storeName } }',
        variables: { x: 'a'.repeat(101 * 1024) },
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0]).toMatchObject({
      message:
        'A requisição GraphQL é grande demais (máximo de 100 KB; 7 MB com login da equipe, para importações).',
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
    const small = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      payload: {
        query: '{ storeSettings { storeName } }',
        variables: { x: 'a'.repeat(90 * 1024) },
      },
    });
    expect(small.statusCode).toBe(200);
  });

  it('answers a mutation over GET with 405, Allow: POST and a Portuguese message', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/graphql/?query=${encodeURIComponent('mutation { signOutEverywhere }')}`,
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json().errors[0]).toMatchObject({
      message: 'Mutações não podem ser enviadas por GET; use POST.',
      extensions: { code: 'METHOD_NOT_ALLOWED' },
    });
    const query = await ctx.app.inject({
      method: 'GET',
      url: `/graphql/?query=${encodeURIComponent('{ storeSettings { storeName } }')}`,
    });
    expect(query.statusCode).toBe(200);
  });

  it('answers TIMEOUT, not an internal error, when PostgreSQL cancels a statement at the deadline', async () => {
    const app = buildApp({
      config: { ...ctx.config, graphqlTimeoutMs: 300 },
      db: ctx.db,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    // What the pool's statement_timeout makes pg throw, wrapped by drizzle in `cause`.
    app.register(async (instance) => {
      instance.graphql.extendSchema('extend type Query { cancelledForTest: Int }');
      instance.graphql.defineResolvers({
        Query: {
          cancelledForTest: () => {
            const cancelled = Object.assign(
              new Error('canceling statement due to statement timeout'),
              { code: '57014' },
            );
            throw new Error('Failed query: select pg_sleep(2)', { cause: cancelled });
          },
        },
      });
    });
    try {
      await app.ready();
      const { statusCode, body } = await graphql(app, '{ cancelledForTest }');
      expect(statusCode).toBe(200);
      expect(body.errors![0]).toMatchObject({
        message:
          'A operação excedeu o tempo limite de 300 ms e foi interrompida. Tente uma consulta menor.',
        extensions: { code: 'TIMEOUT' },
        path: ['cancelledForTest'],
      });
    } finally {
      await app.close();
    }
  });

  it('stops an operation that runs past the execution limit with a TIMEOUT error', async () => {
    const app = buildApp({
      config: { ...ctx.config, graphqlTimeoutMs: 300 },
      db: ctx.db,
      logger: false,
      mailRetryIntervalMs: 0,
    });
    // A test-only field that takes 2 s: a real database sleep on PostgreSQL (which the pool's
    // statement timeout may cancel first: the same TIMEOUT answer); on PGlite (which runs in this
    // thread and would block the timer) a timer.
    let slept = false;
    app.register(async (instance) => {
      instance.graphql.extendSchema('extend type Query { slowForTest: Int }');
      instance.graphql.defineResolvers({
        Query: {
          slowForTest: async (_root: unknown, _args: unknown, context: GraphQLContext) => {
            if (ctx.kind === 'pg') await context.db.execute(sql`SELECT pg_sleep(2)`);
            else await new Promise((resolve) => setTimeout(resolve, 2000));
            slept = true;
            return 1;
          },
        },
      });
    });
    try {
      await app.ready();
      const { statusCode, body } = await graphql(app, '{ slowForTest }');
      // The answer came before the 2 s sleep was over: the operation was stopped, not waited for.
      expect(slept).toBe(false);
      expect(statusCode).toBe(200);
      expect(body.data).toEqual({ slowForTest: null });
      expect(body.errors![0]).toMatchObject({
        message:
          'A operação excedeu o tempo limite de 300 ms e foi interrompida. Tente uma consulta menor.',
        extensions: { code: 'TIMEOUT' },
      });
    } finally {
      await app.close();
    }
  });
});

describe('/graphql/ in production', () => {
  it('turns introspection off', async () => {
    const { body } = await graphql(production.app, '{ __schema { types { name } } }');
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('drops "Did you mean" suggestions from validation errors', async () => {
    const { body } = await graphql(production.app, '{ storeSetings { storeName } }');
    expect(body.errors?.[0]?.message).toContain('storeSetings');
    expect(body.errors?.[0]?.message).not.toContain('Did you mean');
  });

  it('allows introspection when GRAPHQL_INTROSPECTION=true', async () => {
    const { statusCode, body } = await graphql(
      productionWithIntrospection.app,
      '{ __schema { queryType { name } } }',
    );
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('keeps suggestions in development', async () => {
    const { body } = await graphql(ctx.app, '{ storeSetings { storeName } }');
    expect(body.errors?.[0]?.message).toContain('Did you mean');
  });
});
