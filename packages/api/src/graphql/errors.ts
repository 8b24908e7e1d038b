// GraphQL errors with a stable `extensions.code` and a message a person can read (pt-BR).
import mercurius from 'mercurius';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  /** A service the answer depends on (say, the CEP look-up) did not answer; not the user's fault. */
  | 'SERVICE_UNAVAILABLE'
  /** A versioned save (productSave) of a record someone else changed since it was loaded. */
  | 'VERSION_CONFLICT'
  /** The store requires two-factor sign-in and the caller has not enrolled yet. */
  | 'TWO_FACTOR_SETUP_REQUIRED'
  /** A part of the contract whose resolver has not landed yet. */
  | 'NOT_IMPLEMENTED';

export class AppGraphQLError extends mercurius.ErrorWithProps {
  readonly code: ErrorCode;
  constructor(message: string, code: ErrorCode, extra: Record<string, unknown> = {}) {
    // HTTP 200 as per graphql-over-http: the code travels in extensions.
    super(message, { code, ...extra }, 200);
    this.code = code;
  }
}

export function unauthenticated(message = 'Faça login para continuar.'): AppGraphQLError {
  return new AppGraphQLError(message, 'UNAUTHENTICATED');
}

export function forbidden(message = 'Você não tem permissão para esta ação.'): AppGraphQLError {
  return new AppGraphQLError(message, 'FORBIDDEN');
}

export function badUserInput(message: string, field?: string): AppGraphQLError {
  return new AppGraphQLError(message, 'BAD_USER_INPUT', field ? { field } : {});
}

export function notFound(message = 'Não encontrado.'): AppGraphQLError {
  return new AppGraphQLError(message, 'NOT_FOUND');
}

/** Too many attempts: try again in `retryAfterSeconds` (also in extensions). */
export function rateLimited(retryAfterSeconds: number, message?: string): AppGraphQLError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds >= 120
      ? `${Math.ceil(seconds / 60)} minutos`
      : `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  return new AppGraphQLError(
    message ?? `Muitas tentativas. Tente novamente em ${wait}.`,
    'RATE_LIMITED',
    { retryAfterSeconds: seconds },
  );
}
