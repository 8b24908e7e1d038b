// Reading GraphQL and network failures the way a person should hear about them (the storefront's
// shoppers and the dashboard's staff alike).
import type { ApolloError } from '@apollo/client';

export interface ServerFieldError {
  /** The input field the server blamed ('cpf', 'postalCode', ...) when it said. */
  field: string | null;
  code: string | null;
  message: string;
}

const CONNECTION_MESSAGE =
  'Não foi possível conectar à loja. Verifique sua conexão e tente novamente.';
const GENERIC_MESSAGE = 'Não foi possível concluir agora. Tente novamente em alguns instantes.';

/** The first error as a Portuguese message and, when the server named one, the field. */
export function readServerError(error: ApolloError | Error | null | undefined): ServerFieldError {
  if (!error) return { field: null, code: null, message: GENERIC_MESSAGE };
  const apollo = error as Partial<ApolloError>;
  const first = apollo.graphQLErrors?.[0];
  if (first) {
    const extensions = (first.extensions ?? {}) as Record<string, unknown>;
    const field = typeof extensions.field === 'string' ? extensions.field : null;
    const code = typeof extensions.code === 'string' ? extensions.code : null;
    // Messages from the API are written for people, in Portuguese; internal ones are not.
    const message = code === 'INTERNAL_SERVER_ERROR' || !code ? GENERIC_MESSAGE : first.message;
    return { field, code, message };
  }
  if (apollo.networkError) return { field: null, code: 'NETWORK', message: CONNECTION_MESSAGE };
  return { field: null, code: null, message: GENERIC_MESSAGE };
}

export function isNotFoundError(error: ApolloError | undefined): boolean {
  return error?.graphQLErrors.some((item) => item.extensions?.code === 'NOT_FOUND') ?? false;
}
