// The GraphQL contract seen from the ui: every document a screen sends validates against the
// committed SDL (packages/api/schema.graphql). A field the server does not have fails here.
import { buildSchema, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import schemaSource from '../../api/schema.graphql?raw';

const schema = buildSchema(schemaSource);
const modules = import.meta.glob<Record<string, unknown>>('./**/*.graphql.ts', { eager: true });

function isDocument(value: unknown): value is DocumentNode {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Document'
  );
}

const documents = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, DocumentNode] => isDocument(entry[1]))
    .map(([name, document]) => ({ label: `${file} ${name}`, document })),
);

describe('GraphQL contract (ui documents against the committed SDL)', () => {
  it('finds the documents of the screens', () => {
    expect(documents.length).toBeGreaterThan(0);
  });

  it.each(documents)('$label validates against the schema', ({ document }) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
