// The canonical form of a GraphQL document that trusted documents hash (issue 11, item 2), shared
// by the server and scripts/graphql-types.ts, which builds the allow-list from the ui's documents:
// parsed, `__typename` selections removed (Apollo Client adds them to every selection set), printed
// by graphql (Apollo prints the document itself), sha256.
import { createHash } from 'node:crypto';
import { parse, print, visit, type DocumentNode } from 'graphql';

/** The document as both sides print it: no `__typename` selections, graphql's own layout. */
export function canonicalDocument(document: DocumentNode): string {
  const stripped = visit(document, {
    Field(node) {
      // Apollo adds `__typename` without an alias; one the source asks for is removed alike.
      return node.name.value === '__typename' && !node.alias ? null : undefined;
    },
  });
  return print(stripped);
}

/** sha256 (hex) of the canonical form of a document or of its source text. */
export function trustedDocumentHash(document: DocumentNode | string): string {
  const ast = typeof document === 'string' ? parse(document, { noLocation: true }) : document;
  return createHash('sha256').update(canonicalDocument(ast)).digest('hex');
}
