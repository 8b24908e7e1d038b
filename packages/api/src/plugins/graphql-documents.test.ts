/// <reference types="vite/client" />
// A staff session cannot exhaust the server's memory or hold its event loop with documents: a
// document longer than MAX_DOCUMENT_LENGTH is refused unread, what the server remembers of the
// documents it parsed (its shape checks and Mercurius' caches) stays within its byte budget however
// many distinct documents come, and fragments that would make validation quadratic are refused by
// the shape check. The app's own documents still pass, as staff send them.
import { addTypenameToDocument, print as apolloPrint } from '@apollo/client/utilities';
import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, signInStaffRoles, type TestContext } from '../../test/helpers';
import {
  DOCUMENT_BYTES_PER_ERROR,
  DOCUMENT_CACHE_MAX_BYTES,
  documentEntryBytes,
} from '../graphql/document-cache';
import {
  checkDocumentShape,
  DOCUMENT_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_LENGTH,
  MAX_FRAGMENT_SPREADS,
} from '../graphql/limits';
import { trustedDocumentHash } from '../graphql/trusted-document-hash';
import { TRUSTED_DOCUMENTS } from '../graphql/trusted-documents.generated';
import { GRAPHQL_STAFF_BODY_LIMIT } from './graphql';

// The ui's documents, as the app bundles them (packages/ui/src/**/*.graphql.ts).
const modules = import.meta.glob<Record<string, unknown>>('../../../ui/src/**/*.graphql.ts', {
  eager: true,
});
const uiDocuments = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(
      (entry): entry is [string, DocumentNode] =>
        (entry[1] as { kind?: unknown } | null)?.kind === 'Document',
    )
    .map(([name, document]) => ({
      label: `${file.replace('../../../ui/src/', '')} ${name}`,
      document,
    })),
);

let ctx: TestContext;
let supportToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({
    support: { token: supportToken },
  } = await signInStaffRoles(ctx));
});
afterAll(async () => {
  await ctx?.close();
});

interface Answer {
  statusCode: number;
  body: {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
}

/** Posts a document as SUPPORT (any staff session), or anonymously with `token` null. */
async function send(
  query: string,
  options: { token?: string | null; operationName?: string; variables?: object } = {},
): Promise<Answer> {
  const token = options.token === undefined ? supportToken : options.token;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/graphql/',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: {
      query,
      variables: options.variables ?? {},
      ...(options.operationName ? { operationName: options.operationName } : {}),
    },
  });
  return { statusCode: response.statusCode, body: response.json() as Answer['body'] };
}

/** A small query padded with a comment to `length` characters; `tag` makes it distinct. */
function padded(length: number, tag: string): string {
  const query = `query Q${tag} { storeSettings { storeName } }\n`;
  return `${query}# ${'x'.repeat(Math.max(0, length - query.length - 2))}`;
}

describe('the length of a staff document', () => {
  it('refuses the report’s 6.5 MB document with 413 DOCUMENT_TOO_LARGE, never remembering it', async () => {
    const cache = ctx.app.graphqlDocumentCache;
    const before = { size: cache.size, bytes: cache.bytes };
    const huge = padded(6.5 * 1024 * 1024, 'Huge');
    expect(huge.length).toBeLessThan(GRAPHQL_STAFF_BODY_LIMIT); // the body itself is allowed
    const { statusCode, body } = await send(huge);
    expect(statusCode).toBe(413);
    expect(body.errors).toEqual([
      { message: DOCUMENT_TOO_LARGE_MESSAGE, extensions: { code: 'DOCUMENT_TOO_LARGE' } },
    ]);
    expect(body.errors![0]!.message).toBe(
      'A consulta GraphQL é longa demais: o máximo é 32.768 caracteres. Envie os dados em "variables", não no texto da consulta.',
    );
    expect(cache.has(huge)).toBe(false);
    expect({ size: cache.size, bytes: cache.bytes }).toEqual(before);
  });

  it('answers a document of exactly the limit and refuses one character more', async () => {
    const atLimit = padded(MAX_DOCUMENT_LENGTH, 'AtLimit');
    expect(atLimit).toHaveLength(MAX_DOCUMENT_LENGTH);
    const ok = await send(atLimit);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.errors).toBeUndefined();
    const over = await send(`${atLimit}x`);
    expect(over.statusCode).toBe(413);
    expect(over.body.errors![0]!.extensions).toEqual({ code: 'DOCUMENT_TOO_LARGE' });
  });

  it('measures the document in a large body as it streams in, wherever it sits, in characters', async () => {
    // Over GRAPHQL_BODY_LIMIT: the body is watched while it arrives. The document comes after 1 MB
    // of variables and is made of multi-byte characters (ç: 2 bytes, 1 character).
    const document = (length: number) => {
      const query = 'query Longa { storeSettings { storeName } }\n# ';
      return query + 'ç'.repeat(length - query.length);
    };
    const post = (query: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/graphql/',
        headers: { authorization: `Bearer ${supportToken}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ variables: { blob: 'b'.repeat(1024 * 1024) }, query }),
      });
    const atLimit = await post(document(MAX_DOCUMENT_LENGTH));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().errors).toBeUndefined();
    const over = await post(document(MAX_DOCUMENT_LENGTH + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      data: null,
      errors: [{ message: DOCUMENT_TOO_LARGE_MESSAGE, extensions: { code: 'DOCUMENT_TOO_LARGE' } }],
    });
  });

  it('holds an anonymous client to the same limit (its body limit is 100 KB)', async () => {
    const { statusCode, body } = await send(padded(MAX_DOCUMENT_LENGTH + 1, 'Anon'), {
      token: null,
    });
    expect(statusCode).toBe(413);
    expect(body.errors![0]!.extensions).toEqual({ code: 'DOCUMENT_TOO_LARGE' });
  });

  it('still takes a large payload in variables (data belongs there), up to the staff body limit', async () => {
    const query =
      'query Big($x: String) { products(first: 1, filter: { search: $x }) { nodes { id } } }';
    const { statusCode, body } = await send(query, {
      variables: { x: 'a'.repeat(2 * 1024 * 1024) },
    });
    // Through to the resolver, which reads the value and names the field.
    expect(statusCode).toBe(200);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'A busca aceita no máximo 100 caracteres.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'filter.search' }),
      }),
    ]);
  });
});

describe('the documents the server remembers', () => {
  /** A valid document of about 31 KB and 1,900 tokens (a list literal), distinct by `tag`. */
  function heavy(tag: number): string {
    const slugs = Array.from({ length: 1_850 }, () => '"a"').join(' ');
    // Skipped: parsed, validated and remembered, but no query runs.
    const query = `query Heavy${tag} { storeSettings { storeName } products(first: 1, filter: { brandSlugs: [${slugs}] }) @skip(if: true) { nodes { id } } }\n`;
    return `${query}# ${'y'.repeat(31 * 1024 - query.length)}`;
  }

  it('stay within their byte budget after many distinct large documents, and forget them all at once', async () => {
    const cache = ctx.app.graphqlDocumentCache;
    const replaceSchema = vi.spyOn(ctx.app.graphql, 'replaceSchema');
    const clearsBefore = cache.clears;
    const first = heavy(0);
    const { tokens } = checkDocumentShape(first);
    const perDocument = documentEntryBytes(first.length, tokens);
    expect(first.length).toBeLessThanOrEqual(MAX_DOCUMENT_LENGTH);
    expect(perDocument).toBeGreaterThan(1024 * 1024); // each one costs more than 1 MB
    const count = Math.ceil((1.5 * DOCUMENT_CACHE_MAX_BYTES) / perDocument);
    let peak = 0;
    for (let i = 0; i < count; i += 1) {
      const { statusCode, body } = await send(heavy(i));
      expect(statusCode, JSON.stringify(body.errors)).toBe(200);
      peak = Math.max(peak, cache.bytes);
      expect(cache.bytes).toBeLessThanOrEqual(DOCUMENT_CACHE_MAX_BYTES);
    }
    // What they would hold if nothing were forgotten, against what is held.
    expect(count * perDocument).toBeGreaterThan(DOCUMENT_CACHE_MAX_BYTES);
    expect(peak).toBeLessThanOrEqual(DOCUMENT_CACHE_MAX_BYTES);
    expect(cache.clears).toBeGreaterThan(clearsBefore);
    // Mercurius' caches were emptied with the record, once per clear.
    expect(replaceSchema).toHaveBeenCalledTimes(cache.clears - clearsBefore);
    replaceSchema.mockRestore();
    // The last documents are remembered (checked once), the first ones forgotten.
    expect(cache.has(heavy(count - 1))).toBe(true);
    expect(cache.has(heavy(0))).toBe(false);
    // And the server answers as before.
    const after = await send('{ storeSettings { storeName } }');
    expect(after.statusCode).toBe(200);
    expect(after.body.errors).toBeUndefined();
  });

  it('count the validation errors Mercurius keeps with an invalid document', async () => {
    const cache = ctx.app.graphqlDocumentCache;
    const query = `query Invalid { storeSettings { ${Array.from({ length: 40 }, (_, i) => `nope${i}`).join(' ')} } }`;
    cache.clear(); // a known start, far from the budget
    const { statusCode, body } = await send(query);
    expect(statusCode).toBe(400);
    expect(body.errors).toHaveLength(40);
    expect(cache.bytes).toBe(
      documentEntryBytes(query.length, checkDocumentShape(query).tokens) +
        40 * DOCUMENT_BYTES_PER_ERROR,
    );
    // Asked again, the cached refusal costs nothing more.
    const again = cache.bytes;
    expect((await send(query)).body.errors).toHaveLength(40);
    expect(cache.bytes).toBe(again);
  });
});

/** `count` fragments, each spreading every later one: 2^(count-1) copies of the last. */
function spreadingLaterOnes(count: number): string {
  const parts = ['query Q { ...F0 }'];
  for (let i = 0; i < count; i += 1) {
    const later = Array.from({ length: count - i - 1 }, (_, k) => `...F${i + k + 1}`);
    parts.push(`fragment F${i} on Query { storeSettings { storeName } ${later.join(' ')} }`);
  }
  return parts.join('\n');
}

describe('overlapping fragments', () => {
  const refusals: Array<[string, string, RegExp]> = [
    [
      '30 fragments each spreading all the later ones',
      spreadingLaterOnes(30),
      new RegExp(`fragmentos \\(\\.\\.\\.Nome\\); o máximo é ${MAX_FRAGMENT_SPREADS}`),
    ],
    [
      '10 fragments each spreading all the later ones (45 spreads, 1,024 fields expanded)',
      spreadingLaterOnes(10),
      /^Com os fragmentos expandidos, a consulta pede 1\.024 campos; o máximo é 1\.000\.$/,
    ],
    [
      '30 fragments spreading each other (a cycle)',
      [
        'query Q { ...F0 }',
        ...Array.from(
          { length: 30 },
          (_, i) => `fragment F${i} on Query { brands { slug } ...F${(i + 1) % 30} }`,
        ),
      ].join('\n'),
      /^O fragmento "F0" inclui a si mesmo/,
    ],
    [
      '30 fragments with the same nested field, all spread together',
      [
        `query Q { ${Array.from({ length: 30 }, (_, i) => `...F${i}`).join(' ')} }`,
        ...Array.from(
          { length: 30 },
          (_, i) =>
            `fragment F${i} on Query { categories { id slug name children { id slug name } } }`,
        ),
      ].join('\n'),
      /^A consulta repete demais campos com o mesmo nome .*3\.000 comparações/,
    ],
    [
      '46 copies of a field with a selection (no fragment)',
      `{ ${'brands { slug name } '.repeat(46)}}`,
      /^A consulta repete demais campos com o mesmo nome/,
    ],
  ];

  it.each(refusals)('%s: refused by the shape check', async (_label, query, message) => {
    const cache = ctx.app.graphqlDocumentCache;
    const { statusCode, body } = await send(query);
    expect(statusCode).toBe(400);
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0]!.message).toMatch(message);
    expect(body.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT' });
    expect(cache.has(query)).toBe(false); // refused documents are not remembered
  });

  it('lets fragments through under the limits', async () => {
    const query = [
      'query Q { ...Shop brands { ...BrandBits } }',
      'fragment Shop on Query { storeSettings { storeName } categories { ...CategoryBits } }',
      'fragment CategoryBits on Category { slug children { slug } }',
      'fragment BrandBits on Brand { slug name }',
    ].join('\n');
    const { statusCode, body } = await send(query);
    expect(statusCode).toBe(200);
    expect(body.errors).toBeUndefined();
  });
});

describe("the app's own documents, sent by staff", () => {
  it('are every document on the trusted list', () => {
    const hashes = new Set(uiDocuments.map(({ document }) => trustedDocumentHash(document)));
    expect(hashes.size).toBe(TRUSTED_DOCUMENTS.size);
  });

  // Validated (not run: no operation has that name, so nothing executes), as Apollo prints them.
  it.each(uiDocuments)(
    '$label passes the length, the shape check and validation',
    async ({ document }) => {
      for (const query of new Set([
        apolloPrint(addTypenameToDocument(document)),
        print(document),
      ])) {
        expect(query.length * 10).toBeLessThan(MAX_DOCUMENT_LENGTH); // ample margin
        expect(checkDocumentShape(query).error).toBeNull();
        const { body } = await send(query, { operationName: 'NenhumaOperacao' });
        expect(body.errors?.map((error) => error.message)).toEqual([
          'Unknown operation named "NenhumaOperacao".',
        ]);
      }
    },
  );
});
