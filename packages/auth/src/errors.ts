// The one error type the auth calls throw, so screens can map it to a Portuguese message.
import type { AuthErrorKind } from './types';

export interface AuthErrorOptions {
  message?: string;
  status?: number;
  detail?: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
  cause?: unknown;
}

function defaultMessage(kind: AuthErrorKind, retryAfterSeconds?: number): string {
  switch (kind) {
    case 'invalid_credentials':
      return 'E-mail ou senha incorretos.';
    case 'rate_limited':
      return retryAfterSeconds !== undefined
        ? `Muitas tentativas. Tente novamente em ${retryAfterSeconds} segundos.`
        : 'Muitas tentativas. Aguarde um pouco e tente novamente.';
    case 'validation':
      return 'Verifique os dados informados.';
    case 'network':
      return 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
    case 'server':
      return 'O servidor não conseguiu atender o pedido. Tente novamente em instantes.';
  }
}

export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly kind: AuthErrorKind;
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** The server's own message (`detail`), when it sent one. */
  readonly detail?: string;
  /** Messages per field, for 400 answers that name fields. */
  readonly fieldErrors?: Record<string, string[]>;
  /** From the Retry-After header of a 429 answer. */
  readonly retryAfterSeconds?: number;

  constructor(kind: AuthErrorKind, options: AuthErrorOptions = {}) {
    super(
      options.message ?? options.detail ?? defaultMessage(kind, options.retryAfterSeconds),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
    if (options.detail !== undefined) this.detail = options.detail;
    if (options.fieldErrors !== undefined) this.fieldErrors = options.fieldErrors;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError;
}

/** Reads a body as JSON; undefined when empty or not JSON (an HTML 502 page, say). */
export async function readJsonBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
