// Trusted documents (issue 11, item 2): in production an anonymous client runs only the app's own
// GraphQL documents, known at build time and listed by hash in trusted-documents.generated.ts
// (`npm run graphql:types` writes it, `npm run schema:check` fails while it is stale).
import { GraphQLError } from 'graphql';
import { trustedDocumentHash } from './trusted-document-hash';
import { TRUSTED_DOCUMENT_MAX_LENGTH, TRUSTED_DOCUMENTS } from './trusted-documents.generated';

/**
 * The longest source an anonymous client may send: the app's longest document in canonical form,
 * twice over (Apollo adds `__typename` to every selection set) and some. A longer one is refused
 * before it is even lexed, so a hostile 90 KB document costs no more than a lookup.
 */
export const ANONYMOUS_SOURCE_MAX_LENGTH = 2 * TRUSTED_DOCUMENT_MAX_LENGTH + 2048;

export const UNTRUSTED_DOCUMENT_CODE = 'PERSISTED_QUERY_NOT_FOUND';
export const UNTRUSTED_DOCUMENT_MESSAGE =
  'Consulta não permitida: sem login, só as consultas da própria loja são aceitas.';

/** Whether a document's source is one of the app's own (a syntax error is simply not). */
export function isTrustedSource(
  source: string,
  trusted: ReadonlyMap<string, string> = TRUSTED_DOCUMENTS,
): boolean {
  let hash: string;
  try {
    hash = trustedDocumentHash(source);
  } catch {
    return false;
  }
  return trusted.has(hash);
}

export function untrustedDocumentError(): GraphQLError {
  return new GraphQLError(UNTRUSTED_DOCUMENT_MESSAGE, {
    extensions: { code: UNTRUSTED_DOCUMENT_CODE },
  });
}
