// The two-factor answer of the login (issue 15), in a module of its own: only the lazy
// responseErrors chunk (an error answer) and the dashboard's login screen use it, so it stays out
// of the storefront's first visit.
import { AuthError, type AuthErrorOptions } from './errors';
import type { TwoFactorChallenge } from './types';

/**
 * The login of an account with two-factor sign-in: the server answered 401 with
 * `two_factor: "required"` (send the code: login again with `otp`) or `"invalid"` (the code was
 * wrong). An AuthError of kind 'invalid_credentials' like any refused login, so callers that do not
 * know about two-factor still show its message (the server's detail).
 */
export class TwoFactorRequiredError extends AuthError {
  /** 'required': ask for the code; 'invalid': the code sent was wrong or already used. */
  readonly twoFactor: TwoFactorChallenge;

  constructor(twoFactor: TwoFactorChallenge, options: AuthErrorOptions = {}) {
    super('invalid_credentials', {
      ...options,
      ...(options.message === undefined && options.detail === undefined
        ? { message: defaultTwoFactorMessage(twoFactor) }
        : {}),
    });
    this.twoFactor = twoFactor;
  }
}

function defaultTwoFactorMessage(twoFactor: TwoFactorChallenge): string {
  return twoFactor === 'required'
    ? 'Informe o código de verificação do seu aplicativo autenticador.'
    : 'Código de verificação inválido. Tente novamente.';
}

export function isTwoFactorRequiredError(value: unknown): value is TwoFactorRequiredError {
  return value instanceof TwoFactorRequiredError;
}
