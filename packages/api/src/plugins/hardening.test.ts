// Issue 11 (hardening), items 8 and 10: odd input is the client's error, never a 500; answers to
// authenticated requests are never cacheable, and staff operations never travel in a URL (GET).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../test/helpers';

let ctx: TestContext;
let staff: Record<StaffRoleKey, SignedInStaff>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaffRoles(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

const NUL = '\u0000';

describe('NUL bytes and malformed requests are client errors (item 8)', () => {
  const cases: Array<[string, string, Record<string, unknown>]> = [
    [
      'a product slug (variable)',
      'query($s: String!) { product(slug: $s) { id } }',
      { s: `a${NUL}b` },
    ],
    ['a product slug (literal)', `query { product(slug: "a\\u0000b") { id } }`, {}],
    ['a brand slug', 'query($s: String!) { brand(slug: $s) { id } }', { s: `x${NUL}` }],
    [
      'a products brand filter',
      'query($f: ProductFilter) { products(filter: $f) { totalCount } }',
      { f: { brandSlugs: [`b${NUL}`], sizes: [`M${NUL}`], colors: [`${NUL}`] } },
    ],
    [
      'a products category filter',
      'query($f: ProductFilter) { products(filter: $f) { totalCount } }',
      { f: { categorySlug: `c${NUL}` } },
    ],
    ['a cursor', 'query($a: String) { products(after: $a) { totalCount } }', { a: `x${NUL}` }],
  ];

  it.each(cases)('%s answers BAD_USER_INPUT', async (_name, query, variables) => {
    const result = await graphql(ctx.app, query, variables);
    expect(result.statusCode).toBeLessThan(500);
    expect(result.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(result.body)).not.toContain('INTERNAL_SERVER_ERROR');
  });

  it('a NUL in the search text is read like other punctuation: the search still answers', async () => {
    const query = 'query($f: ProductFilter) { products(filter: $f) { totalCount } }';
    const withNul = await graphql(ctx.app, query, { f: { search: `cam${NUL}iseta` } });
    const spaced = await graphql(ctx.app, query, { f: { search: 'cam iseta' } });
    expect(withNul.body.errors).toBeUndefined();
    expect(withNul.body.data).toEqual(spaced.body.data);
  });

  it.each([42, true, ['{ __typename }'], { a: 1 }])(
    '{"query": %j} is a 400, not an internal error',
    async (query) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/graphql/',
        payload: { query },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('INTERNAL_SERVER_ERROR');
      expect(response.json().errors[0].extensions.code).toMatch(/^(BAD_REQUEST|BAD_USER_INPUT)$/);
    },
  );

  it('a NUL in the login or reset e-mail is a 400', async () => {
    for (const payload of [
      { email: `admin${NUL}@vitrine.test`, password: 'x' },
      { email: `admin@vitrine.test${NUL}`, password: 'x' },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/auth/login/', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/auth/password/reset/',
      payload: { email: `a${NUL}@b.c` },
    });
    expect(reset.statusCode).toBe(400);
  });
});

describe('authenticated GraphQL answers (item 10)', () => {
  const STAFF_QUERY = '{ me { id } }';

  it('every answer to a request with Authorization carries Cache-Control: no-store', async () => {
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      headers: { authorization: `Bearer ${staff.admin.token}` },
      payload: { query: STAFF_QUERY },
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers['cache-control']).toBe('no-store');
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/graphql/',
      headers: { authorization: `Bearer ${staff.admin.token}` },
      payload: { query: '{ nope }' },
    });
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it('refuses a GET with Authorization (405, use POST) and never caches it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/graphql/?query=${encodeURIComponent(STAFF_QUERY)}`,
      headers: { authorization: `Bearer ${staff.admin.token}` },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.errors[0].extensions.code).toBe('METHOD_NOT_ALLOWED');
    expect(body.errors[0].message).toContain('POST');
    expect(JSON.stringify(body)).not.toContain(staff.admin.id);
  });

  it('anonymous GET queries still work (the storefront may use GET)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/graphql/?query=${encodeURIComponent('{ __typename }')}`,
    });
    expect(response.statusCode).toBe(200);
  });
});
