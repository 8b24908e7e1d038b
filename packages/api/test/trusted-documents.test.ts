/// <reference types="vite/client" />
// Trusted documents (issue 11, item 2): in production a request without a staff session runs only
// the app's own documents, recognised by the hash of their canonical form however Apollo Client
// prints them; staff keep free-form queries; outside production anything goes (under the limits).
import { addTypenameToDocument, print as apolloPrint } from '@apollo/client/utilities';
import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { canonicalDocument, trustedDocumentHash } from '../src/graphql/trusted-document-hash';
import { MAX_DOCUMENT_LENGTH } from '../src/graphql/limits';
import { ANONYMOUS_SOURCE_MAX_LENGTH } from '../src/graphql/trusted-documents';
import {
  TRUSTED_DOCUMENT_MAX_LENGTH,
  TRUSTED_DOCUMENTS,
} from '../src/graphql/trusted-documents.generated';
import { createTestContext, graphql, signInStaffRoles, type TestContext } from './helpers';

// The ui's documents, as the app bundles them (packages/ui/src/**/*.graphql.ts).
const modules = import.meta.glob<Record<string, unknown>>('../../ui/src/**/*.graphql.ts', {
  eager: true,
});

function isDocument(value: unknown): value is DocumentNode {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Document'
  );
}

const uiDocuments = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, DocumentNode] => isDocument(entry[1]))
    .map(([name, document]) => ({
      label: `${file.replace('../../ui/src/', '')} ${name}`,
      document,
    })),
);

/** A free-form document no ui screen sends: the store's brands with a field the app never asks. */
const FREE_FORM = '{ brands { slug name } storeSettings { storeName } }';

let production: TestContext;
let development: TestContext;
let adminToken: string;

beforeAll(async () => {
  production = await createTestContext({ env: { NODE_ENV: 'production' } });
  development = await createTestContext();
  ({
    admin: { token: adminToken },
  } = await signInStaffRoles(production));
});

afterAll(async () => {
  await production?.close();
  await development?.close();
});

/** Posts a document as the app does; the answer's errors say whether it was let through. */
async function send(ctx: TestContext, query: string, token?: string) {
  const { statusCode, body } = await graphql(ctx.app, query, {}, token);
  return { statusCode, codes: (body.errors ?? []).map((error) => error.extensions?.code) };
}

describe('trusted documents', () => {
  it('are on in production and off elsewhere unless asked', () => {
    expect(production.config.graphqlTrustedDocuments).toBe(true);
    expect(development.config.graphqlTrustedDocuments).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', GRAPHQL_TRUSTED_DOCUMENTS: 'false' })
        .graphqlTrustedDocuments,
    ).toBe(false);
    expect(loadConfig({ GRAPHQL_TRUSTED_DOCUMENTS: 'true' }).graphqlTrustedDocuments).toBe(true);
  });

  it('list every ui document once (the generated list is not stale)', () => {
    expect(uiDocuments.length).toBeGreaterThan(10);
    const hashes = uiDocuments.map(({ document }) => trustedDocumentHash(document));
    expect([...TRUSTED_DOCUMENTS.keys()].sort()).toEqual([...new Set(hashes)].sort());
  });

  it.each(uiDocuments)(
    'accept $label as Apollo Client sends it, anonymously, in production',
    async ({ document }) => {
      const sent = [
        apolloPrint(addTypenameToDocument(document)), // Apollo's default (addTypename: true)
        apolloPrint(document), // the app's client (SPEC: addTypename false)
        print(document), // graphql's own print
      ];
      for (const query of new Set(sent)) {
        const { codes } = await send(production, query);
        // Run, not refused: any error is the operation's own (missing variables and the like).
        expect(codes).not.toContain('PERSISTED_QUERY_NOT_FOUND');
      }
    },
  );

  it('refuse an unknown document from an anonymous client in production with a 400', async () => {
    const { statusCode, body } = await graphql(production.app, FREE_FORM);
    expect(statusCode).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'Consulta não permitida: sem login, só as consultas da própria loja são aceitas.',
        extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
      }),
    ]);
  });

  it('refuse a ui document changed by one field, and one sent with a token that is not valid', async () => {
    const [first] = uiDocuments;
    const changed = print(first!.document).replace(/\{/, '{ __schema { types { name } } ');
    expect((await send(production, changed)).codes).toContain('PERSISTED_QUERY_NOT_FOUND');
    const forged = await send(production, FREE_FORM, 'not-a-token');
    expect(forged).toEqual({ statusCode: 400, codes: ['PERSISTED_QUERY_NOT_FOUND'] });
  });

  it('let staff run free-form queries in production', async () => {
    const { statusCode, body } = await graphql(production.app, FREE_FORM, {}, adminToken);
    expect(statusCode).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({ brands: [], storeSettings: expect.any(Object) });
  });

  it('let anonymous free-form queries run outside production', async () => {
    const { statusCode, body } = await graphql(development.app, FREE_FORM);
    expect(statusCode).toBe(200);
    expect(body.errors).toBeUndefined();
  });

  it('refuse a long anonymous document unread, and cut a hostile staff one by its shape', async () => {
    const hostile = `{ ${Array.from({ length: 1500 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect(hostile.length).toBeGreaterThan(ANONYMOUS_SOURCE_MAX_LENGTH);
    expect(hostile.length).toBeLessThanOrEqual(MAX_DOCUMENT_LENGTH);
    expect(await send(production, hostile)).toEqual({
      statusCode: 400,
      codes: ['PERSISTED_QUERY_NOT_FOUND'],
    });
    const asStaff = await send(production, hostile, adminToken);
    expect(asStaff.statusCode).toBe(400);
    expect(asStaff.codes).toEqual(['BAD_USER_INPUT']);
  });

  it('leave room for every ui document as Apollo prints it', () => {
    const canonical = uiDocuments.map(({ document }) => canonicalDocument(document).length);
    expect(TRUSTED_DOCUMENT_MAX_LENGTH).toBe(Math.max(...canonical));
    for (const { document } of uiDocuments) {
      expect(apolloPrint(addTypenameToDocument(document)).length).toBeLessThanOrEqual(
        ANONYMOUS_SOURCE_MAX_LENGTH,
      );
    }
  });
});
